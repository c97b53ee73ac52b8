import {
  optOutKey,
  type MailAttemptFailed,
  type MailCategory,
  type MailEvent,
  type MailFailed,
  type MailOptOutEvent,
  type MailQueued,
  type MailSent,
} from '@fp/contracts';
import { DomainError, type Decider } from '../../platform/decider';

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
        if (state.status !== 'new') return [];
        return [{ type: 'MailQueued', data: command.mail }];
      case 'RecordDelivery': {
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
      case 'RecordFailure': {
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
    }
  },
};

/**
 * An address's opt-outs, per category or per list inside one (`optOutKey`: one founder's investor
 * updates): unsubscribing twice records nothing new, nor does undoing twice.
 */
export type OptOutCommand =
  | { type: 'Unsubscribe'; email: string; category: MailCategory; list?: string }
  | { type: 'Resubscribe'; email: string; category: MailCategory; list?: string };

export const optOutDecider: Decider<Set<string>, OptOutCommand, MailOptOutEvent> = {
  initialState: () => new Set(),
  evolve(state, event) {
    const key = optOutKey(event.data.category, event.data.list);
    switch (event.type) {
      case 'MailUnsubscribed':
        return new Set([...state, key]);
      case 'MailResubscribed':
        return new Set([...state].filter((c) => c !== key));
    }
  },
  decide(command, state) {
    if (command.category === 'account')
      throw new DomainError('Account e-mails cannot be unsubscribed from', 400, 'invalid');
    const data = command.list
      ? { email: command.email, category: command.category, list: command.list }
      : { email: command.email, category: command.category };
    const key = optOutKey(command.category, command.list);
    switch (command.type) {
      case 'Unsubscribe':
        return state.has(key) ? [] : [{ type: 'MailUnsubscribed', data }];
      case 'Resubscribe':
        return state.has(key) ? [{ type: 'MailResubscribed', data }] : [];
    }
  },
};
