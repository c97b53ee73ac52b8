import type { AppContext } from '../../platform/context';
import type { InvestorUpdatesService } from './service';

/** What the module's routes receive. */
export type InvestorUpdatesContext = AppContext & { updates: InvestorUpdatesService };
