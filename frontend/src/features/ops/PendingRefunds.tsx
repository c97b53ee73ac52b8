import { REFUND_RETRY_DELAYS_MS, type OpsPendingRefund } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, RotateCw } from 'lucide-react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Skeleton';
import { count, LoadError, when } from './OpsParts';
import { pendingRefundsQueryOptions, refundCredits, useOpsAccess, useRetryRefund } from './queries';

function NextTry({ r }: { r: OpsPendingRefund }) {
  if (r.status === 'landed') return <Badge variant="success">Refunded {when(r.landedAt)}</Badge>;
  if (r.nextAttemptAt === null) return <Badge variant="destructive">Retries used up: needs an operator</Badge>;
  return <Badge variant="warning">Next try {when(r.nextAttemptAt)}</Badge>;
}

function RefundRows({ rows, canRetry, label }: { rows: OpsPendingRefund[]; canRetry: boolean; label: string }) {
  const retry = useRetryRefund();
  const run = (r: OpsPendingRefund) => retry.mutate({ userId: r.user.id, reference: r.reference });
  // A list of cards rather than a wide table: the Retry button stays in view on a phone.
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {rows.map((r) => (
        <li
          key={`${r.user.id}:${r.reference}`}
          data-testid="pending-refund"
          className="flex flex-col gap-2 rounded-lg border border-border p-3 sm:flex-row sm:items-start sm:justify-between"
        >
          <div className="flex min-w-0 flex-col gap-1">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="break-all font-medium">{r.user.email ?? r.user.id}</span>
              <span className="tabular-nums">{refundCredits(r.credits)}</span>
            </p>
            <p className="text-sm">{r.reason}</p>
            <p className="break-all text-xs text-muted-foreground">Reference {r.reference}</p>
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <NextTry r={r} />
              <span>Since {when(r.createdAt)}</span>
              <span>
                {count(r.attempts)} {r.attempts === 1 ? 'retry' : 'retries'}
              </span>
            </div>
            {r.status === 'pending' ? (
              <p className="break-words text-xs text-muted-foreground">Last error: {r.lastError}</p>
            ) : null}
          </div>
          {canRetry && r.status === 'pending' ? (
            <Button
              size="sm"
              variant="outline"
              className="self-start"
              disabled={retry.isPending}
              onClick={() => run(r)}
              aria-label={`Retry the refund to ${r.user.email ?? r.user.id} now`}
            >
              <RotateCw className="size-4" aria-hidden="true" />
              {retry.isPending && retry.variables?.reference === r.reference ? 'Retrying...' : 'Retry now'}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
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
              <RefundRows rows={refunds.data.pending} canRetry={admin} label="Pending refunds" />
            )}
            {refunds.data.recentlyLanded.length ? (
              <section aria-label="Landed in the last 7 days" className="flex flex-col gap-2">
                <h3 className="text-sm font-medium">Landed in the last 7 days</h3>
                <RefundRows rows={refunds.data.recentlyLanded} canRetry={false} label="Refunds landed lately" />
              </section>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
