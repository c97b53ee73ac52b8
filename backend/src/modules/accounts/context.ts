import type { AppContext } from '../../platform/context';
import type { AccountMailer, IdentityProvider } from '../../platform/identity/port';
import type { CreditsService } from '../credits/index';
import type { MailService } from '../mail/index';
import type { AccountsService } from './service';

export interface AccountsDeps {
  ctx: AppContext;
  credits: CreditsService;
  /** Builds the identity provider with the mailer its reset and verification flows use. */
  identity: (mailer: AccountMailer) => IdentityProvider;
  mail: MailService;
}

/** What the accounts module's files receive: the platform, the credits service, its own service. */
export type AccountsContext = AppContext & {
  credits: CreditsService;
  accounts: AccountsService;
  identity: IdentityProvider;
};

/** What the accounts service's use cases receive. */
export type AccountsServiceContext = Pick<AppContext, 'store' | 'db' | 'config' | 'projections'> & {
  credits: CreditsService;
  identity: IdentityProvider;
};
