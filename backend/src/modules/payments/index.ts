import { moduleContext, type AppContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import type { AccountsService } from '../accounts/index';
import type { CreditsService } from '../credits/index';
import type { MailService } from '../mail/index';
import { checkoutRoutes } from './create-checkout';
import { isLocalCheckout, type LocalCheckout } from './local-checkout';
import type { PaymentProvider } from './port';
import { intentOfInvoice, paymentWebhookRoutes, receivePaymentEvent, WEBHOOK_PATH } from './receive-payment-webhook';
import { createReceipts, type Receipts } from './send-receipt';

export { PAYMENT_ACTOR, WEBHOOK_PATH } from './receive-payment-webhook';
export { createLocalCheckout, isLocalCheckout, LOCAL_TEST_CARDS, type LocalCheckout } from './local-checkout';
export { createStripeCheckout } from './stripe-checkout';
export type { PaymentProvider, PaymentRef } from './port';
export { findPurchaseOf, type ChargeRefs } from './receive-payment-webhook';

export interface PaymentsDeps {
  ctx: AppContext;
  credits: CreditsService;
  accounts: AccountsService;
  mail: MailService;
  provider: PaymentProvider | LocalCheckout;
}
export type PaymentsContext = AppContext & {
  credits: CreditsService;
  accounts: AccountsService;
  provider: PaymentProvider | LocalCheckout;
  receipts: Receipts;
};

export interface PaymentsService {
  readonly provider: PaymentProvider | LocalCheckout;
  /** Handles one signed provider event in process (the CLI's refunds on the local checkout). */
  receive(raw: Buffer, signature: string): Promise<unknown>;
  /** An operator's refund: the provider refunds, and its webhook takes the credits back. */
  refund(paymentId: string, amountCents?: number): Promise<unknown>;
  /** Local checkout only: the card holder disputes a payment (with Stripe, disputes come from the bank). */
  dispute(paymentId: string): Promise<unknown>;
}

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
  const receive = (raw: Buffer, signature: string) => receivePaymentEvent(ctx, raw, signature);
  if (isLocalCheckout(provider)) {
    provider.useSender(async (payload, signature) => ({
      status: 200,
      body: await receive(Buffer.from(payload), signature),
    }));
  }
  return {
    name: 'payments',
    service: {
      provider,
      receive,
      async refund(paymentId, amountCents) {
        const p = await credits.findPayment({ paymentId });
        if (!p || (!p.paymentIntentId && !p.invoiceId))
          throw new Error(`No refundable purchase with payment id ${paymentId}`);
        // A plan's checkout has no payment intent: the one that paid its invoice, when an invoice event named it.
        const paymentIntentId = p.paymentIntentId ?? (await intentOfInvoice(ctx, p.invoiceId!));
        return provider.refund({ paymentId, paymentIntentId, invoiceId: p.invoiceId }, amountCents);
      },
      async dispute(paymentId) {
        if (!isLocalCheckout(provider))
          throw new Error(
            "Disputes come from the card holder's bank through Stripe; this only simulates one on the local checkout",
          );
        const p = await credits.findPayment({ paymentId });
        if (!p) throw new Error(`No purchase with payment id ${paymentId}`);
        return provider.dispute({ paymentId: p.paymentId });
      },
    },
    // The payment provider calls the webhook without a session; its signature is its credential.
    publicPaths: [new RegExp(`^${WEBHOOK_PATH.replace(/\//g, '\\/')}$`)],
    async routes(app) {
      await app.register(async (scope) => paymentWebhookRoutes(scope, ctx));
      checkoutRoutes(app, ctx);
    },
  };
}
