/**
 * Credits screens in real Chromium against the built app on the real backend: the pricing page
 * (four plans and the pack from GET /api/plans, the 'Redirecting to Payment' toast), buying the Pro
 * plan on the local checkout page (a declined card, then the test card; the app receives a signed
 * webhook), the receipt e-mail and the purchases on /credits, a refund that leaves credits owed,
 * and the /credits history showing a purchase made through the signed payment webhook.
 *
 * Run: npm run build && npx vitest run --project e2e frontend/test/credits.e2e.test.ts
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_INDEX, releaseChromium, sharedChromium, SHOTS, TEST_APP_MODULE, screenshot } from './support';

interface TestApp {
  url: string;
  createUser(opts?: {
    email?: string;
    password?: string;
    name?: string;
  }): Promise<{ id: string; email: string; token: string }>;
  services: {
    mail: { list(o: { to?: string }): Promise<Array<{ template: string; subject: string }>> };
    credits: { spendAll(userId: string, input: unknown, meta: { now: Date; actor: string }): Promise<unknown> };
    payments: { refund(paymentId: string, amountCents?: number): Promise<void> };
  };
  close(): Promise<void>;
}
interface StripeLike {
  webhooks: { generateTestHeaderString(opts: { payload: string; secret: string }): string };
}

const STRIPE_MODULE = 'stripe';
const SECRET = 'whsec_e2e_credits';
const PASSWORD = 'correct horse battery';
const CHECKOUT = 'https://buy.stripe.com/test_e2e';
/** The local checkout's test card that is always declined. */
const LOCAL_CARD_DECLINED = '4000000000000002';

let app: TestApp;
let browser: Browser;
let stripe: StripeLike;
let user: { id: string; email: string };

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o: unknown): Promise<TestApp>;
  };
  stripe = ((await import(/* @vite-ignore */ STRIPE_MODULE)) as { default: StripeLike }).default;
  app = await startTestApp({
    config: { stripeWebhookSecret: SECRET },
  });
  user = await app.createUser({
    email: `buyer.${Date.now().toString(36)}@example.com`,
    password: PASSWORD,
    name: 'Grace Hopper',
  });
  browser = await sharedChromium();
});

afterAll(async () => {
  await releaseChromium(browser);
  await app?.close();
});

async function signedInPage(pathname: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // The payment provider is outside the sandbox: answer its pages locally.
  await context.route('https://buy.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Checkout</h1>' }),
  );
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  await page.goto(`${app.url}${pathname}`);
  await page.getByRole('heading', { name: 'Sign in to FundFlow' }).waitFor();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  return { context, page };
}

async function deliverPurchase(sessionId: string, amount: number) {
  const payload = JSON.stringify({
    id: `evt_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        client_reference_id: user.id,
        payment_status: 'paid',
        amount_subtotal: amount,
        amount_total: amount,
        currency: 'usd',
        metadata: {},
        subscription: null,
      },
    },
  });
  const res = await fetch(`${app.url}/api/webhooks/payments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    },
    body: payload,
  });
  expect(res.status).toBe(200);
  return res.json();
}

