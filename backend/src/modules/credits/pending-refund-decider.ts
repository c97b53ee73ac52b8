import { REFUND_RETRY_DELAYS_MS, type PendingRefundEvent, type PendingRefundRef } from '@fp/contracts';
import type { CommandMeta, CommandOf, Decider } from '../../platform/decider';

export interface PendingRefundState {
  status: 'none' | 'pending' | 'landed';
  /** Tries after the first failure. */
  attempts: number;
}

export type PendingRefundCommand =
  | { type: 'RecordPending'; data: PendingRefundRef & { reason: string; error: string } }
  | { type: 'RecordRetryFailure'; data: PendingRefundRef & { error: string } }
  | { type: 'RecordLanded'; data: PendingRefundRef };

const later = (meta: CommandMeta, ms: number) => new Date(meta.now.getTime() + ms).toISOString();

/** A charge the ledger still owes back, from the first failed refund until it lands. */
export const pendingRefundDecider: Decider<PendingRefundState, PendingRefundCommand, PendingRefundEvent> = {
  initialState: () => ({ status: 'none', attempts: 0 }),
  evolve(state, event) {
    switch (event.type) {
      case 'RefundPending':
        return { status: 'pending', attempts: 0 };
      case 'RefundRetryFailed':
        return { ...state, attempts: event.data.attempt };
      case 'RefundLanded':
        return { ...state, status: 'landed' };
    }
  },
  decide(command, state, meta) {
    switch (command.type) {
      case 'RecordPending':
        return recordPending(command, state, meta);
      case 'RecordRetryFailure':
        return recordRetryFailure(command, state, meta);
      case 'RecordLanded':
        return recordLanded(command, state, meta);
    }
  },
};

function recordPending(
  command: CommandOf<PendingRefundCommand, 'RecordPending'>,
  state: PendingRefundState,
  meta: CommandMeta,
): PendingRefundEvent[] {
  // Recorded once: a second failure of the same refund is one more try, not a second debt.
  if (state.status !== 'none') return [];
  const { userId, reference, reason, error } = command.data;
  return [
    {
      type: 'RefundPending',
      data: { userId, reference, reason, error, nextAttemptAt: later(meta, REFUND_RETRY_DELAYS_MS[0]) },
    },
  ];
}

function recordRetryFailure(
  command: CommandOf<PendingRefundCommand, 'RecordRetryFailure'>,
  state: PendingRefundState,
  meta: CommandMeta,
): PendingRefundEvent[] {
  if (state.status !== 'pending') return [];
  const { userId, reference, error } = command.data;
  const attempt = state.attempts + 1;
  const delay = REFUND_RETRY_DELAYS_MS[attempt];
  return [
    {
      type: 'RefundRetryFailed',
      data: {
        userId,
        reference,
        attempt,
        error,
        nextAttemptAt: delay === undefined ? null : later(meta, delay),
        actor: meta.actor,
      },
    },
  ];
}

function recordLanded(
  command: CommandOf<PendingRefundCommand, 'RecordLanded'>,
  state: PendingRefundState,
  meta: CommandMeta,
): PendingRefundEvent[] {
  if (state.status !== 'pending') return [];
  const { userId, reference } = command.data;
  return [{ type: 'RefundLanded', data: { userId, reference, attempts: state.attempts, actor: meta.actor } }];
}
