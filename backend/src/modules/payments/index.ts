import { moduleContext, type AppContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import type { AccountsService } from '../accounts/index';
import type { CreditsService } from '../credits/index';
import { paymentWebhookRoutes, WEBHOOK_PATH } from './receive-payment-webhook';

export { PAYMENT_ACTOR, WEBHOOK_PATH } from './receive-payment-webhook';

export interface PaymentsDeps {
  ctx: AppContext;
  credits: CreditsService;
  accounts: AccountsService;
}
export type PaymentsContext = AppContext & Omit<PaymentsDeps, 'ctx'>;

/**
 * Payments: the provider's webhook credits the ledger once per payment. Its own module because it
 * needs both the ledger (credits) and the registered users (accounts), and accounts needs credits.
 */
export function createPaymentsModule({ ctx: platform, ...services }: PaymentsDeps): AppModule<null> {
  const ctx: PaymentsContext = moduleContext(platform, { ...services });
  return {
    name: 'payments',
    service: null,
    // The payment provider calls the webhook without a session; its signature is its credential.
    publicPaths: [new RegExp(`^${WEBHOOK_PATH.replace(/\//g, '\\/')}$`)],
    async routes(app) {
      await app.register(async (scope) => paymentWebhookRoutes(scope, ctx));
    },
  };
}