describe('credits screens (e2e)', () => {
  it('pricing shows the balance, the four plans and the pack; buy buttons for priced products, a contact link for the custom plan', async () => {
    const { context, page } = await signedInPage('/pricing');
    await page.getByRole('heading', { name: 'Credits & Plans' }).waitFor();
    await expect.poll(() => page.getByTestId('pricing-balance').innerText()).toBe('1 credit');

    const cards = page.locator('[data-testid^="plan-"]');
    await cards.first().waitFor();
    expect(await cards.locator('h3').allInnerTexts()).toEqual(['Basic', 'Pro', 'Elite', 'Full stack DFY']);
    const basic = page.getByTestId('plan-basic');
    expect(await basic.innerText()).toMatch(
      /\$590\s*\/yr[\s\S]*Pause or cancel anytime\.[\s\S]*500 credits[\s\S]*\$1\.18 per credit/,
    );
    const pro = page.getByTestId('plan-pro');
    expect(await pro.innerText()).toMatch(
      /Most Popular[\s\S]*\$1,500\s*\/yr[\s\S]*1,800 credits[\s\S]*\$0\.83 per credit[\s\S]*Priority support/,
    );
    const elite = page.getByTestId('plan-elite');
    expect(await elite.innerText()).toMatch(
      /Best Value[\s\S]*\$3,000\s*\/yr[\s\S]*4,500 credits[\s\S]*\$0\.67 per credit[\s\S]*Dedicated account manager[\s\S]*Custom integrations/,
    );
    const dfy = page.getByTestId('plan-dfy');
    expect(await dfy.innerText()).toMatch(/Unlimited applications/);
    expect(await dfy.innerText()).not.toMatch(/\$\d/);
    const pack = page.getByTestId('credit-pack');
    expect(await pack.innerText()).toMatch(/50 credits[\s\S]*\$1\.94 per credit[\s\S]*\$97/);

    // Priced products are bought through a checkout the server creates; the contact-only plan opens the contact page.
    for (const id of ['basic', 'pro', 'elite'])
      await page
        .getByTestId(`plan-${id}`)
        .getByRole('button', { name: /^Choose / })
        .waitFor();
    await pack.getByRole('button', { name: 'Buy 50 credits' }).waitFor();
    expect(await dfy.getByRole('link', { name: /Contact us/i }).getAttribute('href')).toMatch(/^mailto:|^https?:/);
    // Issue 24: the local checkout has no quantity, so none is promised; a mailto is not a payment.
    expect(await pack.innerText()).not.toMatch(/quantity adjustable/i);
    const contact = dfy.getByRole('link', { name: /Contact us/i });
    if ((await contact.getAttribute('href'))!.startsWith('mailto:')) {
      // The mail program must not open in the test browser; React's handler still runs.
      await contact.evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
      await contact.click();
      await page.waitForTimeout(1_000);
      expect(await page.getByRole('status').filter({ hasText: 'Redirecting to Payment' }).count()).toBe(0);
    }
    await context.close();
  });

  it('the history page shows a purchase made through the payment webhook, with the running balance', async () => {
    expect(await deliverPurchase('cs_e2e_pack', 9700)).toEqual({ received: true, credited: 50, duplicate: false });
    const { context, page } = await signedInPage('/credits');
    await page.getByRole('heading', { name: 'Credit History' }).waitFor();
    await expect.poll(() => page.getByTestId('history-balance').innerText()).toBe('51 credits');
    const rows = page.getByTestId('movement-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    // Newest first: the purchase, then the free starting credit.
    expect(await rows.nth(0).innerText()).toMatch(/Purchased\s+Credit Pack: 50 credits\s+\+50\s+51/);
    expect(await rows.nth(1).innerText()).toMatch(/Granted\s+Free starting credit\s+\+1\s+1/);
    await page.getByRole('img', { name: 'Credit balance over time' }).waitFor();

    // Sorting by amount, ascending, is done by the server.
    await page.getByRole('button', { name: 'Amount' }).click();
    await expect.poll(async () => (await rows.nth(0).innerText()).includes('Purchased')).toBe(true);
    await page.getByRole('button', { name: 'Amount' }).click();
    await expect.poll(async () => (await rows.nth(0).innerText()).includes('Free starting credit')).toBe(true);
    await context.close();
  });

  it('buys the Pro plan on the local checkout page (a declined card first), sees the credits and the receipt; a refund takes them back', async () => {
    const { context, page } = await signedInPage('/pricing');
    await page.getByRole('heading', { name: 'Credits & Plans' }).waitFor();
    await expect.poll(() => page.getByTestId('pricing-balance').innerText()).toBe('51 credits');
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('plan-pro').getByRole('button', { name: 'Choose Pro' }).click(),
    ]);
    await page.getByRole('status').filter({ hasText: 'Redirecting to Payment' }).waitFor();
    await checkout.waitForURL(/\/checkout\/local\/cs_local_/);
    await checkout.getByText('Test mode').waitFor();
    // The notice every local checkout page shows (a production demo runs it with ALLOW_TEST_CHECKOUT=1).
    expect(await checkout.getByRole('note').innerText()).toContain(
      'This is a test checkout: no real payment is taken and only test cards are accepted.',
    );
    expect(await checkout.getByTestId('checkout-amount').innerText()).toBe('$1,500');
    await checkout.getByLabel('Card number').fill(LOCAL_CARD_DECLINED);
    await checkout.getByLabel('Expiry date').fill('1234');
    await checkout.getByLabel('CVC').fill('123');
    await checkout.getByLabel('Name on card').fill('Grace Hopper');
    await shoot(checkout, 'local-checkout');
    await checkout.getByRole('button', { name: 'Pay $1,500' }).click();
    await checkout.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();

    await checkout.getByLabel('Card number').fill('4242424242424242');
    expect(await checkout.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    await checkout.getByRole('button', { name: 'Pay $1,500' }).click();
    await checkout.waitForURL(/\/credits\?purchase=success/);
    // Back from the checkout: the notice says so once the server holds the purchase.
    await checkout.getByTestId('payment-return-notice').filter({ hasText: 'Payment succeeded' }).waitFor();
    await expect.poll(() => checkout.getByTestId('history-balance').innerText()).toBe('1,851 credits');
    const purchase = checkout.getByTestId('purchase-row').filter({ hasText: 'Pro plan' });
    await purchase.waitFor();
    expect(await purchase.innerText()).toMatch(
      /Pro plan: 1,800 credits[\s\S]*Receipt cs_local_[\s\S]*\$1,500[\s\S]*1,800 credits[\s\S]*Paid/,
    );
    const receipt = (await app.services.mail.list({ to: user.email })).find((m) => m.template === 'receipt');
    expect(receipt?.subject).toBe('Receipt: Pro plan: 1,800 credits ($1,500)');
    await shoot(checkout, 'credits-purchases');

    // The payment is refunded after 1,000 credits were spent: the balance goes to 0, 949 are owed.
    const paymentId = (await purchase.innerText()).match(/Receipt (cs_local_[0-9a-f]+)/)![1]!;
    await app.services.credits.spendAll(
      user.id,
      {
        spendKind: 'angel_export',
        insufficientMessage: 'x',
        items: Array.from({ length: 1000 }, (_, i) => ({
          reference: `e2e-export-${i}`,
          amount: 1,
          reason: 'Angel investor export',
        })),
      },
      { now: new Date(), actor: user.id },
    );
    await app.services.payments.refund(paymentId);
    await checkout.reload();
    await expect.poll(() => checkout.getByTestId('history-balance').innerText()).toBe('0 credits');
    await expect.poll(() => checkout.getByTestId('credits-owed').innerText()).toBe('949');
    expect(await purchase.innerText()).toMatch(/Refunded/);
    await shoot(checkout, 'credits-owed');
    await context.close();
  });
});

/** Screenshots at 1280 and 375 px, light and dark, into frontend/screenshots/ with E2E_SHOTS=1 (looked at by hand). */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      // The theme as the app applies it (a class on <html>), without a reload that would lose the form.
      await page.evaluate((t) => {
        document.documentElement.classList.remove('light', 'dark');
        document.documentElement.classList.add(t);
        document.documentElement.style.colorScheme = t;
      }, scheme);
      await screenshot(page, { path: path.join(SHOTS, `${name}-${width}-${scheme}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
