import type { MailAttemptFailed, MailEvent, MailFailed, MailQueued, MailSent } from '@fp/contracts';
import { DomainError, type CommandMeta, type CommandOf, type Decider } from '../../platform/decider';

/** Tries in all before a message is given up (transport down for longer than the backoff covers). */
export const MAX_MAIL_ATTEMPTS = 6;
/** Backoff after the n-th failed try: 5 s, 20 s, 80 s, 5 min, 20 min. */
export const mailBackoffMs = (failedTries: number) => Math.min(5000 * 4 ** (failedTries - 1), 20 * 60_000);

export interface MailState {
  status: 'new' | 'queued' | 'sent' | 'failed';
  attempts: number;
}

export type MailCommand =
  | { type: 'QueueMail'; mail: MailQueued['data'] }
  | { type: 'RecordDelivery'; messageId: string; transport: string; providerId: string }
  | { type: 'RecordFailure'; messageId: string; error: string };

/** One message: queued once, then tried until sent or given up. Late reports of a finished message change nothing. */
export const mailDecider: Decider<MailState, MailCommand, MailEvent> = {
  initialState: () => ({ status: 'new', attempts: 0 }),
  evolve(state, event) {
    switch (event.type) {
      case 'MailQueued':
        return { status: 'queued', attempts: 0 };
      case 'MailSent':
        return { status: 'sent', attempts: event.data.attempt };
      case 'MailAttemptFailed':
        return { status: 'queued', attempts: event.data.attempt };
      case 'MailFailed':
        return { status: 'failed', attempts: event.data.attempt };
    }
  },
  decide(command, state, meta) {
    switch (command.type) {
      case 'QueueMail':
        return queueMail(command, state);
      case 'RecordDelivery':
        return recordDelivery(command, state);
      case 'RecordFailure':
        return recordFailure(command, state, meta);
    }
  },
};

type Command<T extends MailCommand['type']> = CommandOf<MailCommand, T>;

function queueMail(command: Command<'QueueMail'>, state: MailState): MailEvent[] {
  if (state.status !== 'new') return [];
  return [{ type: 'MailQueued', data: command.mail }];
}

function recordDelivery(command: Command<'RecordDelivery'>, state: MailState): MailEvent[] {
  if (state.status === 'new') throw new DomainError('No such message', 404, 'not_found');
  if (state.status !== 'queued') return [];
  const sent: MailSent = {
    type: 'MailSent',
    data: {
      messageId: command.messageId,
      attempt: state.attempts + 1,
      transport: command.transport,
      providerId: command.providerId,
    },
  };
  return [sent];
}

function recordFailure(command: Command<'RecordFailure'>, state: MailState, meta: CommandMeta): MailEvent[] {
  if (state.status === 'new') throw new DomainError('No such message', 404, 'not_found');
  if (state.status !== 'queued') return [];
  const attempt = state.attempts + 1;
  if (attempt >= MAX_MAIL_ATTEMPTS) {
    const failed: MailFailed = {
      type: 'MailFailed',
      data: { messageId: command.messageId, attempt, error: command.error },
    };
    return [failed];
  }
  const retryAt = new Date(meta.now.getTime() + mailBackoffMs(attempt)).toISOString();
  const again: MailAttemptFailed = {
    type: 'MailAttemptFailed',
    data: { messageId: command.messageId, attempt, error: command.error, retryAt },
  };
  return [again];
}
