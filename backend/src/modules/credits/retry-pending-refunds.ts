import { pendingRefundStream, type PendingRefundRef, type RefundPending } from '@fp/contracts';
import { foldEvents, handleCommand, type CommandMeta } from '../../platform/decider';
import type { CreditsServiceContext } from './context';
import { errorText } from './give-back-credits';
import { pendingRefundDecider } from './pending-refund-decider';
import { refundCredits } from './refund-credits';

const REFUND_RETRY_ACTOR = 'system:refund-retry';
/** Pending refunds tried per sweep; the rest wait for the next one. */
const SWEEP_LIMIT = 50;

/**
 * One more try at a pending refund (the background retry's, or an operator's). The ledger refunds
 * a reference at most once, so a refund that did land before its failure was reported (a lost
 * connection after the commit) is recorded as landed without giving anything twice.
 * Answers whether it has landed; null when no refund is pending under this reference.
 */
export async function retryPendingRefund(
  ctx: Pick<CreditsServiceContext, 'queue' | 'store'>,
  ref: PendingRefundRef,
  meta: CommandMeta,
): Promise<{ landed: boolean } | null> {
  const { events } = await ctx.store.readStream(pendingRefundStream(ref));
  const state = foldEvents(pendingRefundDecider, events);
  if (state.status === 'none') return null;
  if (state.status === 'landed') return { landed: true };
  const reason = (events[0]!.data as RefundPending['data']).reason;
  try {
    await refundCredits(ctx, ref.userId, ref.reference, reason, meta);
  } catch (err) {
    await handleCommand(
      ctx.store,
      pendingRefundStream(ref),
      pendingRefundDecider,
      { type: 'RecordRetryFailure', data: { ...ref, error: errorText(err) } },
      meta,
    );
    return { landed: false };
  }
  await handleCommand(
    ctx.store,
    pendingRefundStream(ref),
    pendingRefundDecider,
    { type: 'RecordLanded', data: ref },
    meta,
  );
  return { landed: true };
}

/** Tries every pending refund whose next try is due; answers how many landed. */
export async function retryDueRefunds(ctx: Pick<CreditsServiceContext, 'queue' | 'store' | 'db'>, now: Date) {
  const due = await ctx.db
    .selectFrom('credit_pending_refunds')
    .select(['user_id', 'reference'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(SWEEP_LIMIT)
    .execute();
  let landed = 0;
  for (const r of due as { user_id: string; reference: string }[]) {
    const meta = { now, actor: REFUND_RETRY_ACTOR };
    // One refund's failure to record its try must not stop the others'.
    const done = await retryPendingRefund(ctx, { userId: r.user_id, reference: r.reference }, meta).catch(() => null);
    if (done?.landed) landed++;
  }
  return landed;
}

/** The background retry: a sweep every `pollMs` (never two at once in one process). Returns a stopper. */
export function startRefundRetry(sweep: () => Promise<number>, pollMs: number, log: (m: string) => void) {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweep()
      .then((n) => {
        if (n) log(`[credits] ${n} pending refund(s) landed`);
      })
      .catch((err) => log(`[credits] pending refund sweep failed: ${errorText(err)}`))
      .finally(() => (running = null));
  }, pollMs);
  timer.unref?.();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
