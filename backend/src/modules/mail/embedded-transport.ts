import type { Db } from '@fp/infra';
import type { MailPort, OutgoingMail } from './port';

/**
 * The embedded mail transport: "delivers" into the mail_inbox table, so a local install can read
 * every message it sent. Delivering one message twice keeps one copy, as a mail server would
 * de-duplicate by Message-ID.
 */
export function createEmbeddedTransport(db: Db): MailPort & { inbox(to?: string): Promise<OutgoingMail[]> } {
  return {
    kind: 'embedded',
    async send(mail) {
      if (!/^[^@\s<>]+@[^@\s<>]+$/.test(mail.to)) throw new Error(`Not an e-mail address: ${mail.to}`);
      await db
        .insertInto('mail_inbox')
        .values({
          message_id: mail.messageId,
          to_email: mail.to,
          from_email: mail.from,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          headers: JSON.stringify(mail.headers),
        })
        .onConflict((oc) => oc.column('message_id').doNothing())
        .execute();
      return { providerId: `<${mail.messageId}@embedded.fundflow.example>` };
    },
    async inbox(to) {
      let q = db.selectFrom('mail_inbox').selectAll().orderBy('received_at', 'desc');
      if (to) q = q.where(({ fn, eb }) => eb(fn('lower', ['to_email']), '=', to.toLowerCase()));
      const rows = await q.limit(500).execute();
      return rows.map((r) => ({
        messageId: r.message_id,
        from: r.from_email,
        to: r.to_email,
        subject: r.subject,
        text: r.text_body,
        html: r.html_body,
        headers: r.headers,
      }));
    },
  };
}
