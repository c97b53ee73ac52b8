import { z } from 'zod';

/** GET /api/mailbox (admin) */
export const MailboxQuery = z.strictObject({
  to: z.string().trim().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
/** How the app sends mail: its own embedded outbox (read on /mailbox) or an SMTP server. */
export type MailTransportKind = 'embedded' | 'smtp';
/** A message's delivery state (the mail job's run). */
export const MAIL_STATUSES = ['queued', 'retrying', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const MailboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  template: z.string(),
  category: z.enum(['account', 'notification']),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailboxMessage = z.infer<typeof MailboxMessage>;
export const MailboxMessageDetail = MailboxMessage.extend({
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()),
});
export type MailboxMessageDetail = z.infer<typeof MailboxMessageDetail>;

/**
 * /api/mail/unsubscribe (public; the signed token from the e-mail's link is the credential):
 * GET ?token= reads the address's state, POST unsubscribes, DELETE undoes it.
 */
export const UnsubscribeRequest = z.strictObject({ token: z.string().min(10).max(500) });
export const UnsubscribeState = z.object({
  email: z.string(),
  category: z.enum(['account', 'notification']),
  /** A narrower list (one founder's investor updates) and the sender it names, or null for all notifications. */
  list: z.string().nullable(),
  listName: z.string().nullable(),
  unsubscribed: z.boolean(),
});
export type UnsubscribeState = z.infer<typeof UnsubscribeState>;

/**
 * The operator mailbox's routes (merged into `ApiContract`). The unsubscribe page's calls carry no
 * session (the e-mailed token is the credential) and fetch /api/mail/unsubscribe themselves.
 */
export interface MailApi {
  mailbox: {
    GET: {
      query: z.input<typeof MailboxQuery>;
      response: { transport: MailTransportKind; messages: MailboxMessage[] };
    };
  };
  mailboxMessage: { GET: { response: MailboxMessageDetail } };
}
