import type { AppContext } from '../../platform/context';
import type { CreditsService } from './service';

/** What the credits module's route files receive: the platform and the ledger's service. */
export type CreditsContext = AppContext & { credits: CreditsService };
