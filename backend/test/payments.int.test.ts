import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutLine } from '../src/modules/credits/index';
import {
  createLocalCheckout,
  createStripeCheckout,
  isLocalCheckout,
  WEBHOOK_PATH,
  type LocalCheckout,
} from '../src/modules/payments/index';
import { startTestApp, type TestApp } from '../src/testing/app';
import { paymentsContract, type Delivery, type PurchaseDriver } from './payments.contract';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ada Founder' };

const post = (app: TestApp, d: Delivery) =>
  fetch(`${app.url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': d.signature },
    body: d.payload,
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

/**
 * The local checkout, driven as a founder drives it: the checkout made by the API, the card form's
 * pay call (the app then receives the session's webhooks over HTTP); refunds and disputes are sent
 * by the provider itself. Deliveries are recorded on their way so a test can replay one.
 */
function localDriver(): PurchaseDriver {
  const provider = app.services.payments.provider;
  if (!isLocalCheckout(provider)) throw new Error('the test app runs the local checkout');
  const sent: Delivery[] = [];
  (provider as LocalCheckout).useSender(async (payload, signature) => {
    sent.push({ payload, signature });
    return { status: 200, body: await app.services.payments.receive(Buffer.from(payload), signature) };
  });
  return {
    app,
    async buy(user, product) {
      const checkout = await app.api('POST', '/api/checkout', { token: user.token, body: { product } });
      expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
      const id = (checkout.body.url as string).split('/').at(-1)!;
      const paid = await app.api('POST', `/api/local-checkout/${id}/pay`, { token: user.token, body: CARD });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      await app.ctx.projections.waitFor(undefined, 20_000);
      return id;
    },
    async afterRefund() {},
    async dispute(paymentId) {
      await app.services.payments.dispute(paymentId);
      return sent.at(-1)!;
    },
    redeliver: (d) => post(app, d),
  };
}

// The embedded default: sessions in Postgres, paid on /checkout/local/:id of the app's own origin.
paymentsContract(
  'local checkout',
  async () => ({
    provider: createLocalCheckout(app.ctx.db, { authSecret: 'contract-secret', now: () => new Date() }),
    isCheckoutUrl: (url) => /^\/checkout\/local\/cs_local_[0-9a-f]{24}$/.test(url),
  }),
  async () => localDriver(),
);

describe('the local checkout sends the shapes Stripe sends in each mode', () => {
  it("a plan: invoice.paid and invoice_payment.paid, then a subscription-mode session with payment_intent null; a pack: a payment-mode session with its intent; Stripe's Charge and Dispute", async () => {
    const provider = app.services.payments.provider as LocalCheckout;
    const events: Array<{ type: string; object: any }> = [];
    const sender = async (payload: string, signature: string) => {
      const e = JSON.parse(payload);
      events.push({ type: e.type, object: e.data.object });
      return { status: 200, body: await app.services.payments.receive(Buffer.from(payload), signature) };
    };
    localDriver();
    provider.useSender(sender);
    const u = await app.createUser();
    const pay = async (product: string) => {
      const checkout = await app.api('POST', '/api/checkout', { token: u.token, body: { product } });
      const id = (checkout.body.url as string).split('/').at(-1)!;
      events.length = 0;
      await provider.pay(id, u.id, CARD, sender);
      return { id, events: [...events] };
    };

    const plan = await pay('pro');
    const planRow = await app.ctx.db
      .selectFrom('local_checkout_sessions')
      .selectAll()
      .where('id', '=', plan.id)
      .executeTakeFirstOrThrow();
    expect(plan.events.map((e) => e.type)).toEqual([
      'invoice.paid',
      'invoice_payment.paid',
      'checkout.session.completed',
    ]);
    const [invoice, invoicePayment, planSession] = plan.events.map((e) => e.object);
    expect(planSession).toMatchObject({
      object: 'checkout.session',
      id: plan.id,
      mode: 'subscription',
      payment_status: 'paid',
      payment_intent: null,
      subscription: expect.stringMatching(/^sub_local_/),
      invoice: expect.stringMatching(/^in_local_/),
      client_reference_id: u.id,
      metadata: { product: 'pro' },
    });
    // The invoice names its subscription (under `parent` on this API version) but not what paid it.
    expect(invoice).toMatchObject({
      object: 'invoice',
      id: planSession.invoice,
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: planSession.subscription } },
    });
    expect(invoice).not.toHaveProperty('payment_intent');
    expect(invoice).not.toHaveProperty('charge');
    expect(invoicePayment).toMatchObject({
      object: 'invoice_payment',
      invoice: planSession.invoice,
      status: 'paid',
      payment: { type: 'payment_intent', payment_intent: planRow.payment_intent_id },
    });

    const pack = await pay('pack');
    expect(pack.events.map((e) => e.type)).toEqual(['checkout.session.completed']);
    expect(pack.events[0]!.object).toMatchObject({
      mode: 'payment',
      payment_intent: expect.stringMatching(/^pi_local_/),
      subscription: null,
      invoice: null,
    });
    const packRow = await app.ctx.db
      .selectFrom('local_checkout_sessions')
      .selectAll()
      .where('id', '=', pack.id)
      .executeTakeFirstOrThrow();

    // The purchases as the webhook recorded them from those shapes.
    expect(await app.services.credits.findPayment({ paymentId: plan.id })).toMatchObject({
      paymentIntentId: null,
      invoiceId: planSession.invoice,
      subscriptionId: planSession.subscription,
    });
    expect(await app.services.credits.findPayment({ paymentId: pack.id })).toMatchObject({
      paymentIntentId: packRow.payment_intent_id,
      invoiceId: null,
      subscriptionId: null,
    });

    // Refund and dispute: Stripe's Charge (no `invoice` on this API version) and Dispute (charge and intent).
    events.length = 0;
    await app.services.payments.refund(plan.id, 1000);
    await app.services.payments.dispute(pack.id);
    const [refunded, disputed] = events;
    expect(refunded?.type).toBe('charge.refunded');
    expect(refunded!.object).toMatchObject({
      object: 'charge',
      id: planRow.charge_id,
      payment_intent: planRow.payment_intent_id,
      amount: 150_000,
      amount_refunded: 1000,
      refunded: false,
    });
    expect(refunded!.object).not.toHaveProperty('invoice');
    expect(disputed?.type).toBe('charge.dispute.created');
    expect(disputed!.object).toMatchObject({
      object: 'dispute',
      charge: packRow.charge_id,
      payment_intent: packRow.payment_intent_id,
      amount: 9700,
    });
  });
});

// Production: Stripe Checkout Sessions with a test-mode key (sk_test_…).
const key = process.env.STRIPE_SECRET_KEY;
if (!key) {
  console.log(
    '[skip] payments contract against Stripe: STRIPE_SECRET_KEY is not set (set a test-mode key and STRIPE_WEBHOOK_SECRET to run it).',
  );
  describe.skip('payments contract: stripe (STRIPE_SECRET_KEY unset)', () => it('needs STRIPE_SECRET_KEY', () => {}));
} else {
  let stripeApp: TestApp | undefined;
  const webhookSecret = `whsec_contract_${randomBytes(12).toString('hex')}`;
  const stripe = new Stripe(key);
  afterAll(async () => stripeApp?.close());
  paymentsContract(
    'stripe',
    async () => ({
      provider: createStripeCheckout({
        secretKey: key,
        webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_contract_unset',
      }),
      isCheckoutUrl: (url) => url.startsWith('https://checkout.stripe.com/'),
    }),
    async () => {
      stripeApp ??= await startTestApp({ config: { stripeSecretKey: key, stripeWebhookSecret: webhookSecret } });
      return stripeDriver(stripeApp, stripe, webhookSecret);
    },
  );
}

/**
 * Stripe's side, as far as a test can go without a person: a hosted Checkout page needs someone to
 * pay on checkout.stripe.com, so the purchase is made through the API with Stripe's test payment
 * methods (a PaymentIntent for the pack; a customer and a yearly subscription for a plan: the same
 * subscription, invoice, intent and charge a subscription-mode checkout makes). The one event
 * written here is the `checkout.session.completed` that page would send, with Stripe's fields for
 * its mode; every other event (invoice.paid, invoice_payment.paid, charge.refunded,
 * charge.dispute.created) is Stripe's own, read from its Events API and delivered to the app signed
 * with the app's webhook secret (Stripe cannot reach a test's loopback address).
 */
function stripeDriver(app: TestApp, stripe: Stripe, secret: string): PurchaseDriver {
  const since = Math.floor(Date.now() / 1000) - 60;
  const idOf = (v: string | { id?: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
  const sign = (payload: string): Delivery => ({
    payload,
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }),
  });
  const deliver = async (d: Delivery) => {
    const r = await post(app, d);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r;
  };
  /** Stripe's own event of `type` whose object matches, delivered (bounded wait: events appear within seconds). */
  const deliverEvent = async (type: string, match: (o: any) => boolean) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const page = await stripe.events.list({ type, created: { gte: since }, limit: 100 });
      const event = page.data.find((e) => match(e.data.object));
      if (event) {
        const d = sign(JSON.stringify(event));
        await deliver(d);
        return d;
      }
      if (Date.now() > deadline) throw new Error(`Stripe reported no ${type} for this payment within 60 s`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  };
  const intentOf = async (paymentId: string) => {
    const p = await app.services.credits.findPayment({ paymentId });
    if (p?.paymentIntentId) return p.paymentIntentId;
    const [paid] = (await stripe.invoicePayments.list({ invoice: p!.invoiceId!, status: 'paid', limit: 1 })).data;
    return idOf(paid!.payment.payment_intent)!;
  };

  return {
    app,
    async buy(user, product, opts = {}) {
      const line = checkoutLine(product)!;
      const pm = opts.disputed ? 'pm_card_createDispute' : 'pm_card_visa';
      const session = {
        object: 'checkout.session',
        payment_status: 'paid',
        status: 'complete',
        client_reference_id: user.id,
        customer_email: user.email,
        amount_subtotal: line.unitAmount,
        amount_total: line.unitAmount,
        currency: 'usd',
        metadata: { product },
        livemode: false,
      };
      let completed: Record<string, unknown>;
      if (!line.interval) {
        const pi = await stripe.paymentIntents.create({
          amount: line.unitAmount,
          currency: 'usd',
          payment_method: pm,
          payment_method_types: ['card'],
          confirm: true,
        });
        completed = {
          ...session,
          id: `cs_contract_${pi.id}`,
          mode: 'payment',
          payment_intent: pi.id,
          subscription: null,
          invoice: null,
        };
      } else {
        const customer = await stripe.customers.create({
          email: user.email,
          payment_method: pm,
          invoice_settings: { default_payment_method: pm },
        });
        const prod = await stripe.products.create({ name: line.name });
        const sub = await stripe.subscriptions.create({
          customer: customer.id,
          items: [
            {
              price_data: {
                currency: 'usd',
                product: prod.id,
                unit_amount: line.unitAmount,
                recurring: { interval: line.interval },
              },
            },
          ],
        });
        const invoiceId = idOf(sub.latest_invoice)!;
        await deliverEvent('invoice.paid', (o) => o.id === invoiceId);
        await deliverEvent('invoice_payment.paid', (o) => idOf(o.invoice) === invoiceId);
        completed = {
          ...session,
          id: `cs_contract_${sub.id}`,
          mode: 'subscription',
          payment_intent: null,
          subscription: sub.id,
          invoice: invoiceId,
        };
      }
      await deliver(
        sign(
          JSON.stringify({
            id: `evt_contract_${randomBytes(8).toString('hex')}`,
            object: 'event',
            type: 'checkout.session.completed',
            created: Math.floor(Date.now() / 1000),
            livemode: false,
            data: { object: completed },
          }),
        ),
      );
      await app.ctx.projections.waitFor(undefined, 20_000);
      return completed.id as string;
    },
    async afterRefund(paymentId, refundedCents) {
      const pi = await intentOf(paymentId);
      await deliverEvent(
        'charge.refunded',
        (o) => idOf(o.payment_intent) === pi && o.amount_refunded === refundedCents,
      );
    },
    async dispute(paymentId) {
      // pm_card_createDispute: Stripe opens the dispute by itself shortly after the payment.
      const pi = await intentOf(paymentId);
      return deliverEvent('charge.dispute.created', (o) => idOf(o.payment_intent) === pi);
    },
    redeliver: (d) => post(app, d),
  };
}
