import { eventTime } from '@fp/infra';
import { MAIL_EVENT_TYPES, optOutKey, type MailEvent, type MailOptOutEvent } from '@fp/contracts';
import type { Projection } from '@fp/projections';

/** mail_messages (every outgoing message and its delivery state) and mail_optouts. */
export const mailProjection: Projection = {
  name: 'mail',
  eventTypes: [...MAIL_EVENT_TYPES],
  tables: ['mail_messages', 'mail_optouts'],
  // Messages carry their HTML: smaller batches keep a rebuild's transactions modest.
  batchSize: 500,
  async apply(tx, events) {
    for (const e of events) {
      const ev = { type: e.type, data: e.data } as MailEvent | MailOptOutEvent;
      const at = eventTime(e);
      switch (ev.type) {
        case 'MailQueued': {
          const d = ev.data;
          await tx
            .insertInto('mail_messages')
            .values({
              id: d.messageId,
              to_email: d.to,
              user_id: d.userId,
              template: d.template,
              category: d.category,
              subject: d.subject,
              text_body: d.text,
              html_body: d.html,
              headers: JSON.stringify(d.headers),
              queued_at: at,
              next_attempt_at: at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'MailSent':
          await tx
            .updateTable('mail_messages')
            .set({ status: 'sent', attempts: ev.data.attempt, sent_at: at, last_error: null, locked_until: null })
            .where('id', '=', ev.data.messageId)
            .execute();
          break;
        case 'MailAttemptFailed':
          await tx
            .updateTable('mail_messages')
            .set({
              status: 'retrying',
              attempts: ev.data.attempt,
              last_error: ev.data.error,
              next_attempt_at: ev.data.retryAt,
              locked_until: null,
            })
            .where('id', '=', ev.data.messageId)
            .execute();
          break;
        case 'MailFailed':
          await tx
            .updateTable('mail_messages')
            .set({ status: 'failed', attempts: ev.data.attempt, last_error: ev.data.error, locked_until: null })
            .where('id', '=', ev.data.messageId)
            .execute();
          break;
        case 'MailUnsubscribed':
          await tx
            .insertInto('mail_optouts')
            .values({ email: ev.data.email, category: optOutKey(ev.data.category, ev.data.list), at })
            .onConflict((oc) => oc.columns(['email', 'category']).doNothing())
            .execute();
          break;
        case 'MailResubscribed':
          await tx
            .deleteFrom('mail_optouts')
            .where('email', '=', ev.data.email)
            .where('category', '=', optOutKey(ev.data.category, ev.data.list))
            .execute();
          break;
      }
    }
  },
};
