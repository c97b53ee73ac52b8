import { afterAll, beforeAll, describe, it } from 'vitest';
import { createLocalCheckout, createStripeCheckout } from '../src/modules/payments/index';
import { startTestApp, type TestApp } from '../src/testing/app';
import { paymentsContract } from './payments.contract';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

// The embedded default: sessions in Postgres, paid on /checkout/local/:id of the app's own origin.
paymentsContract('local checkout', async () => ({
  provider: createLocalCheckout(app.ctx.db, { authSecret: 'contract-secret', now: () => new Date() }),
  isCheckoutUrl: (url) => /^\/checkout\/local\/cs_local_[0-9a-f]{24}$/.test(url),
}));

// Production: Stripe Checkout Sessions with a test-mode key (sk_test_…).
const key = process.env.STRIPE_SECRET_KEY;
if (!key) {
  console.log('[skip] payments contract against Stripe: STRIPE_SECRET_KEY is not set (set a test-mode key and STRIPE_WEBHOOK_SECRET to run it).');
  describe.skip('payments contract: stripe (STRIPE_SECRET_KEY unset)', () => it('needs STRIPE_SECRET_KEY', () => {}));
} else {
  paymentsContract('stripe', async () => ({
    provider: createStripeCheckout({ secretKey: key, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_contract_unset' }),
    isCheckoutUrl: (url) => url.startsWith('https://checkout.stripe.com/'),
  }));
}
