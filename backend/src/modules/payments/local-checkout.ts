import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { LocalCheckoutPayRequest, LocalCheckoutSession } from '@fp/contracts';
import { sql } from 'kysely';
import Stripe from 'stripe';
import type { Db } from '@fp/infra';
import { DomainError } from '../../platform/decider';
import type { CheckoutInput, PaymentProvider } from './port';

/** Test cards, as Stripe's test mode has them: one that pays, one that is declined. */
export const LOCAL_TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;
const CARD_DECLINED = 'Your card was declined.';
const CARD_INVALID = 'Your card number is invalid.';
const CARD_EXPIRED = "Your card's expiration date is in the past.";
const localCheckoutPath = (id: string) => `/checkout/local/${id}`;

/** Where a signed event goes: the app's own webhook handler, the one Stripe's events go through. */
type WebhookSender = (payload: string, signature: string) => Promise<{ status: number; body: unknown }>;

export interface LocalCheckout extends PaymentProvider {
  readonly kind: 'local';
  readonly webhookSecret: string;
  session(id: string, userId: string): Promise<LocalCheckoutSession | null>;
  /**
   * Checks the card like test mode does and sends the signed webhooks to the app's handler (the
   * module's sender unless `send` is given); the session is paid only once the handler has credited
   * it. A failed delivery is tried again; when it still fails the session stays open (pay again).
   */
  pay(
    id: string,
    userId: string,
    card: LocalCheckoutPayRequest,
    send?: WebhookSender,
  ): Promise<{ redirectUrl: string }>;
  /** Sends a signed `charge.dispute.created` for a paid session (an operator's test of the dispute path). */
  dispute(payment: { paymentId: string }): Promise<unknown>;
  /** The sender `pay`, `refund` and `dispute` use (set by the payments module: the app's own webhook handler). */
  useSender(send: WebhookSender): void;
}

export const isLocalCheckout = (p: PaymentProvider): p is LocalCheckout => p.kind === 'local';

const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

/**
 * The API version whose object shapes the local checkout sends: the one the installed Stripe SDK
 * is typed for (an endpoint created today gets it). From 2025-03-31 a charge no longer names its
 * invoice and an invoice no longer names its payment intent; `invoice_payment.paid` links them.
 */
const LOCAL_API_VERSION = '2025-10-29.clover';

/** Waits before each new delivery of an event the handler failed (the founder waits on the Pay button). */
const DELIVERY_RETRY_MS = [250, 1000, 3000] as const;
/** A session's mode as stored (older rows have none: a pack paid in payment mode, a plan as a subscription). */
const MODE_SQL = sql`coalesce(mode, case when product_id = 'pack' then 'payment' else 'subscription' end)`;

/**
 * The embedded payment provider: a test-mode card form on the app's own origin. Paying sends the
 * app Stripe-shaped, correctly signed webhooks, so signature checks, idempotency, the ledger and
 * the receipt run exactly as they do with Stripe, with no keys. The shapes are Stripe's for each
 * mode: a credit pack is a `payment`-mode session naming its payment intent; a plan is a
 * `subscription`-mode session with `payment_intent: null`, its `subscription` and first `invoice`,
 * whose payment intent only `invoice_payment.paid` reports. The signing secret is
 * STRIPE_WEBHOOK_SECRET when set, else derived from AUTH_SECRET, so every process of one install
 * agrees on it.
 */
