import type { MailTransportKind } from '@fp/contracts';

/** One rendered message as a transport sends it. */
export interface OutgoingMail {
  /** Our id; also the Message-ID's local part, so a message sent twice after a crash is recognisable. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: Record<string, string>;
}

/**
 * The e-mail port. The embedded default keeps every delivered message in Postgres (mail_inbox,
 * read on /mailbox and by `cli mail list`); SMTP (nodemailer) is used when SMTP_URL is set. Both
 * pass backend/test/mail.contract.ts. `send` throws when the message was not accepted: the
 * delivery job tries again later.
 */
export interface MailPort {
  readonly kind: MailTransportKind;
  send(mail: OutgoingMail): Promise<{ providerId: string }>;
  close?(): Promise<void>;
}
