import Stripe from 'stripe';
import type { CheckoutInput, PaymentProvider } from './port';

/**
 * Stripe Checkout Sessions. Plans are yearly subscriptions, the credit pack a one-time payment;
 * `client_reference_id` and `metadata.product` tell the webhook who paid for what.
 */
/**
 * Every call to Stripe waits at most 10 s (the SDK's default is 80 s, longer than any request may
 * hold a founder) and is retried twice on network errors, 409 and 5xx; the SDK adds an idempotency
 * key to the retried POSTs, so a retry never creates a second session or refund.
 */
export const STRIPE_CLIENT = { timeout: 10_000, maxNetworkRetries: 2 } as const;

/** Stripe's client with those limits; `endpoint` points it elsewhere (tests, a local mock of Stripe's API). */
export const stripeClient = (
  secretKey: string,
  endpoint?: { host: string; port: number; protocol: 'http' | 'https' },
) => new Stripe(secretKey, { ...STRIPE_CLIENT, ...endpoint });

export function createStripeCheckout(opts: { secretKey: string; webhookSecret: string | null }): PaymentProvider {
  const stripe = stripeClient(opts.secretKey);
  return {
    kind: 'stripe',
    webhookSecret: opts.webhookSecret,
    async createCheckout({ userId, email, line, successUrl, cancelUrl, idempotencyKey }: CheckoutInput) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: line.interval ? 'subscription' : 'payment',
          client_reference_id: userId,
          customer_email: email,
          metadata: { product: line.productId },
          line_items: [
            {
              quantity: line.quantity,
              // The pack's quantity can change on Stripe's page; the webhook counts packs from the amount paid.
              ...(line.interval ? {} : { adjustable_quantity: { enabled: true, minimum: 1, maximum: 100 } }),
              price_data: {
                currency: 'usd',
                unit_amount: line.unitAmount,
                product_data: { name: line.name },
                ...(line.interval ? { recurring: { interval: line.interval } } : {}),
              },
            },
          ],
          success_url: successUrl,
          cancel_url: cancelUrl,
        },
        // Stripe answers the same session to the same key (for 24 hours).
        idempotencyKey ? { idempotencyKey } : undefined,
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { url: session.url, sessionId: session.id };
    },
    async refund({ paymentId, paymentIntentId, invoiceId }, amount) {
      // A plan's checkout has no payment intent: refund what paid its invoice (InvoicePayment, API 2025-03-31 on).
      let target: { payment_intent: string } | { charge: string } | null = paymentIntentId
        ? { payment_intent: paymentIntentId }
        : null;
      if (!target && invoiceId) {
        const [paid] = (await stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1 })).data;
        const intent = idOf(paid?.payment.payment_intent);
        const charge = idOf(paid?.payment.charge);
        target = intent ? { payment_intent: intent } : charge ? { charge } : null;
      }
      if (!target) throw new Error(`Stripe reports no payment of ${invoiceId ?? paymentId} to refund`);
      await stripe.refunds.create({ ...target, ...(amount ? { amount } : {}) });
      return null;
    },
    async invoiceOf({ paymentIntentId, chargeId }) {
      const intent =
        paymentIntentId ?? (chargeId ? idOf((await stripe.charges.retrieve(chargeId)).payment_intent) : null);
      if (!intent) return null;
      const [paid] = (
        await stripe.invoicePayments.list({
          payment: { type: 'payment_intent', payment_intent: intent },
          limit: 1,
          expand: ['data.invoice'],
        })
      ).data;
      const invoice = paid?.invoice;
      if (!invoice || typeof invoice === 'string') return invoice ? { invoiceId: invoice, subscriptionId: null } : null;
      if (!invoice.id) return null;
      return {
        invoiceId: invoice.id,
        subscriptionId: 'parent' in invoice ? idOf(invoice.parent?.subscription_details?.subscription) : null,
      };
    },
  };
}

const idOf = (v: string | { id?: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
