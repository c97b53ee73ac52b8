import { API_ROUTES, CheckoutRequest, LocalCheckoutPayRequest, pathParams } from '@fp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth';
import { DomainError } from '../../platform/decider';
import { parse } from '../../platform/http';
import { idempotencyKeyOf } from '../../platform/idempotency';
import { typedRoute } from '../../platform/typed-route';
import type { PaymentsContext } from './context';
import { createCheckout } from './create-checkout';
import { listPurchases, readReceipt } from './list-purchases';
import { isLocalCheckout } from './local-checkout';
import { receivePaymentEvent } from './receive-payment-webhook';

export const WEBHOOK_PATH = API_ROUTES.paymentsWebhook;

/**
 * POST /api/webhooks/payments: Stripe's events (or the local checkout's, signed the same way). The
 * signature is checked on the raw body with the provider's secret before anything else.
 */
function paymentWebhookRoutes(scope: FastifyInstance, ctx: PaymentsContext) {
  // Signature verification needs the body exactly as sent: this scope keeps it as bytes.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  scope.post(WEBHOOK_PATH, async (req, reply) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.headers['stripe-signature'];
    return reply.send(await receivePaymentEvent(ctx, raw, typeof signature === 'string' ? signature : undefined));
  });
}

/**
 * POST /api/checkout { product, quantity? } → { url }: a checkout session for the signed-in founder.
 * GET /api/purchases lists what they bought; the local checkout's own calls live under /api/local-checkout.
 */
function checkoutRoutes(app: FastifyInstance, ctx: PaymentsContext) {
  const origin = (req: FastifyRequest) => ctx.config.publicUrl.replace(/\/$/, '') || `${req.protocol}://${req.host}`;

  typedRoute(app, 'checkout', 'POST', async (req) => {
    const user = requireUser(req);
    return createCheckout(ctx, user, parse(CheckoutRequest, req.body ?? {}), origin(req), idempotencyKeyOf(req));
  });

  typedRoute(app, 'purchases', 'GET', async (req) => listPurchases(ctx, requireUser(req).id));

  app.get(API_ROUTES.purchaseReceipt, async (req) =>
    readReceipt(ctx, requireUser(req).id, parse(pathParams('purchaseReceipt'), req.params).id),
  );

  const local = isLocalCheckout(ctx.provider) ? ctx.provider : null;
  typedRoute(app, 'localCheckout', 'GET', async (req) => {
    const user = requireUser(req);
    const s = local ? await local.session(req.params.id, user.id) : null;
    if (!s) throw new DomainError('Checkout session not found', 404, 'not_found');
    return s;
  });

  typedRoute(app, 'localCheckoutPay', 'POST', async (req) => {
    const user = requireUser(req);
    if (!local) throw new DomainError('Checkout session not found', 404, 'not_found');
    const card = parse(LocalCheckoutPayRequest, req.body ?? {});
    // The signed webhooks go to the handler Stripe's events go through (the module's sender), in this
    // process: no loopback HTTP call that a proxy, the security guards or another address could refuse.
    return local.pay(req.params.id, user.id, card);
  });
}

/** The payments module's HTTP: the provider's webhook (its own raw-body scope) and the founder's checkout calls. */
export async function paymentsRoutes(app: FastifyInstance, ctx: PaymentsContext) {
  await app.register(async (scope) => paymentWebhookRoutes(scope, ctx));
  checkoutRoutes(app, ctx);
}
