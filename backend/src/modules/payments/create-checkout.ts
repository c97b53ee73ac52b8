import { CheckoutRequest, LocalCheckoutPayRequest } from '@fp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { requireUser } from '../../platform/auth';
import { DomainError } from '../../platform/decider';
import { parse } from '../../platform/http';
import { checkoutLine } from '../credits/index';
import type { PaymentsContext } from './index';
import { isLocalCheckout } from './local-checkout';
import { WEBHOOK_PATH } from './receive-payment-webhook';
import { receiptPath } from './send-receipt';

/**
 * POST /api/checkout { product, quantity? } → { url }: a checkout session made on the server for the
 * signed-in founder (Stripe's hosted page, or the local checkout on this origin). GET /api/purchases
 * lists what they bought; the local checkout's own calls live under /api/local-checkout.
 */
export function checkoutRoutes(app: FastifyInstance, ctx: PaymentsContext) {
  const origin = (req: FastifyRequest) => ctx.config.publicUrl.replace(/\/$/, '') || `${req.protocol}://${req.host}`;

  app.post('/api/checkout', async (req) => {
    const user = requireUser(req);
    const body = parse(CheckoutRequest, req.body ?? {});
    const line = checkoutLine(body.product, body.quantity ?? 1);
    if (!line) throw new DomainError(`Unknown product: ${body.product}`, 400, 'unknown_product');
    const base = ctx.provider.kind === 'local' ? '' : origin(req);
    const { url } = await ctx.provider.createCheckout({
      userId: user.id,
      email: user.email,
      line,
      successUrl: `${base}/credits?purchase=success`,
      cancelUrl: `${base}/pricing?purchase=cancelled`,
    });
    return { url };
  });

  app.get('/api/purchases', async (req) => {
    const user = requireUser(req);
    const [purchases, owed] = await Promise.all([
      ctx.credits.purchases(user.id, receiptPath),
      ctx.credits.owed(user.id),
    ]);
    return { purchases, owed };
  });

  app.get<{ Params: { id: string } }>('/api/purchases/:id/receipt', async (req) => {
    const user = requireUser(req);
    const [p] = await ctx.credits.purchases(user.id, receiptPath, { paymentId: req.params.id });
    if (!p) throw new DomainError('Purchase not found', 404, 'not_found');
    return p;
  });

  const local = isLocalCheckout(ctx.provider) ? ctx.provider : null;
  app.get<{ Params: { id: string } }>('/api/local-checkout/:id', async (req) => {
    const user = requireUser(req);
    const s = local ? await local.session(req.params.id, user.id) : null;
    if (!s) throw new DomainError('Checkout session not found', 404, 'not_found');
    return s;
  });

  app.post<{ Params: { id: string } }>('/api/local-checkout/:id/pay', async (req) => {
    const user = requireUser(req);
    if (!local) throw new DomainError('Checkout session not found', 404, 'not_found');
    const card = parse(LocalCheckoutPayRequest, req.body ?? {});
    // The webhook goes to this very server over HTTP, as Stripe's would.
    const port = (req.server.server.address() as AddressInfo).port;
    return local.pay(req.params.id, user.id, card, async (payload, signature) => {
      const r = await fetch(`http://127.0.0.1:${port}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      return { status: r.status, body: await r.json().catch(() => null) };
    });
  });
}
