import { describe, expect, it } from 'vitest';
import { auditLedger, checkoutLine } from '../src/modules/credits/index';
import type { PaymentProvider } from '../src/modules/payments/index';
import type { TestApp } from '../src/testing/app';

/** A webhook as delivered: its body and signature, so a test can deliver it again. */
export type Delivery = { payload: string; signature: string };

/**
 * What the refund and dispute half of the contract needs of an adapter: an app whose payment
 * provider is the adapter, and the provider's side of a purchase (paying, the bank's dispute, the
 * events it reports), each delivered to that app's webhook.
 */
export interface PurchaseDriver {
  app: TestApp;
  /**
   * Pays for `product` (a plan is a subscription-mode checkout, the pack payment mode) as the
   * founder and delivers everything the provider reports of it. Answers the purchase's payment id.
   * `disputed`: pay with what the card holder will dispute (Stripe's test card that is disputed).
   */
  buy(
    user: { id: string; email: string; token: string },
    product: 'pro' | 'pack',
    opts?: { disputed?: boolean },
  ): Promise<string>;
  /** Delivers the provider's report of a refund now `refundedCents` in all (local: already delivered). */
  afterRefund(paymentId: string, refundedCents: number): Promise<void>;
  /** The card holder's bank disputes the payment; the provider's event is delivered and returned. */
  dispute(paymentId: string): Promise<Delivery>;
  /** Posts a delivery to the app's webhook again (the provider's retry). */
  redeliver(d: Delivery): Promise<{ status: number; body: any }>;
}

/**
 * The payment port's contract: the local checkout and Stripe pass it. A checkout session is made
 * for a plan (yearly) and for the pack (one-time) with the founder's reference; its URL is where
 * the founder pays; a webhook secret exists to verify what the provider reports. Then, in both
 * modes: a purchase credits once; an operator's refund (part, then the rest) and a dispute take
 * its credits back. A plan's checkout has no payment intent: its refund and dispute
 * must still find the purchase.
 */
export function paymentsContract(
  name: string,
  make: () => Promise<{ provider: PaymentProvider; isCheckoutUrl: (url: string) => boolean }>,
  purchases?: () => Promise<PurchaseDriver>,
) {
  describe(`payments contract: ${name}`, () => {
    const input = (product: string, quantity = 1) => ({
      userId: 'user_contract',
      email: 'founder@example.com',
      line: checkoutLine(product, quantity)!,
      successUrl: 'http://localhost:3000/credits?purchase=success',
      cancelUrl: 'http://localhost:3000/pricing?purchase=cancelled',
    });

    it('has a webhook secret to verify events with', async () => {
      const { provider } = await make();
      expect(provider.webhookSecret).toMatch(/^whsec_/);
    });

    it('creates a checkout session for a yearly plan and for credit packs, each with its own id and payment URL', async () => {
      const { provider, isCheckoutUrl } = await make();
      const plan = await provider.createCheckout(input('pro'));
      const packs = await provider.createCheckout(input('pack', 3));
      for (const s of [plan, packs]) {
        expect(isCheckoutUrl(s.url), s.url).toBe(true);
        expect(s.sessionId).toMatch(/^cs_/);
      }
      expect(plan.sessionId).not.toBe(packs.sessionId);
    });

    if (!purchases) return;
    const modes = [
      { mode: 'subscription', product: 'pro' },
      { mode: 'payment', product: 'pack' },
    ] as const;
    for (const { mode, product } of modes) {
      const line = checkoutLine(product)!;

      it(
        `${mode} mode (${product}): the purchase credits once; a partial refund, then a full one, take its credits back`,
        { timeout: 180_000 },
        async () => {
          const d = await purchases();
          const { app } = d;
          const balance = async (u: { token: string }) =>
            (await app.api('GET', '/api/credits/balance', { token: u.token })).body.balance as number;
          const u = await app.createUser();
          await app.ctx.projections.waitFor(undefined, 20_000);
          const start = await balance(u);

          const id = await d.buy(u, product);
          expect(await balance(u)).toBe(start + line.credits);
          const bought = await app.services.credits.findPayment({ paymentId: id });
          // The shapes of each mode, as the provider reported them.
          if (mode === 'subscription')
            expect(bought).toMatchObject({
              paymentIntentId: null,
              invoiceId: expect.stringMatching(/^in_/),
              subscriptionId: expect.stringMatching(/^sub_/),
            });
          else
            expect(bought).toMatchObject({
              paymentIntentId: expect.stringMatching(/^pi_/),
              invoiceId: null,
              subscriptionId: null,
            });

          const half = line.unitAmount / 2;
          await app.services.payments.refund(id, half);
          await d.afterRefund(id, half);
          await app.ctx.projections.waitFor(undefined, 20_000);
          expect(await balance(u)).toBe(start + line.credits / 2);
          await app.services.payments.refund(id);
          await d.afterRefund(id, line.unitAmount);
          await app.ctx.projections.waitFor(undefined, 20_000);
          expect(await balance(u)).toBe(start);
          const listed = (await app.api('GET', '/api/purchases', { token: u.token })).body.purchases;
          expect(listed).toEqual([
            expect.objectContaining({ paymentId: id, status: 'refunded', reversedCredits: line.credits }),
          ]);
          const audit = await auditLedger({ ...app.ctx, pool: app.ctx.pool });
          expect(audit.ok, JSON.stringify(audit.rows.filter((r) => r.problem))).toBe(true);
        },
      );

      it(
        `${mode} mode (${product}): a dispute takes all its credits back; the provider's retry of it nothing more`,
        { timeout: 180_000 },
        async () => {
          const d = await purchases();
          const { app } = d;
          const balance = async (u: { token: string }) =>
            (await app.api('GET', '/api/credits/balance', { token: u.token })).body.balance as number;
          const u = await app.createUser();
          await app.ctx.projections.waitFor(undefined, 20_000);
          const start = await balance(u);

          const id = await d.buy(u, product, { disputed: true });
          expect(await balance(u)).toBe(start + line.credits);
          const dispute = await d.dispute(id);
          await app.ctx.projections.waitFor(undefined, 20_000);
          expect(await balance(u)).toBe(start);
          expect(await d.redeliver(dispute)).toMatchObject({ status: 200, body: { reversed: 0, duplicate: true } });
          const listed = (await app.api('GET', '/api/purchases', { token: u.token })).body.purchases;
          expect(listed).toEqual([
            expect.objectContaining({ paymentId: id, status: 'disputed', reversedCredits: line.credits }),
          ]);
          const audit = await auditLedger({ ...app.ctx, pool: app.ctx.pool });
          expect(audit.ok, JSON.stringify(audit.rows.filter((r) => r.problem))).toBe(true);
        },
      );
    }
  });
}
