import type { MailEvent, MailOptOutEvent, MailQueued } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/decider';
import { DEFAULT_META, given } from '../../testing/decider';
import { MAX_MAIL_ATTEMPTS, mailDecider, optOutDecider } from './decider';

const mail: MailQueued['data'] = {
  messageId: 'm1',
  to: 'ada@example.com',
  userId: 'u1',
  template: 'verify-email',
  category: 'account',
  subject: 'Verify',
  text: 't',
  html: '<p>t</p>',
  headers: {},
};
const queued: MailEvent = { type: 'MailQueued', data: mail };
const failedTry = (attempt: number): MailEvent => ({
  type: 'MailAttemptFailed',
  data: { messageId: 'm1', attempt, error: 'down', retryAt: 'x' },
});

describe('mail decider', () => {
  it('queues a message once', () => {
    given(mailDecider).when({ type: 'QueueMail', mail }).then([queued]);
    given(mailDecider, queued).when({ type: 'QueueMail', mail }).then([]);
  });

  it('records the delivery with the number of the try', () => {
    given(mailDecider, queued, failedTry(1))
      .when({ type: 'RecordDelivery', messageId: 'm1', transport: 'smtp', providerId: '<p1>' })
      .then([{ type: 'MailSent', data: { messageId: 'm1', attempt: 2, transport: 'smtp', providerId: '<p1>' } }]);
  });

  it('a second delivery report of a sent message changes nothing', () => {
    const sent: MailEvent = {
      type: 'MailSent',
      data: { messageId: 'm1', attempt: 1, transport: 'embedded', providerId: 'p' },
    };
    given(mailDecider, queued, sent)
      .when({ type: 'RecordDelivery', messageId: 'm1', transport: 'embedded', providerId: 'p' })
      .then([]);
    given(mailDecider, queued, sent).when({ type: 'RecordFailure', messageId: 'm1', error: 'late' }).then([]);
  });

  it('a failed try schedules the next one with backoff', () => {
    given(mailDecider, queued)
      .when({ type: 'RecordFailure', messageId: 'm1', error: 'ECONNREFUSED' })
      .then([
        {
          type: 'MailAttemptFailed',
          data: {
            messageId: 'm1',
            attempt: 1,
            error: 'ECONNREFUSED',
            retryAt: new Date(DEFAULT_META.now.getTime() + 5000).toISOString(),
          },
        },
      ]);
  });

  it('the last allowed try failing gives the message up', () => {
    const history = Array.from({ length: MAX_MAIL_ATTEMPTS - 1 }, (_, i) => failedTry(i + 1));
    given(mailDecider, queued, ...history)
      .when({ type: 'RecordFailure', messageId: 'm1', error: 'still down' })
      .then([{ type: 'MailFailed', data: { messageId: 'm1', attempt: MAX_MAIL_ATTEMPTS, error: 'still down' } }]);
  });

  it('reports about an unknown message are refused', () => {
    given(mailDecider)
      .when({ type: 'RecordDelivery', messageId: 'x', transport: 'smtp', providerId: 'p' })
      .thenThrows(DomainError, 'No such message');
  });
});

describe('opt-out decider', () => {
  const who = { email: 'ada@example.com', category: 'notification' as const };
  const out: MailOptOutEvent = { type: 'MailUnsubscribed', data: who };
  const back: MailOptOutEvent = { type: 'MailResubscribed', data: who };

  it('given nothing, unsubscribing records the opt-out', () => {
    given(optOutDecider)
      .when({ type: 'Unsubscribe', ...who })
      .then([out]);
  });

  it("given an opt-out, unsubscribing again records nothing (a second click, a mail client's one-click POST)", () => {
    given(optOutDecider, out)
      .when({ type: 'Unsubscribe', ...who })
      .then([]);
  });

  it('given an opt-out, undo records the resubscription and the state has no opt-out left', () => {
    given(optOutDecider, out)
      .when({ type: 'Resubscribe', ...who })
      .then([back]);
    given(optOutDecider, out)
      .when({ type: 'Resubscribe', ...who })
      .thenState((state) => expect(state.has('notification')).toBe(false));
  });

  it('given no opt-out (never, or already undone), undo records nothing', () => {
    given(optOutDecider)
      .when({ type: 'Resubscribe', ...who })
      .then([]);
    given(optOutDecider, out, back)
      .when({ type: 'Resubscribe', ...who })
      .then([]);
  });

  it('given an undone opt-out, unsubscribing again records it again', () => {
    given(optOutDecider, out, back)
      .when({ type: 'Unsubscribe', ...who })
      .then([out]);
  });

  it('refuses to opt out of account e-mails (verification, password reset, receipts)', () => {
    given(optOutDecider)
      .when({ type: 'Unsubscribe', email: who.email, category: 'account' })
      .thenThrows(DomainError, 'Account e-mails cannot be unsubscribed from');
    given(optOutDecider)
      .when({ type: 'Resubscribe', email: who.email, category: 'account' })
      .thenThrows(DomainError, 'Account e-mails cannot be unsubscribed from');
  });

  it("keeps a list's opt-out (one founder's updates) apart from the whole category and from other lists", () => {
    const list = 'investor-updates:u1';
    const listOut = {
      type: 'MailUnsubscribed' as const,
      data: { email: who.email, category: 'notification' as const, list },
    };
    given(optOutDecider)
      .when({ type: 'Unsubscribe', email: who.email, category: 'notification', list })
      .then([listOut]);
    given(optOutDecider, listOut)
      .when({ type: 'Unsubscribe', email: who.email, category: 'notification', list })
      .then([]);
    given(optOutDecider, listOut)
      .when({ type: 'Unsubscribe', ...who })
      .then([out]);
    given(optOutDecider, listOut)
      .when({ type: 'Unsubscribe', email: who.email, category: 'notification', list: 'investor-updates:u2' })
      .thenState((state) => {
        expect([...state].sort()).toEqual(['notification:investor-updates:u1', 'notification:investor-updates:u2']);
      });
    given(optOutDecider, out).when({ type: 'Resubscribe', email: who.email, category: 'notification', list }).then([]);
  });
});
