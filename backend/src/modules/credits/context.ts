import type { AppContext } from '../../platform/context';
import type { CreditCommandQueue } from './command-queue';
import type { CreditsService } from './service';

/** What the credits service's use cases receive: the read models and the queue of ledger commands. */
export type CreditsServiceContext = Pick<AppContext, 'store' | 'db'> & { queue: CreditCommandQueue };

/** What the credits module's route files receive: the platform and the ledger's service. */
export type CreditsContext = AppContext & { credits: CreditsService };
