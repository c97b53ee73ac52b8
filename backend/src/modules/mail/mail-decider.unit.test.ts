import type { MailEvent, MailQueued } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/decider';
import { DEFAULT_META, given } from '../../testing/decider';
import { MAX_MAIL_ATTEMPTS, mailDecider } from './mail-decider';

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
