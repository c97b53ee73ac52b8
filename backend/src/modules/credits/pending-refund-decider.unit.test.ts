import { REFUND_RETRY_DELAYS_MS, type PendingRefundEvent } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import type { CommandMeta } from '../../platform/decider';
import { given } from '../../testing/decider';
import { pendingRefundDecider } from './pending-refund-decider';

const ref = { userId: 'u-1', reference: 'sub-1' };
const meta: CommandMeta = { now: new Date('2026-03-01T10:00:00Z'), actor: 'system:refund-retry' };
const at = (ms: number) => new Date(meta.now.getTime() + ms).toISOString();
const pending: PendingRefundEvent = {
  type: 'RefundPending',
  data: { ...ref, reason: 'Refund: application failed', error: 'pool timeout', nextAttemptAt: at(5_000) },
};
const failed = (attempt: number, nextAttemptAt: string | null): PendingRefundEvent => ({
  type: 'RefundRetryFailed',
  data: { ...ref, attempt, error: 'pool timeout', nextAttemptAt, actor: meta.actor },
});

describe('pendingRefundDecider', () => {
  it('given nothing, when a refund fails, then it is pending with its first retry a few seconds away', () => {
    given(pendingRefundDecider)
      .when(
        { type: 'RecordPending', data: { ...ref, reason: 'Refund: application failed', error: 'pool timeout' } },
        meta,
      )
      .then([pending]);
  });

  it('given a pending refund, when the same refund fails again, then nothing new is owed', () => {
    given(pendingRefundDecider, pending)
      .when({ type: 'RecordPending', data: { ...ref, reason: 'again', error: 'x' } }, meta)
      .then([]);
  });

  it('given a pending refund, when a retry fails, then the next one waits longer', () => {
    given(pendingRefundDecider, pending)
      .when({ type: 'RecordRetryFailure', data: { ...ref, error: 'pool timeout' } }, meta)
      .then([failed(1, at(REFUND_RETRY_DELAYS_MS[1]))]);
  });

  it('given every automatic try used, when the last one fails, then it stays pending for an operator', () => {
    const n = REFUND_RETRY_DELAYS_MS.length;
    const history = [pending, ...Array.from({ length: n - 1 }, (_, i) => failed(i + 1, at(1000)))];
    given(pendingRefundDecider, ...history)
      .when({ type: 'RecordRetryFailure', data: { ...ref, error: 'pool timeout' } }, meta)
      .thenState((after, produced) => {
        expect(produced).toEqual([failed(n, null)]);
        expect(after.status).toBe('pending');
      });
  });

  it('given a pending refund, when it lands, then it is landed with the tries it took', () => {
    given(pendingRefundDecider, pending, failed(1, at(30_000)))
      .when({ type: 'RecordLanded', data: ref }, meta)
      .then([{ type: 'RefundLanded', data: { ...ref, attempts: 1, actor: meta.actor } }]);
  });

  it('given a landed refund, when it lands again or a late retry fails, then nothing changes', () => {
    const landed: PendingRefundEvent = { type: 'RefundLanded', data: { ...ref, attempts: 0, actor: meta.actor } };
    given(pendingRefundDecider, pending, landed).when({ type: 'RecordLanded', data: ref }, meta).then([]);
    given(pendingRefundDecider, pending, landed)
      .when({ type: 'RecordRetryFailure', data: { ...ref, error: 'late' } }, meta)
      .then([]);
  });
});
