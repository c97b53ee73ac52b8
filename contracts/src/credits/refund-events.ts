/**
 * A refund the ledger did not take at once: stream `pending-refund-<userId>:<reference>`, one per
 * charge to give back. It is written when the ledger's refund fails, so the debt to the founder is
 * in the log; a background retry (and an operator) keep trying until `RefundLanded`.
 */
export interface PendingRefundRef {
  userId: string;
  /** The charge's reference on the ledger (submission attempt, angel export…). */
  reference: string;
}
export type RefundPending = {
  type: 'RefundPending';
  data: PendingRefundRef & { reason: string; error: string; nextAttemptAt: string };
};
/** A retry that failed: `nextAttemptAt` null means the automatic tries are used up (an operator's turn). */
type RefundRetryFailed = {
  type: 'RefundRetryFailed';
  data: PendingRefundRef & { attempt: number; error: string; nextAttemptAt: string | null; actor: string };
};
export type RefundLanded = { type: 'RefundLanded'; data: PendingRefundRef & { attempts: number; actor: string } };
export type PendingRefundEvent = RefundPending | RefundRetryFailed | RefundLanded;
export const PENDING_REFUND_EVENT_TYPES = ['RefundPending', 'RefundRetryFailed', 'RefundLanded'] as const;
const PENDING_REFUND_STREAM_PREFIX = 'pending-refund-';
export const pendingRefundStream = (r: PendingRefundRef) => `${PENDING_REFUND_STREAM_PREFIX}${r.userId}:${r.reference}`;
/**
 * How long the background retry waits before each try after the first failure: about an hour and
 * three quarters in all, then the refund stays pending for an operator (a fault that outlives this
 * is not transient). Its length is the number of automatic tries.
 */
export const REFUND_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000] as const;
