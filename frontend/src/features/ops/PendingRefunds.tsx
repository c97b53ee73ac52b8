import { REFUND_RETRY_DELAYS_MS, type OpsPendingRefund } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, RotateCw } from 'lucide-react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';
import { toast } from '../../ui/toast';
import { count, LoadError, when } from './OpsParts';
import { pendingRefundsQueryOptions, useOpsAccess, useRetryRefund } from './queries';

const credits = (n: number | null) => (n === null ? '—' : `${count(n)} credit${n === 1 ? '' : 's'}`);

function NextTry({ r }: { r: OpsPendingRefund }) {
  if (r.status === 'landed') return <Badge variant="success">Refunded {when(r.landedAt)}</Badge>;
  if (r.nextAttemptAt === null) return <Badge variant="destructive">Retries used up: needs an operator</Badge>;
  return <Badge variant="warning">Next try {when(r.nextAttemptAt)}</Badge>;
}

function RefundRows({ rows, canRetry }: { rows: OpsPendingRefund[]; canRetry: boolean }) {
  const retry = useRetryRefund();
  const run = (r: OpsPendingRefund) =>
    retry.mutate(
      { userId: r.user.id, reference: r.reference },
      {
        onSuccess: (a) =>
          a.landed
            ? toast({
                title: 'Refund landed',
                description: `${credits(a.refund.credits)} back to ${a.refund.user.email ?? a.refund.user.id}`,
                variant: 'success',
              })
            : toast({ title: 'The refund failed again', description: a.refund.lastError, variant: 'destructive' }),
        onError: (e) => toast({ title: 'Could not retry the refund', description: e.message, variant: 'destructive' }),
      },
    );
  return (
    <Table aria-label="Pending refunds" className="min-w-[52rem]">
      <TableHeader>
        <TableRow>
          <TableHead>Founder</TableHead>
          <TableHead className="text-right">Credits</TableHead>
          <TableHead>Reason</TableHead>
          <TableHead>Since</TableHead>
          <TableHead className="text-right">Tries</TableHead>
          <TableHead>Last error</TableHead>
          <TableHead>Status</TableHead>
          {canRetry ? (
            <TableHead>
              <span className="sr-only">Retry</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={`${r.user.id}:${r.reference}`} data-testid="pending-refund">
            <TableCell className="whitespace-nowrap">{r.user.email ?? r.user.id}</TableCell>
            <TableCell className="text-right tabular-nums whitespace-nowrap">{credits(r.credits)}</TableCell>
            <TableCell className="min-w-40">
              {r.reason}
              <span className="block break-all text-xs text-muted-foreground">{r.reference}</span>
            </TableCell>
            <TableCell className="whitespace-nowrap">{when(r.createdAt)}</TableCell>
            <TableCell className="text-right tabular-nums">{count(r.attempts)}</TableCell>
            <TableCell className="min-w-40 break-words text-xs text-muted-foreground">{r.lastError}</TableCell>
            <TableCell>
              <NextTry r={r} />
            </TableCell>
            {canRetry ? (
              <TableCell className="text-right">
                {r.status === 'pending' ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={retry.isPending}
                    onClick={() => run(r)}
                    aria-label={`Retry the refund to ${r.user.email ?? r.user.id} now`}
                  >
                    <RotateCw className="size-4" aria-hidden="true" />
                    {retry.isPending && retry.variables?.reference === r.reference ? 'Retrying...' : 'Retry now'}
                  </Button>
                ) : null}
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * Refunds the ledger did not take at once: owed to founders, retried in the background with
 * growing waits, then left for an operator, who can try one again here.
 */
export function PendingRefunds() {
  const refunds = useQuery(pendingRefundsQueryOptions());
  const { admin } = useOpsAccess();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pending refunds</CardTitle>
        <CardDescription>
          Refunds the ledger could not take at once. Each is tried again in the background until it lands; after{' '}
          {REFUND_RETRY_DELAYS_MS.length} failed tries it waits for an operator.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {refunds.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : refunds.isError ? (
          <LoadError error={refunds.error} who="administrators and auditors" what="pending refunds" />
        ) : (
          <>
            {refunds.data.pending.length === 0 ? (
              <EmptyState
                icon={<CheckCircle2 />}
                title="No refund is pending"
                description="Every refund has reached the ledger."
              />
            ) : (
              <RefundRows rows={refunds.data.pending} canRetry={admin} />
            )}
            {refunds.data.recentlyLanded.length ? (
              <section aria-label="Landed in the last 7 days" className="flex flex-col gap-2">
                <h3 className="text-sm font-medium">Landed in the last 7 days</h3>
                <RefundRows rows={refunds.data.recentlyLanded} canRetry={false} />
              </section>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
