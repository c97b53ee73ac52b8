import type { AppContext } from '../../platform/context';
import type { MailPort } from './port';

/** What mail needs from outside, passed by the composition root. */
export interface MailDeps {
  ctx: AppContext;
  /** The transport the composition root picked (embedded mailbox, or SMTP when SMTP_URL is set). */
  transport: MailPort;
  /** How often the delivery job looks for due messages (ms). */
  pollMs?: number;
}

/** What the mail service's use cases receive: the platform and the transport. */
export type MailServiceContext = AppContext & { transport: MailPort };
