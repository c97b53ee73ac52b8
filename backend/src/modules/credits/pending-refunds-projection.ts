import { PENDING_REFUND_EVENT_TYPES, type PendingRefundEvent } from '@fp/contracts';
import { eventTime } from '@fp/infra';
import type { Projection } from '@fp/projections';

/** credit_pending_refunds: one row per refund that failed once, until (and after) it lands. */
export const pendingRefundsProjection: Projection = {
  name: 'credit-pending-refunds',
  eventTypes: [...PENDING_REFUND_EVENT_TYPES],
  tables: ['credit_pending_refunds'],
  async apply(tx, events) {
    for (const e of events) {
      const ev = { type: e.type, data: e.data } as PendingRefundEvent;
      const key = (q: any) => q.where('user_id', '=', ev.data.userId).where('reference', '=', ev.data.reference);
      switch (ev.type) {
        case 'RefundPending':
          await tx
            .insertInto('credit_pending_refunds')
            .values({
              user_id: ev.data.userId,
              reference: ev.data.reference,
              reason: ev.data.reason,
              status: 'pending',
              attempts: 0,
              last_error: ev.data.error,
              next_attempt_at: new Date(ev.data.nextAttemptAt),
              created_at: new Date(eventTime(e)),
            })
            .onConflict((oc) => oc.columns(['user_id', 'reference']).doNothing())
            .execute();
          break;
        case 'RefundRetryFailed':
          await key(tx.updateTable('credit_pending_refunds'))
            .set({
              attempts: ev.data.attempt,
              last_error: ev.data.error,
              next_attempt_at: ev.data.nextAttemptAt ? new Date(ev.data.nextAttemptAt) : null,
            })
            .execute();
          break;
        case 'RefundLanded':
          await key(tx.updateTable('credit_pending_refunds'))
            .set({
              status: 'landed',
              attempts: ev.data.attempts,
              next_attempt_at: null,
              landed_at: new Date(eventTime(e)),
            })
            .execute();
          break;
      }
    }
  },
};
