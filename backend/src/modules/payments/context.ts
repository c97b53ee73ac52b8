import type { AppContext } from '../../platform/context';
import type { AccountsService } from '../accounts/index';
import type { CreditsService } from '../credits/index';
import type { MailService } from '../mail/index';
import type { LocalCheckout } from './local-checkout';
import type { PaymentProvider } from './port';
import type { Receipts } from './send-receipt';

/** What payments need from outside, passed by the composition root. */
export interface PaymentsDeps {
  ctx: AppContext;
  credits: CreditsService;
  accounts: AccountsService;
  mail: MailService;
  provider: PaymentProvider | LocalCheckout;
}

/** What the payments module's files receive: the platform, the services it uses, the provider and the receipts. */
export type PaymentsContext = AppContext & {
  credits: CreditsService;
  accounts: AccountsService;
  provider: PaymentProvider | LocalCheckout;
  receipts: Receipts;
};
