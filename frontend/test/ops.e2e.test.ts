/**
 * The operators' and auditors' screens in real Chromium against the built app on real Postgres:
 * an operator grants credits to a founder and disables the account (the founder's session ends
 * and sign-in is refused with the message); an auditor lands on the ledger (the only screen they
 * have), runs the full audit from the screen, sees it find a corrupted balance with its events and
 * downloads the CSV; an operator finds a failed application in the workflow console and retries it,
 * and stops a running one. Screenshots (1280 and 375 px, dark and light) go to frontend/screenshots/ with E2E_SHOTS=1.
 *
 * Run: npm run build && npx vitest run --project e2e frontend/test/ops.e2e.test.ts
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
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
  api(method: string, path: string, opts?: { token?: string; body?: unknown }): Promise<{ status: number; body: any }>;
  services: {
    accounts: {
      grantRole(userId: string, role: 'admin' | 'auditor', meta: { now: Date; actor: string }): Promise<unknown>;
    };
    mail: {
      send(
        template: 'verify-email',
        input: { to: string; userId?: string; data: { url: string } },
        meta: { now: Date; actor: string },
      ): Promise<unknown>;
    };
  };
  ctx: {
    projections: { waitFor(): Promise<void> };
    pool: { query(sql: string, values?: unknown[]): Promise<{ rows: any[] }> };
  };
  close(): Promise<void>;
}

const PASSWORD = 'correct horse battery';
const OPERATOR = 'ops.operator@example.com';
const AUDITOR = 'ledger.auditor@example.com';
const FOUNDER = 'grace.founder@example.com';

let app: TestApp;
let browser: Browser;
let founder: { id: string; token: string };
let auditorId: string;
let operatorToken: string;

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<TestApp>;
  };
  app = await startTestApp();
  operatorToken = (await app.createUser({ email: OPERATOR, password: PASSWORD, name: 'Olive Operator', admin: true }))
    .token;
  founder = await app.createUser({ email: FOUNDER, password: PASSWORD, name: 'Grace Founder' });
  auditorId = (await app.createUser({ email: AUDITOR, password: PASSWORD, name: 'Audrey Auditor' })).id;
  await app.services.accounts.grantRole(auditorId, 'auditor', { now: new Date(), actor: 'operator:test' });
  mkdirSync(SHOTS, { recursive: true });
  browser = await sharedChromium();
});

afterAll(async () => {
  await releaseChromium(browser);
  await app?.close();
});

async function signIn(email: string, landing: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
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

const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout, interval: 100 });

/** `url` loaded afresh at 1280 and 375 px, dark and light, on the test's signed-in page; `ready` waits for its content. */
async function shots(page: Page, url: string, name: string, ready: (page: Page) => Promise<unknown>) {
  await atEachWidthAndTheme(
    page,
    async (width, theme) => {
      await page.goto(`${app.url}${url}`);
      await ready(page);
      await screenshot(page, { path: path.join(SHOTS, `${name}-${width}-${theme}.png`), fullPage: true });
    },
    { phoneHeight: 900 },
  );
}

