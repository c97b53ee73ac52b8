/**
 * Events of outgoing e-mail: stream `mail-<messageId>` (one per message), and `mail-optout-<hash>`
 * for an address's unsubscribes. The message is rendered when it is queued, so what the log holds
 * is exactly what was (or will be) sent.
 */
export type MailCategory = 'account' | 'notification';
export type MailQueued = {
  type: 'MailQueued';
  data: {
    messageId: string;
    to: string;
    userId: string | null;
    template: string;
    category: MailCategory;
    subject: string;
    text: string;
    html: string;
    headers: Record<string, string>;
  };
};
export type MailSent = {
  type: 'MailSent';
  data: { messageId: string; attempt: number; transport: string; providerId: string };
};
/** A try that failed; another follows at `retryAt`. */
export type MailAttemptFailed = {
  type: 'MailAttemptFailed';
  data: { messageId: string; attempt: number; error: string; retryAt: string };
};
/** The last try failed: the message is not tried again. */
export type MailFailed = { type: 'MailFailed'; data: { messageId: string; attempt: number; error: string } };
/**
 * `list`: a narrower list inside the category (one founder's investor updates, `investor-updates:<userId>`);
 * absent for the category as a whole.
 */
type MailUnsubscribed = {
  type: 'MailUnsubscribed';
  data: { email: string; category: MailCategory; list?: string };
};
/** The address took its unsubscribe back (the page's Undo): its notifications are sent again. */
type MailResubscribed = {
  type: 'MailResubscribed';
  data: { email: string; category: MailCategory; list?: string };
};
/** What an opt-out is stored under (mail_optouts.category): the category, or `<category>:<list>` for a narrower list. */
export const optOutKey = (category: MailCategory, list?: string | null) => (list ? `${category}:${list}` : category);
export type MailOptOutEvent = MailUnsubscribed | MailResubscribed;
export type MailEvent = MailQueued | MailSent | MailAttemptFailed | MailFailed;
export const MAIL_EVENT_TYPES = [
  'MailQueued',
  'MailSent',
  'MailAttemptFailed',
  'MailFailed',
  'MailUnsubscribed',
  'MailResubscribed',
] as const;
export const mailStream = (messageId: string) => `mail-${messageId}`;
