import type { AppContext } from '../../platform/context';
import type { AccountMailer, IdentityProvider } from '../../platform/identity/port';
import type { CreditsService } from '../credits/index';
import type { MailService } from '../mail/index';

export interface AccountsDeps {
  ctx: AppContext;
  credits: CreditsService;
  /** Builds the identity provider with the mailer its reset and verification flows use. */
  identity: (mailer: AccountMailer) => IdentityProvider;
  mail: MailService;
}

/** What the accounts service's use cases receive. */
export type AccountsServiceContext = Pick<AppContext, 'store' | 'db' | 'config' | 'projections'> & {
  credits: CreditsService;
  identity: IdentityProvider;
};