describe('operators (e2e)', () => {
  it(
    'grant credits to a founder with a reason, then disable the account: the session ends and sign-in is refused',
    { timeout: 180_000 },
    async () => {
      const founderSide = await signIn(FOUNDER, 'Dashboard');
      // A founder has no Ops section.
      expect(await founderSide.page.getByRole('link', { name: 'Users', exact: true }).count()).toBe(0);

      const { context, page } = await signIn(OPERATOR, 'Dashboard');
      await page.getByRole('link', { name: 'Operations', exact: true }).click();
      await page.getByRole('heading', { name: 'Operations' }).waitFor();
      await poll(() => page.getByTestId('ops-tile').count()).toBe(6);

      // The System page: four panels and every projection, read again every 5 s.
      await page.getByRole('link', { name: 'Open the system page' }).click();
      await page.getByRole('heading', { name: 'System', exact: true }).waitFor();
      await poll(() => page.getByTestId('system-panel').count()).toBe(4);
      expect(await page.getByRole('table', { name: 'Projections' }).getByRole('row').count()).toBeGreaterThan(10);
      const readAt = await page.getByText(/^Read /).textContent();
      await poll(async () => (await page.getByText(/^Read /).textContent()) !== readAt, 15_000).toBe(true);
      await page.goBack();
      await page.getByRole('heading', { name: 'Operations' }).waitFor();

      await page.getByRole('link', { name: 'Users', exact: true }).click();
      await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
      await page.getByLabel('Search users').fill('grace.founder');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await poll(() => page.getByTestId('ops-user-row').count()).toBe(1);
      const row = page.getByTestId('ops-user-row');
      expect(await row.getByTestId('ops-user-balance').textContent()).toBe('1');

      await row.getByRole('button', { name: 'Grant credits' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Credits').fill('5');
      await dialog.getByLabel('Reason').fill('Goodwill after the outage');
      await dialog.getByRole('button', { name: 'Grant credits' }).click();
      await page.getByText(`${FOUNDER} now has 6 credit(s).`).waitFor();
      await poll(() => row.getByTestId('ops-user-balance').textContent()).toBe('6');

      await row.getByRole('button', { name: 'Disable' }).click();
      await page.getByRole('dialog').getByLabel('Reason').fill('Chargeback fraud');
      await page.getByRole('dialog').getByRole('button', { name: 'Disable account' }).click();
      await row.getByText('Disabled', { exact: true }).waitFor();
      await row.getByText(/Chargeback fraud/).waitFor();

      // At once: the founder's token no longer works, their screen signs them out on its next call.
      expect((await app.api('GET', '/api/credits', { token: founder.token })).status).toBe(401);
      await founderSide.page.reload();
      await founderSide.page.getByRole('heading', { name: 'Sign in to FundFlow' }).waitFor();
      await founderSide.page.getByLabel('Email').fill(FOUNDER);
      await founderSide.page.getByLabel('Password').fill(PASSWORD);
      await founderSide.page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await founderSide.page.getByText('This account has been disabled. Contact support to restore access.').waitFor();
      await founderSide.context.close();

      // The operator's grant is on the founder's ledger with the operator as actor.
      await page.getByRole('link', { name: 'Ledger', exact: true }).click();
      await page.getByLabel('User e-mail').fill(FOUNDER);
      await page.getByRole('button', { name: 'Show ledger' }).click();
      await poll(() => page.getByTestId('ledger-line').count()).toBe(2);
      const last = page.getByTestId('ledger-line').nth(1);
      expect(await last.textContent()).toContain('Goodwill after the outage');
      expect(await last.textContent()).toContain(OPERATOR);

      await shots(page, '/ops/users', 'ops-users', (p) => p.getByTestId('ops-user-row').first().waitFor());
      await shots(page, '/ops', 'ops-home', (p) => poll(() => p.getByTestId('ops-tile').count()).toBe(6));
      await shots(page, '/ops/system', 'ops-system', (p) => poll(() => p.getByTestId('system-panel').count()).toBe(4));
      await context.close();
    },
  );
});

describe('auditors (e2e)', () => {
  it(
    'lands on the ledger, runs the full audit from the screen, sees the corrupted balance with its events and downloads the CSV',
    { timeout: 180_000 },
    async () => {
      await app.ctx.projections.waitFor();
      // A corrupted read-model balance for the audit to find.
      await app.ctx.pool.query('update credit_accounts set balance = 42 where user_id = $1', [founder.id]);

      const { context, page } = await signIn(AUDITOR, 'Ledger');
      expect(new URL(page.url()).pathname).toBe('/ops/ledger');
      // Only the ledger in the sidebar; founder screens send them back to it.
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      expect(await nav.getByRole('link').allTextContents()).toEqual(['Ledger']);
      await page.goto(`${app.url}/vc-database`);
      await page.getByRole('heading', { name: 'Ledger', exact: true }).waitFor();

      await page.getByText('No audit has been run yet').waitFor();
      await page.getByRole('button', { name: 'Run full audit' }).click();
      await page.getByTestId('audit-result').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('audit-result').textContent()).toMatch(/^1 of \d+ ledgers do not match/);
      const finding = page.getByTestId('audit-finding');
      // The findings come with the run's details, which can arrive after its result line.
      await poll(() => finding.count(), 30_000).toBe(1);
      expect(await finding.textContent()).toContain(FOUNDER);
      expect(await finding.textContent()).toContain('read model has 42 after 2 events');
      expect(await finding.getByTestId('ledger-line').count()).toBe(2);
      const runRow = page.getByTestId('audit-run');
      expect(await runRow.count()).toBe(1);
      expect(await runRow.textContent()).toContain(AUDITOR);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^ledger-audit-\d{4}-\d\d-\d\d-[0-9a-f]{8}\.csv$/);
      const csv = readFileSync((await download.path())!, 'utf8')
        .trim()
        .split('\r\n');
      expect(csv[0]).toBe('user_id,email,status,events,replayed_balance,read_model_balance,read_model_events,problem');
      expect(csv[1]).toBe(`${founder.id},${FOUNDER},mismatch,2,6,42,2,read model has 42 after 2 events`);
      expect(csv.slice(2).every((l) => l.includes(',ok,'))).toBe(true);

      await shots(page, '/ops/ledger', 'ops-ledger', (p) => p.getByTestId('audit-finding').waitFor());
      await context.close();
      await app.ctx.pool.query('update credit_accounts set balance = 6 where user_id = $1', [founder.id]);
    },
  );
});

