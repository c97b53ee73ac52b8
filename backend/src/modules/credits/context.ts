import type { AppContext } from '../../platform/context';
import type { CreditCommandQueue } from './command-queue';

/** What the credits service's use cases receive: the read models and the queue of ledger commands. */
export type CreditsServiceContext = Pick<AppContext, 'store' | 'db'> & { queue: CreditCommandQueue };
