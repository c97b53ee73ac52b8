/**
 * The registry of application forms in real Chromium against the built app on real Postgres: an
 * operator starts discovery for the stale test firms and watches its progress, counts and errors;
 * a founder sees the form badges in the test VC database, filters "Accepts online applications",
 * reads a firm's registry entry in its details, and submits to a firm with no usable form: it is
 * skipped without a charge and the toast says why. Screenshots (1280 and 375 px) go to frontend/screenshots/ with E2E_SHOTS=1.
 *
 * Run: npm run build && npx vitest run --project e2e frontend/test/forms.e2e.test.ts
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import {
  DIST_INDEX,
  releaseChromium,
  sharedChromium,
  SHOTS,
  signInThroughScreen,
  TEST_APP_MODULE,
  screenshot,
} from './support';

interface TestApp {
  url: string;
  createUser(opts?: {
    email?: string;
    password?: string;
    name?: string;
    admin?: boolean;
  }): Promise<{ id: string; email: string; token: string }>;
  api<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown },
  ): Promise<{ status: number; body: T }>;
  services: {
    credits: {
      grant(
        userId: string,
        amount: number,
        reason: string,
        reference: string | null,
        meta: { now: Date; actor: string },
      ): Promise<unknown>;
      balance(userId: string): Promise<number>;
    };
  };
  close(): Promise<void>;
}

const PASSWORD = 'correct horse battery';
const OPERATOR = 'forms.operator@example.com';
const FOUNDER = 'forms.founder@example.com';

let app: TestApp;
let browser: Browser;
let founder: { id: string; token: string };
let operator: { id: string; token: string };

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<TestApp>;
  };
  // Short pacing: every sandbox site lives on one host.
  app = await startTestApp({ config: { formDiscoveryHostDelayMs: 30, formDiscoveryConcurrency: 3 } });
  operator = await app.createUser({ email: OPERATOR, password: PASSWORD, name: 'Olive Operator', admin: true });
  founder = await app.createUser({ email: FOUNDER, password: PASSWORD, name: 'Grace Founder' });
  expect(
    (await app.api('PATCH', '/api/startup-profile', { token: founder.token, body: SAMPLE_COMPLETE_PROFILE })).status,
  ).toBe(200);
  await app.services.credits.grant(founder.id, 3, 'e2e credits', null, { now: new Date(), actor: 'test' });
  mkdirSync(SHOTS, { recursive: true });
  browser = await sharedChromium();
});

afterAll(async () => {
  await releaseChromium(browser);
  await app?.close();
});

async function signIn(
  email: string,
  opts: { width?: number; theme?: 'dark' | 'light' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: 900 } });
  await context.addInitScript((t) => localStorage.setItem('fundflow-theme', t), opts.theme ?? 'dark');
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  await signInThroughScreen(page, app.url, email, PASSWORD);
  return { context, page };
}

const shot = (page: Page, name: string, fullPage = true) =>
  screenshot(page, { path: path.join(SHOTS, `${name}.png`), fullPage });

async function searchFirm(page: Page, name: string) {
  const search = page.getByPlaceholder('Search firms, press Enter');
  await search.fill(name);
  await search.press('Enter');
  await page.getByTestId('vc-firm-card').filter({ hasText: name }).first().waitFor();
}

describe('registry of application forms (e2e)', () => {
  it('an operator runs discovery for the stale test firms and follows its progress', { timeout: 600_000 }, async () => {
    const { context, page } = await signIn(OPERATOR);
    await page.getByRole('link', { name: 'Application forms', exact: true }).click();
    await page.getByRole('heading', { name: 'Application forms', exact: true }).waitFor();
    // Every sandbox site is a test firm, none checked yet: the screen shows the server's count.
    const { stale } = (
      await app.api<{ stale: number }>('GET', '/api/ops/forms?collection=test', { token: operator.token })
    ).body;
    expect(stale).toBeGreaterThan(20);
    await page.getByRole('tab', { name: 'Test VC database' }).click();
    await page.getByText(new RegExp(`^${stale} firms not checked in the last 30 days\\.$`)).waitFor();
    await page.getByRole('button', { name: `Check stale firms (${stale})` }).click();
    await page.getByRole('status').filter({ hasText: 'Discovery started' }).waitFor();
    // The run's progress bar and counts while it goes.
    await page.getByTestId('discovery-progress').waitFor();
    await expect
      .poll(
        async () =>
          Number(await page.getByRole('progressbar', { name: 'Discovery progress' }).getAttribute('aria-valuenow')),
        { timeout: 180_000, interval: 200 },
      )
      .toBeGreaterThan(0);
    await shot(page, 'forms-running-1280-dark');
    await page.getByText('Every firm was checked in the last 30 days.').waitFor({ timeout: 480_000 });
    await page.getByTestId('outcome-found').first().waitFor();
    await page.getByTestId('form-error').filter({ hasText: 'Sentinel Capital' }).waitFor();
    expect(await page.getByRole('button', { name: 'Check stale firms' }).isDisabled()).toBe(true);
    await shot(page, 'forms-done-1280-dark');
    await context.close();

    const mobile = await signIn(OPERATOR, { width: 375, theme: 'light' });
    await mobile.page.goto(`${app.url}/ops/forms`);
    await mobile.page.getByRole('tab', { name: 'Test VC database' }).click();
    await mobile.page.getByTestId('form-error').first().waitFor();
    await shot(mobile.page, 'forms-done-375-light');
    await mobile.context.close();
  });

  it(
    'a founder sees the badges, filters "Accepts online applications" and reads the registry entry',
    { timeout: 240_000 },
    async () => {
      const { context, page } = await signIn(FOUNDER);
      // Founders have no Ops section, and the operators' screen refuses them.
      expect(await page.getByRole('link', { name: 'Application forms' }).count()).toBe(0);
      await page.goto(`${app.url}/test-vc-database`);
      await searchFirm(page, 'Sentinel Capital');
      expect(
        await page
          .getByTestId('vc-firm-card')
          .filter({ hasText: 'Sentinel Capital' })
          .getByTestId('form-badge')
          .innerText(),
      ).toBe('Needs you in the live view (CAPTCHA)');
      await searchFirm(page, 'Kestrel Ventures');
      expect(
        await page
          .getByTestId('vc-firm-card')
          .filter({ hasText: 'Kestrel Ventures' })
          .getByTestId('form-badge')
          .innerText(),
      ).toBe('Form: Tally');

      // The filter is the server's: an e-mail-only firm is not among the results, a CAPTCHA-only firm is
      // (the founder solves it in the live view), and the URL keeps it.
      await page.getByPlaceholder('Search firms, press Enter').fill('');
      await page.getByPlaceholder('Search firms, press Enter').press('Enter');
      await page.getByLabel('Accepts online applications').check();
      await expect.poll(() => page.url()).toContain('acceptsOnline=true');
      await page.getByTestId('vc-firm-card').first().waitFor();
      await expect
        .poll(async () =>
          (await page.getByTestId('vc-firm-card').getByTestId('form-badge').allInnerTexts()).every(
            (t) => t === 'Online form' || t.startsWith('Form: ') || t.startsWith('Needs you in the live view ('),
          ),
        )
        .toBe(true);
      const filtered = await page.getByTestId('vc-firm-card').count();
      expect(filtered).toBeGreaterThan(0);
      await page.getByPlaceholder('Search firms, press Enter').fill('Sentinel Capital');
      await page.getByPlaceholder('Search firms, press Enter').press('Enter');
      const offered = page.getByTestId('vc-firm-card').filter({ hasText: 'Sentinel Capital' });
      await offered.getByTestId('form-badge').waitFor();
      expect(await offered.getByTestId('form-badge').innerText()).toBe('Needs you in the live view (CAPTCHA)');
      await shot(page, 'live-view-firms-badge-1280-dark');
      await page.getByPlaceholder('Search firms, press Enter').fill('Quill Ventures');
      await page.getByPlaceholder('Search firms, press Enter').press('Enter');
      await page.getByText('No VC firms found').waitFor();
      await page.getByPlaceholder('Search firms, press Enter').fill('');
      await page.getByPlaceholder('Search firms, press Enter').press('Enter');
      await page.getByTestId('vc-firm-card').first().waitFor();
      await shot(page, 'forms-vc-filter-1280-dark');

      await searchFirm(page, 'Northwind Ventures');
      await page.getByRole('button', { name: 'View details of Northwind Ventures' }).click();
      const dialog = page.getByRole('dialog');
      const entry = dialog.getByTestId('firm-form');
      await entry.getByText('Application form').waitFor();
      await entry.getByText('Online form').first().waitFor();
      await entry.getByText('Email address').waitFor();
      expect(await entry.getByRole('link').getAttribute('href')).toContain('/northwind-ventures');
      await entry.scrollIntoViewIfNeeded();
      await shot(page, 'forms-details-1280-dark');
      await context.close();

      const mobile = await signIn(FOUNDER, { width: 375, theme: 'light' });
      await mobile.page.goto(`${app.url}/test-vc-database`);
      await mobile.page.getByTestId('form-badge').first().waitFor();
      // The first cards, as the phone shows them (the whole list is a very long page).
      await mobile.page.getByTestId('vc-firm-card').first().scrollIntoViewIfNeeded();
      await shot(mobile.page, 'forms-vc-375-light', false);
      await mobile.context.close();

      // The live-view badge as founders meet it: both widths, both themes.
      for (const [width, theme] of [
        [1280, 'light'],
        [375, 'light'],
        [375, 'dark'],
      ] as const) {
        const s = await signIn(FOUNDER, { width, theme });
        await s.page.goto(`${app.url}/test-vc-database?acceptsOnline=true`);
        await searchFirm(s.page, 'Sentinel Capital');
        const card = s.page.getByTestId('vc-firm-card').filter({ hasText: 'Sentinel Capital' });
        expect(await card.getByTestId('form-badge').innerText()).toBe('Needs you in the live view (CAPTCHA)');
        await card.scrollIntoViewIfNeeded();
        await shot(s.page, `live-view-firms-badge-${width}-${theme}`, false);
        await s.context.close();
      }
    },
  );

  it(
    'submitting to a firm with no usable form: the plan says it is skipped and why, and nothing is charged',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await signIn(FOUNDER);
      const before = await app.services.credits.balance(founder.id);
      await page.goto(`${app.url}/test-vc-database`);
      await searchFirm(page, 'Quill Ventures');
      expect(
        await page
          .getByTestId('vc-firm-card')
          .filter({ hasText: 'Quill Ventures' })
          .getByTestId('form-badge')
          .innerText(),
      ).toBe('E-mail only');
      await page.getByLabel('Select Quill Ventures').check();
      await page.getByRole('button', { name: 'Submit to 1 Test VC' }).click();
      // Asked from the server's plan before anything is sent: nothing to send, 0 credits, and why.
      const nothing = page.getByRole('dialog', { name: 'Nothing to send: 0 credits' });
      await nothing.waitFor({ timeout: 30_000 });
      expect(await nothing.innerText()).toMatch(/Quill Ventures[\s\S]*no form on this firm's website/i);
      await shot(page, 'forms-skip-plan-1280-dark');
      await nothing.getByRole('button', { name: 'Choose Other Firms' }).click();
      await nothing.waitFor({ state: 'detached' });
      expect(await app.services.credits.balance(founder.id)).toBe(before);
      await context.close();
    },
  );
});
