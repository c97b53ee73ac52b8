import type { AppContext } from '../../platform/context';
import type { MailService } from './service';

/** What the mail module's route files receive. */
export type MailContext = AppContext & { mail: MailService };
