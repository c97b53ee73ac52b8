import { formatUsd, type Purchase } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, ReceiptText } from 'lucide-react';
import { Badge, type BadgeVariant } from '../../ui/Badge';
import { buttonVariants } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Skeleton } from '../../ui/Skeleton';
import { purchasesQueryOptions } from './queries';

const STATUS: Record<Purchase['status'], { label: string; variant: BadgeVariant }> = {
  paid: { label: 'Paid', variant: 'success' },
  partially_refunded: { label: 'Partially refunded', variant: 'warning' },
  refunded: { label: 'Refunded', variant: 'warning' },
  disputed: { label: 'Disputed', variant: 'destructive' },
};

/** What a reversed payment left owed, shown above everything else on /credits while it lasts. */
export function OwedNotice() {
  const { data } = useQuery(purchasesQueryOptions());
  if (!data?.owed) return null;
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-warning/40 bg-warning/10 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <span>
          A refunded or disputed payment left{' '}
          <strong data-testid="credits-owed">{data.owed.toLocaleString('en-US')}</strong>{' '}
          {data.owed === 1 ? 'credit' : 'credits'} owed. New applications and exports wait until a purchase covers{' '}
          {data.owed === 1 ? 'it' : 'them'}.
        </span>
      </p>
      <Link to="/pricing" className={buttonVariants({ size: 'sm' })}>
        Buy Credits
      </Link>
    </div>
  );
}

/** /credits: every purchase is its receipt (number, product, credits, amount, date, status). */
export function PurchasesCard() {
  const { data, isPending, isError, error } = useQuery(purchasesQueryOptions());
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ReceiptText className="size-5" aria-hidden="true" />
          Purchases and receipts
        </CardTitle>
        <CardDescription>Each purchase's receipt was also sent to your e-mail.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : isError ? (
          <p className="text-sm text-destructive">{error.message}</p>
        ) : data.purchases.length === 0 ? (
          <p className="text-sm text-muted-foreground">No purchases yet.</p>
        ) : (
          <ul className="flex flex-col divide-y" aria-label="Purchases">
            {data.purchases.map((p) => (
              <li
                key={p.paymentId}
                id={`receipt-${p.paymentId}`}
                data-testid="purchase-row"
                className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-medium">{p.product}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {new Date(p.purchasedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })} · Receipt{' '}
                    {p.paymentId}
                  </p>
                </div>
                <div className="flex items-center gap-3 text-sm">
                  <span className="tabular-nums">{p.amountPaid !== null ? formatUsd(p.amountPaid) : '—'}</span>
                  <span className="tabular-nums text-muted-foreground">
                    {p.credits.toLocaleString('en-US')} credits
                  </span>
                  <Badge variant={STATUS[p.status].variant}>{STATUS[p.status].label}</Badge>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
