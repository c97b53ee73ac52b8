import { createHmac, randomBytes } from 'node:crypto';
import type { LocalCheckoutPayRequest, LocalCheckoutSession } from '@fp/contracts';
import { sql } from 'kysely';
import Stripe from 'stripe';
import type { Db } from '@fp/infra';
import { DomainError } from '../../platform/decider';
import type { CheckoutInput, PaymentProvider } from './port';

/** Test cards, as Stripe's test mode has them: one that pays, one that is declined. */
export const LOCAL_TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;
export const CARD_DECLINED = 'Your card was declined.';
export const CARD_INVALID = 'Your card number is invalid.';
export const CARD_EXPIRED = "Your card's expiration date is in the past.";
export const localCheckoutPath = (id: string) => `/checkout/local/${id}`;

/** Where a signed event goes: the app's own webhook, over HTTP (or in process for the CLI). */
export type WebhookSender = (payload: string, signature: string) => Promise<{ status: number; body: unknown }>;

export interface LocalCheckout extends PaymentProvider {
  readonly kind: 'local';
  readonly webhookSecret: string;
  session(id: string, userId: string): Promise<LocalCheckoutSession | null>;
  /** Checks the card like test mode does, marks the session paid and sends the signed webhook. */
  pay(id: string, userId: string, card: LocalCheckoutPayRequest, send: WebhookSender): Promise<{ redirectUrl: string }>;
  /** Sends a signed `charge.dispute.created` (an operator's test of the dispute path). */
  dispute(payment: { paymentId: string; paymentIntentId: string; amount: number }): Promise<unknown>;
  /** The sender `refund` and `dispute` use (set by the payments module: the app's own webhook handler). */
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
 * The embedded payment provider: a test-mode card form on the app's own origin. Paying sends the
 * app a Stripe-shaped, correctly signed webhook, so signature checks, idempotency, the ledger and
 * the receipt run exactly as they do with Stripe, with no keys. The signing secret is
 * STRIPE_WEBHOOK_SECRET when set, else derived from AUTH_SECRET, so every process of one install
 * agrees on it.
 */
export function createLocalCheckout(db: Db, opts: { authSecret: string; webhookSecret?: string; now: () => Date }): LocalCheckout {
  const webhookSecret = opts.webhookSecret ?? `whsec_local_${createHmac('sha256', opts.authSecret).update('local-checkout-webhook').digest('hex').slice(0, 32)}`;
  const id = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;
  let sender: WebhookSender | null = null;

  const signed = async (send: WebhookSender, type: string, object: Record<string, unknown>) => {
    const created = Math.floor(opts.now().getTime() / 1000);
    const payload = JSON.stringify({ id: id('evt'), object: 'event', type, created, livemode: false, api_version: '2025-01-27', data: { object } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: created });
    const r = await send(payload, signature);
    if (r.status >= 400) throw new DomainError(`The app refused the payment webhook: ${JSON.stringify(r.body)}`, 502, 'webhook_refused');
    return r.body;
  };
  const charge = (payment: { paymentIntentId: string }, amount: number, refunded: number) => ({
    id: id('ch'), object: 'charge', payment_intent: payment.paymentIntentId, amount, amount_refunded: refunded, refunded: refunded >= amount, currency: 'usd',
  });

  const toSession = (r: Record<string, any>): LocalCheckoutSession => ({
    id: r.id, product: r.product_name, credits: r.credits, amount: r.amount, currency: r.currency, status: r.status, cancelUrl: r.cancel_url, successUrl: r.success_url,
  });

  return {
    kind: 'local',
    webhookSecret,
    useSender(send) {
      sender = send;
    },
    async createCheckout({ userId, email, line, successUrl, cancelUrl }: CheckoutInput) {
      const sessionId = id('cs');
      await db.insertInto('local_checkout_sessions').values({
        id: sessionId, user_id: userId, email, product_id: line.productId, product_name: line.quantity > 1 ? `${line.name} ×${line.quantity}` : line.name,
        quantity: line.quantity, credits: line.credits, amount: line.unitAmount * line.quantity, currency: 'usd',
        success_url: successUrl, cancel_url: cancelUrl, payment_intent_id: id('pi'), created_at: opts.now(),
      }).execute();
      return { url: localCheckoutPath(sessionId), sessionId };
    },
    async session(sessionId, userId) {
      const r = await db.selectFrom('local_checkout_sessions').selectAll().where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
      return r ? toSession(r) : null;
    },
    async pay(sessionId, userId, card, send) {
      const digits = card.cardNumber.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) throw new DomainError(CARD_INVALID, 400, 'card_invalid');
      const [mm, yy] = card.expiry.split('/').map((s) => Number(s.trim()));
      const now = opts.now();
      if (2000 + yy! < now.getUTCFullYear() || (2000 + yy! === now.getUTCFullYear() && mm! < now.getUTCMonth() + 1)) throw new DomainError(CARD_EXPIRED, 400, 'card_expired');
      if (digits !== LOCAL_TEST_CARDS.success) throw new DomainError(CARD_DECLINED, 402, 'card_declined');
      // Open → paid once: a second click (or a second tab) pays nothing more.
      const row = await db.updateTable('local_checkout_sessions').set({ status: 'paid', paid_at: now })
        .where('id', '=', sessionId).where('user_id', '=', userId).where('status', '=', 'open').returningAll().executeTakeFirst();
      if (!row) {
        const existing = await this.session(sessionId, userId);
        if (!existing) throw new DomainError('Checkout session not found', 404, 'not_found');
        if (existing.status === 'paid') return { redirectUrl: existing.successUrl };
        throw new DomainError('This checkout session has expired', 409, 'expired');
      }
      await signed(send, 'checkout.session.completed', {
        id: row.id, object: 'checkout.session', mode: row.product_id === 'pack' ? 'payment' : 'subscription', payment_status: 'paid', status: 'complete',
        client_reference_id: row.user_id, customer_email: row.email, amount_subtotal: row.amount, amount_total: row.amount, currency: row.currency,
        metadata: { product: row.product_id }, payment_intent: row.payment_intent_id, subscription: null,
      });
      return { redirectUrl: row.success_url };
    },
    async refund(payment, amount) {
      if (!sender) throw new Error('The local checkout has no webhook sender');
      // Refunds add up, as Stripe's `amount_refunded` does.
      const row = await db.updateTable('local_checkout_sessions')
        .set({ refunded: sql`least(amount, refunded + ${amount ?? 2_000_000_000})` })
        .where('id', '=', payment.paymentId).where('status', '=', 'paid').returning(['amount', 'refunded']).executeTakeFirst();
      if (!row) throw new DomainError('No paid local checkout matches the payment', 404, 'not_found');
      return signed(sender, 'charge.refunded', charge(payment, row.amount, row.refunded));
    },
    async dispute(payment) {
      if (!sender) throw new Error('The local checkout has no webhook sender');
      return signed(sender, 'charge.dispute.created', {
        id: id('dp'), object: 'dispute', amount: payment.amount, currency: 'usd', payment_intent: payment.paymentIntentId, reason: 'fraudulent', status: 'needs_response',
      });
    },
  };
}
