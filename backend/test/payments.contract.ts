import { describe, expect, it } from 'vitest';
import { checkoutLine } from '../src/modules/credits/index';
import type { PaymentProvider } from '../src/modules/payments/index';

/**
 * The payment port's contract: the local checkout and Stripe pass it. A checkout session is made
 * for a plan (yearly) and for the pack (one-time) with the founder's reference; its URL is where
 * the founder pays; a webhook secret exists to verify what the provider reports.
 */
export function paymentsContract(name: string, make: () => Promise<{ provider: PaymentProvider; isCheckoutUrl: (url: string) => boolean }>) {
  describe(`payments contract: ${name}`, () => {
    const input = (product: string, quantity = 1) => ({
      userId: 'user_contract', email: 'founder@example.com', line: checkoutLine(product, quantity)!,
      successUrl: 'http://localhost:3000/credits?purchase=success', cancelUrl: 'http://localhost:3000/pricing?purchase=cancelled',
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
  });
}
