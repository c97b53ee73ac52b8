import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { PaymentsContext } from './index';
import { DomainError } from '../../platform/decider';
import { resolvePurchase } from '../credits/index';

export const WEBHOOK_PATH = '/api/webhooks/payments';
export const PAYMENT_ACTOR = 'payment:stripe';

/** Why a verified event credits nothing (answered 200 so the provider does not retry it). */
type Ignored = { received: true; ignored: string };

/**
 * POST /api/webhooks/payments: Stripe-compatible. The signature is checked on the raw body with
 * the configured secret before anything else; the user comes from the `client_reference_id` the
 * payment link carried (or, for a yearly renewal, from the subscription of the first payment);
 * credits come from the price list (plans.ts). A payment or event seen before credits nothing.
 */
export function paymentWebhookRoutes(scope: FastifyInstance, ctx: PaymentsContext) {
  // Signature verification needs the body exactly as sent: this scope keeps it as bytes.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  scope.post(WEBHOOK_PATH, async (req, reply) => {
    const secret = ctx.config.stripeWebhookSecret;
    if (!secret) throw new DomainError('Payments are not configured', 503, 'payments_not_configured');
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (typeof signature !== 'string') throw new Error('missing signature');
      event = Stripe.webhooks.constructEvent(raw, signature, secret);
    } catch {
      throw new DomainError('Invalid signature', 400, 'invalid_signature');
    }
    const meta = { now: ctx.clock.now(), actor: PAYMENT_ACTOR, correlationId: event.id };

    let purchase: { userId: string; paymentId: string; product: string | null; subtotal: number | null; currency: string | null; subscriptionId: string | null } | Ignored;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const s = event.data.object;
        // A delayed payment method completes the session unpaid; its async_payment_succeeded event credits it.
        if (s.payment_status !== 'paid') {
          purchase = { received: true, ignored: `payment status ${s.payment_status}` };
          break;
        }
        const userId = s.client_reference_id;
        if (!userId || !(await ctx.accounts.isRegistered(userId))) throw new DomainError('No user matches the payment reference', 422, 'unknown_user');
        const subscriptionId = typeof s.subscription === 'string' ? s.subscription : (s.subscription?.id ?? null);
        purchase = { userId, paymentId: s.id, product: s.metadata?.product ?? null, subtotal: s.amount_subtotal, currency: s.currency, subscriptionId };
        break;
      }
      case 'invoice.paid': {
        const inv = event.data.object;
        // The first invoice of a subscription is paid through its checkout session, credited above.
        if (inv.billing_reason !== 'subscription_cycle') {
          purchase = { received: true, ignored: `billing reason ${inv.billing_reason}` };
          break;
        }
        const sub = inv.parent?.subscription_details?.subscription ?? (inv as unknown as { subscription?: string | { id: string } }).subscription;
        const subscriptionId = typeof sub === 'string' ? sub : (sub?.id ?? null);
        const row = subscriptionId
          ? await ctx.db.selectFrom('credit_subscriptions').select(['user_id', 'product_id']).where('subscription_id', '=', subscriptionId).executeTakeFirst()
          : undefined;
        if (!row || !inv.id) throw new DomainError('No user matches the subscription', 422, 'unknown_subscription');
        purchase = { userId: row.user_id, paymentId: inv.id, product: row.product_id, subtotal: inv.subtotal, currency: inv.currency, subscriptionId };
        break;
      }
      default:
        purchase = { received: true, ignored: `event type ${event.type}` };
    }
    if ('ignored' in purchase) return reply.send(purchase);

    const resolved = resolvePurchase({ product: purchase.product, amountSubtotal: purchase.subtotal, currency: purchase.currency });
    if (!resolved.ok) throw new DomainError(resolved.error, 422, 'unknown_product');
    const r = await ctx.credits.purchase(
      purchase.userId,
      { amount: resolved.credits, paymentId: purchase.paymentId, productId: resolved.productId, reason: resolved.reason, providerEventId: event.id, quantity: resolved.quantity, subscriptionId: purchase.subscriptionId },
      meta,
    );
    // The founder's next look at their balance should show the purchase.
    await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
    return reply.send({ received: true, credited: r.changed ? resolved.credits : 0, duplicate: !r.changed });
  });
}
