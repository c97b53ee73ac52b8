/**
 * The founder's first hour, remaining gaps, in real Chromium against the built
 * app: a new account says "Welcome", and after signing out and in again "Welcome back" (the server's
 * record of the sign-in, asked right after it); a payment made in the checkout tab shows in the
 * pricing tab when the founder comes back to it (the server is asked on return, no timer polls).
 *
 * Run: flock -w 900 /tmp/fe.lock npx turbo run build --filter=@fp/frontend &&
 *      flock -s -w 900 /tmp/fe.lock npx vitest run --project e2e frontend/test/first-hour-gaps.e2e.test.ts
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIST_INDEX,
  type E2eTestApp,
  releaseChromium,
  sharedChromium,
  SHOTS,
  TEST_APP_MODULE,
  screenshot,
} from './support';

const PASSWORD = 'correct horse battery';
/** A normal browser's user agent (the app refuses HeadlessChrome). */
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let app: E2eTestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = `gaps.${Date.now().toString(36)}@example.com`;

beforeAll(async () => {
  if (!existsSync(DIST_INDEX))
    throw new Error('frontend/dist is missing: run `npx turbo run build --filter=@fp/frontend` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<E2eTestApp>;
  };
  app = await startTestApp();
  browser = await sharedChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: USER_AGENT });
  page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
}, 180_000);

afterAll(async () => {
  await context?.close();
  await releaseChromium(browser);
  await app?.close();
});

const balance = () => page.getByTestId('pricing-balance').innerText();

describe('first hour gaps (e2e)', () => {
  it(
    'says "Welcome" to a new account, then "Welcome back" after signing out and in again',
    { timeout: 180_000 },
    async () => {
      await page.goto(`${app.url}/`);
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await page.getByLabel('Name').fill('Gus Founder');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.getByText('Welcome, Gus!').waitFor();
      expect(await page.getByText('Welcome back').count()).toBe(0);
      // A reload in the sign-up's own session is no new sign-in.
      await page.reload();
      await page.getByText('Welcome, Gus!').waitFor();

      await page.getByRole('button', { name: /^Account:/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in to FundFlow' }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.getByText('Welcome back, Gus!').waitFor({ timeout: 30_000 });
      expect(await page.getByText('Welcome, Gus!').count()).toBe(0);
    },
  );

  it(
    'shows the credits paid for in the checkout tab when the founder returns to the pricing tab',
    { timeout: 240_000 },
    async () => {
      await page.goto(`${app.url}/pricing`);
      await page.getByRole('heading', { name: 'Credits & Plans' }).waitFor();
      await expect.poll(balance, { timeout: 30_000 }).toBe('1 credit');
      const [checkout] = await Promise.all([
        context.waitForEvent('page'),
        page
          .getByTestId('plan-basic')
          .getByRole('button', { name: /^Choose / })
          .click(),
      ]);
      await checkout.waitForURL(/\/checkout\/local\/cs_local_/);
      const price = (await checkout.getByTestId('checkout-amount').innerText()).trim();
      await checkout.getByLabel('Card number').fill('4242424242424242');
      await checkout.getByLabel('Expiry date').fill('1234');
      await checkout.getByLabel('CVC').fill('123');
      await checkout.getByLabel('Name on card').fill('Gus Founder');
      await checkout.getByRole('button', { name: `Pay ${price}` }).click();
      await checkout.waitForURL(/\/credits\?purchase=success/);
      // The checkout tab lands on the history with the server's new balance.
      await expect
        .poll(() => checkout.getByTestId('history-balance').innerText(), { timeout: 30_000 })
        .not.toBe('1 credit');
      const after = (await checkout.getByTestId('history-balance').innerText()).trim();
      expect(after).toMatch(/^[\d,]+ credits$/);

      // The pricing tab, untouched meanwhile, still shows what it read before the payment.
      expect(await balance()).toBe('1 credit');
      // The founder comes back to it. Headless Chromium keeps every tab "focused", so the return is the
      // window's focus event a real browser fires when the tab is brought to the front.
      await page.bringToFront();
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect.poll(balance, { timeout: 30_000 }).toBe(after);
      mkdirSync(SHOTS, { recursive: true });
      await screenshot(page, { path: path.join(SHOTS, 'first-hour-gaps-pricing-after-payment-1280-light.png') });
      await checkout.close();
    },
  );
});
