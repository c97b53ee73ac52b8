/**
 * Issue 24 in real Chromium on the built app: ask before spending ("Spend 2 of your 50 credits?",
 * Cancel spends nothing — the server's balance is unchanged — and the submit button shows its cost),
 * the "skip below" setting in Settings → Spending kept by the server, and the dashboard's honest
 * success rate (completed out of finished runs, stopped and running ones apart). Screenshots at 1280
 * and 375 px, light and dark.
 *
 * Run: npx turbo run build --filter=@fp/frontend && npx vitest run --project e2e frontend/test/spend-confirm.e2e.test.ts
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import {
  confirmSpend,
  DIST_INDEX,
  type E2eTestApp,
  releaseChromium,
  sharedChromium,
  SHOTS,
  signInThroughScreen,
  TEST_APP_MODULE,
  screenshot,
} from './support';

let app: E2eTestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: { id: string; email: string; token: string };

const balance = async () => Number((await app.api('GET', '/api/credits/balance', { token: user.token })).body.balance);
const dialog = () => page.getByRole('dialog', { name: /^Spend [\d,]+ of your [\d,]+ credits\?$/ });
const FIRMS = ['Northwind Ventures', 'Sentinel Capital'];

async function shoot(name: string, focus?: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      localStorage.setItem('fundflow-theme', t);
      document.documentElement.classList.remove('light', 'dark');
      document.documentElement.classList.add(t);
    }, theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await focus?.scrollIntoViewIfNeeded();
      await screenshot(page, { path: path.join(SHOTS, `spend-${name}-${width}-${theme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function selectFirms() {
  await page.goto(`${app.url}/test-vc-database`);
  const search = page.getByPlaceholder('Search firms, press Enter');
  for (const firm of FIRMS) {
    await search.fill(firm);
    await search.press('Enter');
    await page.getByLabel(`Select ${firm}`).check();
  }
}

beforeAll(async () => {
  if (!existsSync(DIST_INDEX))
    throw new Error('frontend/dist is missing: run `npx turbo run build --filter=@fp/frontend` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<E2eTestApp>;
  };
  app = await startTestApp({ config: { workerConcurrency: 1 } });
  browser = await sharedChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  user = await app.createUser();
  expect(
    (await app.api('PATCH', '/api/startup-profile', { token: user.token, body: SAMPLE_COMPLETE_PROFILE })).status,
  ).toBe(200);
  // 50 credits in all, whatever the free starting credit is.
  await app.services.credits.grant(user.id, 50 - (await balance()), 'e2e credits', null, {
    now: new Date(),
    actor: 'test',
  });
});

afterAll(async () => {
  await context?.close();
  await releaseChromium(browser);
  await app?.close();
});

describe('ask before spending, honest figures', () => {
  it('asks "Spend 2 of your 50 credits?" before submitting; Cancel spends nothing', { timeout: 300_000 }, async () => {
    // A loaded machine can take a while to serve the first page: one more try before failing.
    await signInThroughScreen(page, app.url, user.email).catch(async (e) => {
      await screenshot(page, { path: path.join(SHOTS, 'spend-signin-failure.png') }).catch(() => undefined);
      console.error('[sign-in retry]', (e as Error).message.split('\n')[0]);
      await signInThroughScreen(page, app.url, user.email);
    });
    await selectFirms();
    const submit = page.getByRole('button', { name: /^Submit to 2 Test VCs/ });
    expect((await submit.innerText()).trim()).toBe('Submit to 2 Test VCs · 2 credits');
    await submit.click();
    await dialog().waitFor();
    expect(await dialog().getByRole('heading').first().innerText()).toBe('Spend 2 of your 50 credits?');
    await dialog().getByText('You will have 48 credits left.', { exact: false }).waitFor();
    await shoot('confirm');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    // Nothing spent, nothing queued: the server says so.
    expect(await balance()).toBe(50);
    expect((await app.api('GET', '/api/submissions', { token: user.token })).body.total).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: 'Test Applications Submitted' }).count()).toBe(0);
  });

  it('spends once confirmed, and the toast says queued, not sent', async () => {
    await page.getByRole('button', { name: /^Submit to 2 Test VCs/ }).click();
    expect(await confirmSpend(page)).toBe('Spend 2 of your 50 credits?');
    const toast = page.getByRole('status').filter({ hasText: 'Test Applications Submitted' });
    await toast.waitFor({ timeout: 30_000 });
    expect(await toast.innerText()).toContain('2 applications queued, 2 credits used.');
    expect(await balance()).toBe(48);
  });

  it('keeps a "skip below" amount server-side: smaller spends go without the question', async () => {
    await page.goto(`${app.url}/settings`);
    const card = page.getByTestId('spending-settings');
    const input = card.getByLabel("Don't ask before spending fewer than (credits)");
    await expect.poll(() => input.inputValue(), { timeout: 15_000 }).toBe('0');
    await input.fill('abc');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Enter a whole number of credits from 0 to 1,000').waitFor();
    await input.fill('3');
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Spending setting saved' }).waitFor();
    expect((await app.api('GET', '/api/settings/choices', { token: user.token })).body.skipSpendConfirmBelow).toBe(3);
    await page.reload();
    await expect
      .poll(() => card.getByLabel("Don't ask before spending fewer than (credits)").inputValue(), { timeout: 15_000 })
      .toBe('3');
    await shoot('settings', card);
    // Back to asking every time, so the rest of the suite sees the question.
    await card.getByLabel("Don't ask before spending fewer than (credits)").fill('0');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        async () => (await app.api('GET', '/api/settings/choices', { token: user.token })).body.skipSpendConfirmBelow,
      )
      .toBe(0);
  });

  it(
    'shows an honest success rate on the dashboard: completed out of finished runs',
    { timeout: 400_000 },
    async () => {
      // Both runs end (one firm completes, the CAPTCHA firm fails): wait for the server to say so.
      await expect
        .poll(
          async () =>
            (
              (await app.api('GET', '/api/submissions', { token: user.token })).body.submissions as { status: string }[]
            ).every((s) => ['completed', 'failed', 'stopped'].includes(s.status)),
          { timeout: 300_000, interval: 2_000 },
        )
        .toBe(true);
      const stats = (await app.api('GET', '/api/submission-stats', { token: user.token })).body;
      expect(stats.total).toBe(2);
      expect(stats.completed + stats.failed + stats.stopped).toBe(2);
      const finished = stats.completed + stats.failed;
      expect(stats.successRate).toBe(finished ? Math.round((stats.completed / finished) * 100) : null);
      await page.goto(`${app.url}/`);
      const card = page.getByTestId('stats-card');
      await expect
        .poll(() => card.getByTestId('stat-Success %').locator('dd').innerText(), { timeout: 15_000 })
        .toBe(stats.successRate === null ? '—' : `${stats.successRate}%`);
      expect(await card.getByTestId('stats-apart').innerText()).toContain(
        `${stats.failed} failed · ${stats.stopped} stopped (not counted)`,
      );
      await shoot('dashboard', card);
    },
  );
});
