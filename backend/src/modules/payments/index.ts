import { moduleContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import type { PaymentsContext, PaymentsDeps } from './context';
import { isLocalCheckout } from './local-checkout';
import { paymentsRoutes, WEBHOOK_PATH } from './routes';
import { createReceipts } from './send-receipt';
import { createPaymentsService, type PaymentsService } from './service';

export { WEBHOOK_PATH } from './routes';
export { createLocalCheckout, isLocalCheckout, LOCAL_TEST_CARDS, type LocalCheckout } from './local-checkout';
export { createStripeCheckout } from './stripe-checkout';
export type { PaymentProvider } from './port';
export type { PaymentsDeps } from './context';
export type { PaymentsService } from './service';

/**
 * Payments: checkout sessions, the provider's webhook (credits once per payment, takes them back
 * on refunds and disputes) and receipts. Its own module because it needs the ledger (credits), the
 * registered users (accounts) and the mail, and accounts needs credits.
 */
export function createPaymentsModule({
  ctx: platform,
  credits,
  accounts,
  mail,
  provider,
}: PaymentsDeps): AppModule<PaymentsService> {
  const ctx: PaymentsContext = moduleContext(platform, {
    credits,
    accounts,
    provider,
    receipts: createReceipts(platform, mail),
  });
  const payments = createPaymentsService(ctx);
  // The local checkout hands its signed events straight to this process (the CLI's refunds and disputes).
  if (isLocalCheckout(provider)) {
    provider.useSender(async (payload, signature) => ({
      status: 200,
      body: await payments.receive(Buffer.from(payload), signature),
    }));
  }
  return {
    name: 'payments',
    service: payments,
    // The payment provider calls the webhook without a session; its signature is its credential.
    publicPaths: [new RegExp(`^${WEBHOOK_PATH.replace(/\//g, '\\/')}$`)],
    routes: (app) => paymentsRoutes(app, ctx),
  };
}
