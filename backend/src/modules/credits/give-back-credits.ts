import { pendingRefundStream, type PendingRefundRef } from '@fp/contracts';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import type { CommandResult } from './command-queue';
import type { CreditsServiceContext } from './context';
import { pendingRefundDecider } from './pending-refund-decider';
import { refundCredits } from './refund-credits';

/** Landed on the ledger now, or recorded as a pending refund that the background retry lands later. */
export type RefundOutcome = { landed: true; result: CommandResult } | { landed: false; error: string };

/** Tries at recording the pending refund itself (the database that refused the refund may refuse this too). */
const RECORD_TRIES = 4;
const RECORD_BACKOFF_MS = 250;

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * Gives back what a reference was charged and never drops it: when the ledger's refund fails, a
 * pending refund is recorded (an event, so the debt is in the log) and the background retry
 * (`retry-pending-refunds.ts`) keeps trying until it lands. Throws only when even that record
 * could not be written, so the caller's own retry (a workflow step) still has its turn.
 */
export async function giveBackCredits(
  ctx: Pick<CreditsServiceContext, 'queue' | 'store'>,
  userId: string,
  reference: string,
  reason: string,
  meta: CommandMeta,
): Promise<RefundOutcome> {
  try {
    return { landed: true, result: await refundCredits(ctx, userId, reference, reason, meta) };
  } catch (err) {
    const error = errorText(err);
    await recordPending(ctx, { userId, reference }, reason, error, meta, err);
    return { landed: false, error };
  }
}

async function recordPending(
  ctx: Pick<CreditsServiceContext, 'store'>,
  ref: PendingRefundRef,
  reason: string,
  error: string,
  meta: CommandMeta,
  cause: unknown,
) {
  for (let tries = 1; ; tries++) {
    try {
      await handleCommand(
        ctx.store,
        pendingRefundStream(ref),
        pendingRefundDecider,
        { type: 'RecordPending', data: { ...ref, reason, error } },
        meta,
      );
      return;
    } catch {
      if (tries >= RECORD_TRIES) throw cause;
      await new Promise((r) => setTimeout(r, RECORD_BACKOFF_MS * 2 ** (tries - 1)));
    }
  }
}
