import type { AppContext } from '../../platform/context';
import type { IdentityProvider } from '../../platform/identity/port';
import type { CreditsService } from '../credits/index';
import type { AccountsService } from './service';

/** What the accounts module's files receive: the platform, the credits service, its own service. */
export type AccountsContext = AppContext & {
  credits: CreditsService;
  accounts: AccountsService;
  identity: IdentityProvider;
};
