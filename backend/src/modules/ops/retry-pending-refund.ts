import type { OpsRetryRefundResponse } from '@fp/contracts';
import type { CommandMeta } from '../../platform/decider';
import { DomainError } from '../../platform/decider';
import type { OpsContext } from './context';
import { withEmails } from './list-pending-refunds';

/**
 * An operator's "Retry now" on a pending refund: one more try at the ledger at once, recorded like
 * the background's (a failure counts as a try). Answers whether it landed and the refund as now listed.
 */
export async function retryPendingRefund(
  ctx: OpsContext,
  ref: { userId: string; reference: string },
  meta: CommandMeta,
): Promise<OpsRetryRefundResponse> {
  const r = await ctx.credits.retryPendingRefund(ref.userId, ref.reference, meta);
  if (!r) throw new DomainError('No pending refund with this reference', 404, 'not_found');
  // The list is a read model: wait (bounded) until it shows this try.
  await ctx.projections.waitFor(await ctx.store.head(), 5000).catch(() => undefined);
  const { pending, recentlyLanded } = await ctx.credits.pendingRefunds(ctx.clock.now(), ref);
  const [refund] = await withEmails(ctx, [...pending, ...recentlyLanded]);
  if (!refund) throw new DomainError('No pending refund with this reference', 404, 'not_found');
  return { landed: r.landed, refund };
}
