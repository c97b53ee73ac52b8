import type { CreditEvent } from '@fp/contracts';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { given } from '../../testing/decider';
import { CATALOG, creditDecider } from '../credits/index';
import {
  decidePaymentEvent,
  purchaseInputOf,
  reversedTotalOf,
  REVERSAL_LABEL,
  verifyPaymentEvent,
  type PaymentDecision,
} from './payment-event-decision';
import { PAYMENT_ACTOR } from './receive-payment-webhook';

/**
 * Replays of Stripe events, written by the team in the shapes Stripe documents for API version
 * 2025-10-29 (the one the installed SDK is typed for), through the webhook handler's own steps:
 * the signature check with a test secret, the decision taken from the event, and the ledger's
 * decider given that decision. Every id below is made up.
 */
const SECRET = 'whsec_replay_test_secret';
const USER = 'user-replay-1';
const meta: CommandMeta = { now: new Date('2026-02-01T12:00:00Z'), actor: PAYMENT_ACTOR };
const pro = CATALOG.plans.find((p) => p.id === 'pro')!;
const pack = CATALOG.pack;
const created = 1_769_947_200;

function event(id: string, type: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-10-29.clover',
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: 'req_replay_1', idempotency_key: 'b2f1c4a0-replay' },
    type,
  });
}
/** Signed as Stripe signs: `t=<timestamp>,v1=<HMAC-SHA256 of "t.payload">`. */
const sign = (payload: string, secret = SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) });
/** What the handler decides for these bytes under this signature. */
const replay = (payload: string, signature = sign(payload)) =>
  decidePaymentEvent(verifyPaymentEvent(Buffer.from(payload), signature, SECRET));

const packSession = {
  id: 'cs_test_replay_pack',
  object: 'checkout.session',
  amount_subtotal: pack.price * 2,
  amount_total: pack.price * 2,
  client_reference_id: USER,
  currency: 'usd',
  customer_email: 'ada@startup.example',
  invoice: null,
  livemode: false,
  metadata: { product: 'pack' },
  mode: 'payment',
  payment_intent: 'pi_replay_pack',
  payment_status: 'paid',
  status: 'complete',
  subscription: null,
};
const planSession = {
  ...packSession,
  id: 'cs_test_replay_pro',
  amount_subtotal: pro.price,
  amount_total: pro.price,
  invoice: 'in_replay_first',
  metadata: { product: 'pro' },
  mode: 'subscription',
  payment_intent: null,
  subscription: 'sub_replay_pro',
};
const charge = (over: Record<string, unknown>) => ({
  id: 'ch_replay_pack',
  object: 'charge',
  amount: pack.price * 2,
  amount_captured: pack.price * 2,
  amount_refunded: 0,
  captured: true,
  currency: 'usd',
  livemode: false,
  paid: true,
  payment_intent: 'pi_replay_pack',
  refunded: false,
  status: 'succeeded',
  ...over,
});

/** The ledger after a decision's purchase: what PurchaseCredits records. */
const purchaseOf = (d: PaymentDecision, eventId: string) => {
  if (d.kind !== 'purchase') throw new Error(`expected a purchase, got ${d.kind}`);
  const { userId, ...purchase } = d.purchase;
  return { userId: userId!, input: purchaseInputOf(purchase, eventId) };
};
const ledgerAfter = (userId: string, input: ReturnType<typeof purchaseInputOf>, ...before: CreditEvent[]) =>
  given(creditDecider, ...before).when({ type: 'PurchaseCredits', data: { userId, ...input } }, meta);

