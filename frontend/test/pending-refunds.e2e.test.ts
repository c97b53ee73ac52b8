/**
 * Pending refunds on the operators' Ledger page, in real Chromium against the built app on real
 * Postgres: a founder's charge whose refund the ledger refused is listed as pending (what it gives
 * back, why, the last error, the next try); an auditor sees it without a Retry button; the operator
 * presses "Retry now", the credit lands on the founder's ledger and the row moves to the landed
 * list. (How a refused refund becomes pending is backend/test/pending-refunds.int.test.ts; here the
 * pending refund is written to the log as that code writes it.) Screenshots (1280 and 375 px, dark
 * and light) go to frontend/screenshots/ with E2E_SHOTS=1.
 *
 * Run: npm run build && npx vitest run --project e2e frontend/test/pending-refunds.e2e.test.ts
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  atEachWidthAndTheme,
  DIST_INDEX,
  releaseChromium,
  sharedChromium,
  SHOTS,
  TEST_APP_MODULE,
  screenshot,
  themeUnlessStored,
} from './support';

interface TestApp {
  url: string;
  createUser(opts?: {
    email?: string;
    password?: string;
    name?: string;
    admin?: boolean;
  }): Promise<{ id: string; email: string; token: string }>;
  services: {
    accounts: {
      grantRole(userId: string, role: 'admin' | 'auditor', meta: { now: Date; actor: string }): Promise<unknown>;
    };
    credits: {
      spend(
        userId: string,
        input: {
          amount: number;
          spendKind: 'angel_export';
          reference: string;
          reason: string;
          insufficientMessage: string;
        },
        meta: { now: Date; actor: string },
      ): Promise<unknown>;
      balance(userId: string): Promise<number>;
    };
  };
  ctx: {
    store: {
      append(streamId: string, events: { type: string; data: unknown }[], expected: 'no_stream'): Promise<unknown>;
    };
    projections: { waitFor(checkpoint?: string, timeoutMs?: number): Promise<void> };
  };
  close(): Promise<void>;
}

const PASSWORD = 'correct horse battery';
const OPERATOR = 'refunds.operator@example.com';
const AUDITOR = 'refunds.auditor@example.com';
const FOUNDER = 'linus.founder@example.com';
const REFERENCE = 'angel-export-7f3c2a10';
const REASON = 'Angel investor export failed: the CSV stream broke';

let app: TestApp;
let browser: Browser;
let founderId: string;

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<TestApp>;
  };
  // No workers: the background retry must not land the refund before the operator does.
  app = await startTestApp({ workers: false });
  await app.createUser({ email: OPERATOR, password: PASSWORD, name: 'Olive Operator', admin: true });
  const auditorId = (await app.createUser({ email: AUDITOR, password: PASSWORD, name: 'Audrey Auditor' })).id;
  await app.services.accounts.grantRole(auditorId, 'auditor', { now: new Date(), actor: 'operator:test' });
  founderId = (await app.createUser({ email: FOUNDER, password: PASSWORD, name: 'Linus Founder' })).id;
  // The founder's free credit spent on an export whose refund the ledger refused.
  await app.services.credits.spend(
    founderId,
    {
      amount: 1,
      spendKind: 'angel_export',
      reference: REFERENCE,
      reason: 'Angel investor export (40 investors)',
      insufficientMessage: 'You need at least 1 credit to export data.',
    },
    { now: new Date(), actor: founderId },
  );
  await app.ctx.store.append(
    `pending-refund-${founderId}:${REFERENCE}`,
    [
      {
        type: 'RefundPending',
        data: {
          userId: founderId,
          reference: REFERENCE,
          reason: REASON,
          error: 'timeout exceeded when trying to connect',
          nextAttemptAt: new Date(Date.now() + 5_000).toISOString(),
        },
      },
    ],
    'no_stream',
  );
  await app.ctx.projections.waitFor(undefined, 20_000);
  mkdirSync(SHOTS, { recursive: true });
  browser = await sharedChromium();
});

afterAll(async () => {
  await releaseChromium(browser);
  await app?.close();
});

async function signIn(email: string, landing: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await themeUnlessStored(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  await page.goto(`${app.url}/`);
  await page.getByRole('heading', { name: 'Sign in to FundFlow' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('heading', { name: landing, exact: true }).waitFor();
  return { context, page };
}

const pendingRow = (page: Page) => page.getByRole('list', { name: 'Pending refunds' }).getByTestId('pending-refund');

describe('pending refunds on the Ledger page (e2e)', () => {
  it(
    'an operator sees a pending refund and lands it with Retry now; an auditor sees it without the button',
    { timeout: 180_000 },
    async () => {
      // The operator signs in once: each width and theme is a fresh load of the Ledger page.
      const { context, page } = await signIn(OPERATOR, 'Dashboard');
      await atEachWidthAndTheme(
        page,
        async (width, theme) => {
          await page.goto(`${app.url}/ops/ledger`);
          await pendingRow(page).first().waitFor();
          await screenshot(page, {
            path: path.join(SHOTS, `ops-pending-refunds-${width}-${theme}.png`),
            fullPage: true,
          });
        },
        { phoneHeight: 900 },
      );

      const auditor = await signIn(AUDITOR, 'Ledger');
      await pendingRow(auditor.page).first().waitFor();
      expect(
        await pendingRow(auditor.page)
          .getByRole('button', { name: /Retry the refund/ })
          .count(),
      ).toBe(0);
      await auditor.context.close();

      await page.goto(`${app.url}/ops/ledger`);
      const row = pendingRow(page).filter({ hasText: FOUNDER });
      await row.waitFor();
      await expect.poll(() => row.textContent()).toContain(REASON);
      expect(await row.textContent()).toContain('1 credit');
      expect(await row.textContent()).toContain('timeout exceeded when trying to connect');
      expect(await app.services.credits.balance(founderId)).toBe(0);
      // The retry's answer is held until the list's own poll has shown the refund landed: the list of pending
      // refunds is gone from the screen, and the operator must still see "Refund landed".
      let listLeftFirst = false;
      await page.route('**/api/ops/refunds/retry', async (route) => {
        const answer = await route.fetch();
        listLeftFirst = await page
          .getByText('No refund is pending')
          .waitFor({ timeout: 20_000 })
          .then(() => true)
          .catch(() => false);
        await route.fulfill({ response: answer });
      });
      await row.getByRole('button', { name: `Retry the refund to ${FOUNDER} now` }).click();
      await page.getByText('Refund landed').waitFor({ timeout: 45_000 });
      expect(listLeftFirst).toBe(true);
      await page.getByText('No refund is pending').waitFor();
      const landed = page.getByRole('region', { name: 'Landed in the last 7 days' }).getByTestId('pending-refund');
      await expect.poll(() => landed.filter({ hasText: FOUNDER }).count()).toBe(1);
      await app.ctx.projections.waitFor(undefined, 20_000);
      expect(await app.services.credits.balance(founderId)).toBe(1);
      await screenshot(page, { path: path.join(SHOTS, 'ops-pending-refunds-landed-1280-dark.png'), fullPage: true });
      await context.close();
    },
  );
});