export function createLocalCheckout(
  db: Db,
  opts: { authSecret: string; webhookSecret?: string; now: () => Date },
): LocalCheckout {
  const webhookSecret =
    opts.webhookSecret ??
    `whsec_local_${createHmac('sha256', opts.authSecret).update('local-checkout-webhook').digest('hex').slice(0, 32)}`;
  const id = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;
  let sender: WebhookSender | null = null;

  /**
   * Sends one event, as Stripe delivers it: the same event (same id) tried again while the handler
   * fails (throws or answers 5xx), re-signed each time; a 4xx is the app refusing it (not tried again).
   */
  const signed = async (send: WebhookSender, type: string, object: Record<string, unknown>) => {
    const created = Math.floor(opts.now().getTime() / 1000);
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      type,
      created,
      livemode: false,
      api_version: LOCAL_API_VERSION,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    for (let attempt = 0; ; attempt++) {
      const timestamp = Math.floor(opts.now().getTime() / 1000);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp });
      let r: { status: number; body: unknown };
      try {
        r = await send(payload, signature);
      } catch (err) {
        // The handler itself failed (a busy database, say): the status Stripe would have seen.
        r = { status: err instanceof DomainError ? err.status : 500, body: { error: (err as Error).message } };
      }
      if (r.status < 400) return r.body;
      const delay = DELIVERY_RETRY_MS[attempt];
      if (r.status < 500 || delay === undefined)
        throw new DomainError(`The app refused the payment webhook: ${JSON.stringify(r.body)}`, 502, 'webhook_refused');
      await new Promise((res) => setTimeout(res, delay));
    }
  };
  // Stripe's Charge: no `invoice` field on this API version, whatever mode it was paid in.
  const charge = (r: {
    charge_id: string;
    payment_intent_id: string;
    amount: number;
    refunded: number;
    currency: string;
  }) => ({
    id: r.charge_id,
    object: 'charge',
    amount: r.amount,
    amount_captured: r.amount,
    amount_refunded: r.refunded,
    captured: true,
    paid: true,
    refunded: r.refunded >= r.amount,
    currency: r.currency,
    payment_intent: r.payment_intent_id,
    status: 'succeeded',
    livemode: false,
  });
  const modeOf = (r: { mode: string | null; product_id: string }) =>
    r.mode ?? (r.product_id === 'pack' ? 'payment' : 'subscription');

  const toSession = (r: Record<string, any>): LocalCheckoutSession => ({
    id: r.id,
    product: r.product_name,
    credits: r.credits,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    cancelUrl: r.cancel_url,
    successUrl: r.success_url,
  });

  return {
    kind: 'local',
    webhookSecret,
    useSender(send) {
      sender = send;
    },
    async createCheckout({ userId, email, line, successUrl, cancelUrl, idempotencyKey }: CheckoutInput) {
      // A keyed purchase's session id comes from its key: the same key answers the same session, as Stripe does.
      const sessionId = idempotencyKey
        ? `cs_local_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`
        : id('cs');
      await db
        .insertInto('local_checkout_sessions')
        .values({
          id: sessionId,
          user_id: userId,
          email,
          product_id: line.productId,
          product_name: line.quantity > 1 ? `${line.name} ×${line.quantity}` : line.name,
          quantity: line.quantity,
          credits: line.credits,
          amount: line.unitAmount * line.quantity,
          currency: 'usd',
          mode: line.interval ? 'subscription' : 'payment',
          // In subscription mode this is the intent that pays the first invoice (never on the session itself).
          success_url: successUrl,
          cancel_url: cancelUrl,
          payment_intent_id: id('pi'),
          created_at: opts.now(),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return { url: localCheckoutPath(sessionId), sessionId };
    },
    async session(sessionId, userId) {
      const r = await db
        .selectFrom('local_checkout_sessions')
        .selectAll()
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return r ? toSession(r) : null;
    },
    async pay(sessionId, userId, card, send = sender ?? undefined) {
      if (!send) throw new Error('The local checkout has no webhook sender');
      const digits = card.cardNumber.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) throw new DomainError(CARD_INVALID, 400, 'card_invalid');
      const [mm, yy] = card.expiry.split('/').map((s) => Number(s.trim()));
      const now = opts.now();
      if (2000 + yy! < now.getUTCFullYear() || (2000 + yy! === now.getUTCFullYear() && mm! < now.getUTCMonth() + 1))
        throw new DomainError(CARD_EXPIRED, 400, 'card_expired');
      if (digits !== LOCAL_TEST_CARDS.success) throw new DomainError(CARD_DECLINED, 402, 'card_declined');
      // Paying creates what Stripe creates: the charge, and in subscription mode the subscription and
      // its first invoice. They are fixed on the open session first, so paying again after a failed
      // delivery (or a second click) sends the same payment, which the handler credits once.
      const row = await db
        .updateTable('local_checkout_sessions')
        .set({
          charge_id: sql`coalesce(charge_id, ${id('ch')})`,
          subscription_id: sql`coalesce(subscription_id, case when ${MODE_SQL} = 'subscription' then ${id('sub')} end)`,
          invoice_id: sql`coalesce(invoice_id, case when ${MODE_SQL} = 'subscription' then ${id('in')} end)`,
        })
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (!row) {
        const existing = await this.session(sessionId, userId);
        if (!existing) throw new DomainError('Checkout session not found', 404, 'not_found');
        if (existing.status === 'paid') return { redirectUrl: existing.successUrl };
        throw new DomainError('This checkout session has expired', 409, 'expired');
      }
      const mode = modeOf(row as { mode: string | null; product_id: string });
      const created = Math.floor(now.getTime() / 1000);
      if (mode === 'subscription') {
        // Stripe does not order these events; the invoice's come first here, so the app must not
        // depend on the session's arriving before them.
        await signed(send, 'invoice.paid', {
          id: row.invoice_id,
          object: 'invoice',
          billing_reason: 'subscription_create',
          status: 'paid',
          collection_method: 'charge_automatically',
          customer_email: row.email,
          currency: row.currency,
          subtotal: row.amount,
          total: row.amount,
          amount_due: row.amount,
          amount_paid: row.amount,
          amount_remaining: 0,
          created,
          livemode: false,
          parent: {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { metadata: {}, subscription: row.subscription_id },
          },
        });
        await signed(send, 'invoice_payment.paid', {
          id: id('inpay'),
          object: 'invoice_payment',
          invoice: row.invoice_id,
          amount_paid: row.amount,
          amount_requested: row.amount,
          currency: row.currency,
          is_default: true,
          livemode: false,
          status: 'paid',
          created,
          payment: { type: 'payment_intent', payment_intent: row.payment_intent_id },
          status_transitions: { canceled_at: null, paid_at: created },
        });
      }
      await signed(send, 'checkout.session.completed', {
        id: row.id,
        object: 'checkout.session',
        mode,
        payment_status: 'paid',
        status: 'complete',
        client_reference_id: row.user_id,
        customer_email: row.email,
        amount_subtotal: row.amount,
        amount_total: row.amount,
        currency: row.currency,
        metadata: { product: row.product_id },
        payment_intent: mode === 'payment' ? row.payment_intent_id : null,
        subscription: row.subscription_id,
        invoice: row.invoice_id,
      });
      // Paid only now that the handler has credited it: a failed delivery above left it open.
      await db
        .updateTable('local_checkout_sessions')
        .set({ status: 'paid', paid_at: now })
        .where('id', '=', sessionId)
        .where('status', '=', 'open')
        .execute();
      return { redirectUrl: row.success_url };
    },
    async refund(payment, amount) {
      if (!sender) throw new Error('The local checkout has no webhook sender');
      // Refunds add up, as Stripe's `amount_refunded` does. (A session paid before charges were kept gets its charge now.)
      const row = await db
        .updateTable('local_checkout_sessions')
        .set({
          refunded: sql`least(amount, refunded + ${amount ?? 2_000_000_000})`,
          charge_id: sql`coalesce(charge_id, ${id('ch')})`,
        })
        .where('id', '=', payment.paymentId)
        .where('status', '=', 'paid')
        .returning(['amount', 'refunded', 'currency', 'charge_id', 'payment_intent_id'])
        .executeTakeFirst();
      if (!row) throw new DomainError('No paid local checkout matches the payment', 404, 'not_found');
      return signed(sender, 'charge.refunded', charge({ ...row, charge_id: row.charge_id! }));
    },
    async dispute(payment) {
      if (!sender) throw new Error('The local checkout has no webhook sender');
      const row = await db
        .updateTable('local_checkout_sessions')
        .set({ charge_id: sql`coalesce(charge_id, ${id('ch')})` })
        .where('id', '=', payment.paymentId)
        .where('status', '=', 'paid')
        .returning(['amount', 'currency', 'charge_id', 'payment_intent_id'])
        .executeTakeFirst();
      if (!row) throw new DomainError('No paid local checkout matches the payment', 404, 'not_found');
      // Stripe's Dispute names the charge and, for a charge made through one, its payment intent.
      return signed(sender, 'charge.dispute.created', {
        id: id('dp'),
        object: 'dispute',
        amount: row.amount,
        currency: row.currency,
        charge: row.charge_id,
        payment_intent: row.payment_intent_id,
        reason: 'fraudulent',
        status: 'needs_response',
        livemode: false,
      });
    },
  };
}