describe('workflow console (e2e)', () => {
  it(
    'an operator finds a failed application and retries it, and stops a running one',
    { timeout: 300_000 },
    async () => {
      const f = await app.createUser({ email: 'wf.founder@example.com', password: PASSWORD, name: 'Wendy Founder' });
      expect(
        (await app.api('PATCH', '/api/startup-profile', { token: f.token, body: SAMPLE_COMPLETE_PROFILE })).status,
      ).toBe(200);
      await app.api('POST', `/api/ops/users/${f.id}/credits`, {
        token: operatorToken,
        body: { amount: 4, reason: 'Console test' },
      });
      const failing = await app.api('POST', '/api/submit-to-test-vcs', {
        token: f.token,
        body: { testVcIds: ['test_vc_sentinel-capital'] },
      });
      expect(failing.status).toBe(200);

      const { context, page } = await signIn(OPERATOR, 'Dashboard');
      await page.getByRole('link', { name: 'Workflow runs', exact: true }).click();
      await page.getByRole('heading', { name: 'Workflow runs', exact: true }).waitFor();
      await page.getByLabel('Status').selectOption('failed');
      await page.getByLabel('User e-mail').fill('wf.founder@example.com');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      const row = page.getByTestId('workflow-run').filter({ hasText: 'Sentinel Capital' });
      // Until the filtered page arrives the previous one stays on screen (where the run may still be Running).
      await poll(
        async () => (await row.count()) === 1 && (await row.getByRole('cell').first().textContent())?.trim(),
        120_000,
      ).toBe('Failed');
      expect(await row.textContent()).toMatch(/CAPTCHA/i);
      await screenshot(page, { path: path.join(SHOTS, 'ops-workflows-1280-dark.png'), fullPage: true });
      // A retry spends one of the founder's credits: the button says so and the operator is asked,
      // with the founder's balance as the server holds it. Cancel changes nothing.
      const runOf = async () =>
        (
          await app.api('GET', `/api/ops/workflows?user=${encodeURIComponent(f.email)}`, { token: operatorToken })
        ).body.runs.find((r: any) => r.firm === 'Sentinel Capital');
      const balanceOf = async () => (await app.api('GET', '/api/credits/balance', { token: f.token })).body.balance;
      // The failed run's credit is refunded: 1 free + 4 granted.
      await poll(balanceOf, 60_000).toBe(5);
      const retryButton = row.getByRole('button', { name: 'Retry · 1 credit' });
      const ask = page.getByRole('dialog', { name: "Spend 1 of wf.founder@example.com's 5 credits?" });
      await retryButton.click();
      await ask.waitFor();
      expect(await ask.innerText()).toContain('wf.founder@example.com will have 4 credits left.');
      // The question at 1280 and 375 px in both themes (the theme is the <html> class the app sets).
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        for (const theme of ['dark', 'light'] as const) {
          await page.evaluate((t) => {
            document.documentElement.classList.remove('dark', 'light');
            document.documentElement.classList.add(t);
          }, theme);
          await screenshot(page, { path: path.join(SHOTS, `ops-retry-confirm-${width}-${theme}.png`) });
        }
      }
      await page.evaluate(() => document.documentElement.classList.replace('light', 'dark'));
      await page.setViewportSize({ width: 1280, height: 900 });
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await ask.waitFor({ state: 'detached' });
      await page.waitForTimeout(1_000);
      expect(await balanceOf()).toBe(5);
      expect((await runOf()).attempt).toBe(1);
      // The retry's answer is held while the operator moves the list on (completed runs only): the run's row
      // leaves the screen before the answer arrives, and the operator must still see "Retry started".
      let held = false;
      let release = () => {};
      const released = new Promise<void>((r) => (release = r));
      await page.route('**/api/ops/workflows/*/retry', async (route) => {
        held = true;
        const answer = await route.fetch();
        await Promise.race([released, new Promise((r) => setTimeout(r, 30_000))]);
        await route.fulfill({ response: answer });
      });
      await retryButton.click();
      await ask.getByRole('button', { name: 'Spend 1 credit' }).click();
      await poll(() => held).toBe(true);
      await page.getByLabel('Status').selectOption('completed');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await row.waitFor({ state: 'detached' });
      release();
      await page.getByText('Retry started').waitFor();
      await page.unroute('**/api/ops/workflows/*/retry');

      // The retry is attempt 2 of the same submission, run by the engine to its end.
      await page.getByLabel('Status').selectOption('');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      const again = page.getByTestId('workflow-run').filter({ hasText: 'Sentinel Capital' });
      await poll(async () => (await again.getByRole('cell').nth(3).textContent())?.trim(), 30_000).toBe('2');
      await poll(
        async () => /Failed|Completed/.test((await again.getByRole('cell').first().textContent()) ?? ''),
        120_000,
      ).toBe(true);

      // Its details: what happened, and each attempt's steps as the engine recorded them.
      await again.getByRole('button', { name: 'Details of Sentinel Capital' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sentinel Capital' });
      await dialog
        .getByRole('region', { name: 'Attempt 2' })
        .getByTestId('workflow-step')
        .first()
        .waitFor({ timeout: 60_000 });
      expect(await dialog.getByTestId('workflow-events').textContent()).toContain('Retried as attempt 2');
      expect(await dialog.getByRole('region', { name: 'Attempt 1' }).getByRole('table').textContent()).toMatch(
        /begin.*apply.*finish/s,
      );
      await screenshot(page, { path: path.join(SHOTS, 'ops-workflow-detail-1280-dark.png') });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // A slow firm's run: stopped from the console.
      const slow = await app.api('POST', '/api/submit-to-test-vcs', {
        token: f.token,
        body: { testVcIds: ['test_vc_tortoise-capital'] },
      });
      expect(slow.status).toBe(200);
      const running = page.getByTestId('workflow-run').filter({ hasText: 'Tortoise Capital' });
      await running.getByRole('button', { name: 'Stop' }).click({ timeout: 30_000 });
      await page.getByText('Stop requested').waitFor();
      await poll(async () => (await running.getByRole('cell').first().textContent())?.trim(), 60_000).toBe('Stopped');
      // Every run that ended without an application gave its credit back.
      await poll(async () => (await app.api('GET', '/api/credits', { token: f.token })).body.balance, 30_000).toBe(5);

      // The mail job's messages are runs too, on their own tab.
      await app.services.mail.send(
        'verify-email',
        { to: 'wf.founder@example.com', userId: f.id, data: { url: `${app.url}/verify-email?token=console` } },
        { now: new Date(), actor: 'test' },
      );
      await page.getByRole('tab', { name: 'E-mail' }).click();
      await page.getByLabel('Recipient or user e-mail').fill('wf.founder@example.com');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      const mail = page.getByTestId('workflow-run').filter({ hasText: 'Verify your e-mail address for FundFlow' });
      await poll(async () => (await mail.first().getByRole('cell').first().textContent())?.trim(), 60_000).toBe('Sent');
      await shots(page, '/ops/workflows', 'ops-workflows', (p) => p.getByTestId('workflow-run').first().waitFor());
      await context.close();
    },
  );
});
