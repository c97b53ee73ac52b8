import type { AppContext } from '../../platform/context';
import type { CreditsService } from '../credits/index';
import type { AccountsService } from './service';

export interface AccountsDeps {
  ctx: AppContext;
  credits: CreditsService;
}

/** What the accounts module's files receive: the platform, the credits service, its own service. */
export type AccountsContext = AppContext & { credits: CreditsService; accounts: AccountsService };