describe('Stripe payload replays through the webhook decision', () => {
  it('checkout.session.completed, payment mode: credits the pack bought (two of them) once, naming its payment intent', () => {
    const payload = event('evt_replay_pack', 'checkout.session.completed', packSession);
    const { userId, input } = purchaseOf(replay(payload), 'evt_replay_pack');
    expect(userId).toBe(USER);
    const credits = (pack.credits + pack.bonus) * 2;
    const [purchased] = ledgerAfter(userId, input).produced();
    expect(purchased).toEqual({
      type: 'CreditsPurchased',
      data: expect.objectContaining({
        userId: USER,
        amount: credits,
        balanceAfter: credits,
        paymentId: 'cs_test_replay_pack',
        productId: 'pack',
        providerEventId: 'evt_replay_pack',
        quantity: 2,
        paymentIntentId: 'pi_replay_pack',
        amountPaid: pack.price * 2,
        currency: 'usd',
        subscriptionId: null,
        actor: PAYMENT_ACTOR,
      }),
    });
    // Stripe delivers an event at least once: the same event again credits nothing.
    ledgerAfter(userId, input, purchased!).then([]);
  });

  it('checkout.session.completed, subscription mode: credits the plan, with its subscription and first invoice and no payment intent', () => {
    const payload = event('evt_replay_pro', 'checkout.session.completed', planSession);
    const { userId, input } = purchaseOf(replay(payload), 'evt_replay_pro');
    const [purchased] = ledgerAfter(userId, input).produced();
    expect(purchased!.data).toMatchObject({
      amount: pro.credits,
      productId: 'pro',
      reason: `Pro plan: ${pro.credits!.toLocaleString('en-US')} credits`,
      subscriptionId: 'sub_replay_pro',
      invoiceId: 'in_replay_first',
    });
    expect(purchased!.data).not.toHaveProperty('paymentIntentId');
  });

  it('checkout.session.completed still unpaid (a delayed payment method): nothing is credited', () => {
    const payload = event('evt_replay_unpaid', 'checkout.session.completed', {
      ...packSession,
      payment_status: 'unpaid',
    });
    expect(replay(payload)).toEqual({ kind: 'ignored', reason: 'payment status unpaid' });
  });

  it("invoice.paid for the first invoice only links it (the session credits it); a renewal's credits the subscription's plan", () => {
    const invoice = {
      id: 'in_replay_first',
      object: 'invoice',
      amount_due: pro.price,
      amount_paid: pro.price,
      amount_remaining: 0,
      billing_reason: 'subscription_create',
      collection_method: 'charge_automatically',
      currency: 'usd',
      customer_email: 'ada@startup.example',
      livemode: false,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: {}, subscription: 'sub_replay_pro' },
      },
      status: 'paid',
      subtotal: pro.price,
      total: pro.price,
    };
    expect(replay(event('evt_replay_inv1', 'invoice.paid', invoice))).toEqual({
      kind: 'link',
      link: { invoiceId: 'in_replay_first', subscriptionId: 'sub_replay_pro', refs: [null, null] },
      then: { ignored: 'billing reason subscription_create' },
    });

    const renewal = replay(
      event('evt_replay_inv2', 'invoice.paid', {
        ...invoice,
        id: 'in_replay_year2',
        billing_reason: 'subscription_cycle',
      }),
    );
    expect(renewal).toMatchObject({
      kind: 'renewal',
      purchase: { paymentId: 'in_replay_year2', subscriptionId: 'sub_replay_pro', invoiceId: 'in_replay_year2' },
    });
    if (renewal.kind !== 'renewal') throw new Error('not a renewal');
    // The handler finds the subscription's owner and plan; the ledger then credits the plan again.
    const input = purchaseInputOf({ ...renewal.purchase, product: 'pro' }, 'evt_replay_inv2');
    const firstYear = purchaseOf(
      replay(event('evt_replay_pro', 'checkout.session.completed', planSession)),
      'evt_replay_pro',
    );
    const [bought] = ledgerAfter(USER, firstYear.input).produced();
    const [renewed] = ledgerAfter(USER, input, bought!).produced();
    expect(renewed!.data).toMatchObject({
      amount: pro.credits,
      balanceAfter: 2 * pro.credits!,
      paymentId: 'in_replay_year2',
    });
  });

  it('charge.refunded: a partial refund takes back its share of the credits, the full refund the rest, never more', () => {
    const { input } = purchaseOf(
      replay(event('evt_replay_pack', 'checkout.session.completed', packSession)),
      'evt_replay_pack',
    );
    const [bought] = ledgerAfter(USER, input).produced();
    const credits = input.amount;
    const reverse = (eventId: string, refunded: number, ...history: CreditEvent[]) => {
      const d = replay(
        event(eventId, 'charge.refunded', charge({ amount_refunded: refunded, refunded: refunded >= pack.price * 2 })),
      );
      if (d.kind !== 'reverse') throw new Error(`expected a reversal, got ${d.kind}`);
      expect(d.refs).toEqual({ paymentIntentId: 'pi_replay_pack', chargeId: 'ch_replay_pack', invoiceId: null });
      return given(creditDecider, bought!, ...history).when(
        {
          type: 'ReversePurchase',
          data: {
            userId: USER,
            paymentId: input.paymentId,
            reversedTotal: reversedTotalOf(d.share, credits),
            reversal: d.reversal,
            providerEventId: eventId,
            reason: `${REVERSAL_LABEL[d.reversal]} of payment ${input.paymentId}`,
          },
        },
        meta,
      );
    };
    const [half] = reverse('evt_replay_refund1', pack.price).produced();
    expect(half!.data).toMatchObject({ amount: -credits / 2, credits: credits / 2, reversal: 'refund', owedAfter: 0 });
    const [rest] = reverse('evt_replay_refund2', pack.price * 2, half!).produced();
    expect(rest!.data).toMatchObject({
      amount: -credits / 2,
      balanceAfter: 0,
      reason: 'Refund of payment cs_test_replay_pack',
    });
    // The same refund delivered again, or a later event saying the same total: nothing more.
    reverse('evt_replay_refund2', pack.price * 2, half!, rest!).then([]);
    reverse('evt_replay_refund3', pack.price * 2, half!, rest!).then([]);
  });

  it('charge.dispute.created: a fraudulent dispute is a chargeback of every credit; what was spent is owed', () => {
    const { input } = purchaseOf(
      replay(event('evt_replay_pack', 'checkout.session.completed', packSession)),
      'evt_replay_pack',
    );
    const [bought] = ledgerAfter(USER, input).produced();
    const spent: CreditEvent = {
      type: 'CreditsSpent',
      data: {
        userId: USER,
        amount: -5,
        balanceAfter: input.amount - 5,
        reason: 'Application to Quill Ventures',
        actor: USER,
        reference: 'sub-1',
        spendKind: 'vc_application',
      },
    };
    const dispute = {
      id: 'dp_replay_1',
      object: 'dispute',
      amount: pack.price * 2,
      charge: 'ch_replay_pack',
      currency: 'usd',
      livemode: false,
      payment_intent: 'pi_replay_pack',
      reason: 'fraudulent',
      status: 'needs_response',
    };
    const d = replay(event('evt_replay_dispute', 'charge.dispute.created', dispute));
    expect(d).toEqual({
      kind: 'reverse',
      refs: { paymentIntentId: 'pi_replay_pack', chargeId: 'ch_replay_pack', invoiceId: null },
      reversal: 'chargeback',
      share: 'all',
    });
    if (d.kind !== 'reverse') throw new Error('not a reversal');
    const [taken] = given(creditDecider, bought!, spent)
      .when(
        {
          type: 'ReversePurchase',
          data: {
            userId: USER,
            paymentId: input.paymentId,
            reversedTotal: reversedTotalOf(d.share, input.amount),
            reversal: d.reversal,
            providerEventId: 'evt_replay_dispute',
            reason: `${REVERSAL_LABEL[d.reversal]} of payment ${input.paymentId}`,
          },
        },
        meta,
      )
      .produced();
    expect(taken!.data).toMatchObject({
      amount: -(input.amount - 5),
      balanceAfter: 0,
      credits: input.amount,
      owedAfter: 5,
    });
    // Another reason is a dispute, not a chargeback.
    const general = replay(
      event('evt_replay_dispute2', 'charge.dispute.created', { ...dispute, reason: 'product_not_received' }),
    );
    expect(general).toMatchObject({ kind: 'reverse', reversal: 'dispute' });
  });

  it('refuses a payload whose signature is missing, made with another secret, or for other bytes', () => {
    const payload = event('evt_replay_pack', 'checkout.session.completed', packSession);
    for (const signature of [
      undefined,
      sign(payload, 'whsec_someone_else'),
      sign(payload.replace('"paid"', '"unpaid"')),
    ]) {
      let thrown: unknown;
      try {
        verifyPaymentEvent(Buffer.from(payload), signature, SECRET);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(DomainError);
      expect(thrown).toMatchObject({ status: 400, message: 'Invalid signature' });
    }
  });

  it('an event type the app does not act on is answered as ignored', () => {
    expect(replay(event('evt_replay_other', 'customer.created', { id: 'cus_replay', object: 'customer' }))).toEqual({
      kind: 'ignored',
      reason: 'event type customer.created',
    });
  });
});
