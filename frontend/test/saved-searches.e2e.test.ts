/**
 * Saved searches end to end in Chromium against the built app and the real backend: a founder
 * searches the VC database, saves the search; an import adds a matching firm and renames another
 * into the search; the dashboard shows 2 new matches; opening the search shows the firms and clears
 * the count; the search is renamed and deleted. Screenshots at 1280 and 375 px, dark and light.
 *
 * Run: npm run build && npx vitest run --project e2e frontend/test/saved-searches.e2e.test.ts
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_INDEX, releaseChromium, sharedChromium, SHOTS, TEST_APP_MODULE, screenshot } from './support';

interface TestApp {
  url: string;
  services: {
    catalog: {
      importFirms(
        i: { source: string; file: string; dataDate: string },
        meta: { now: Date; actor: string },
      ): Promise<{ checkpoint: string }>;
      waitUntilLoaded(cp: string, ms: number): Promise<void>;
    };
  };
  createUser(): Promise<{ id: string; email: string; token: string }>;
  api<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown },
  ): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

const HEADER =
  'slug,name,fundraisingfox_url,domain,firm_type,hq_city,hq_country,founded_year,stages,sectors,check_min_usd,check_max_usd,check_size_source,leads_rounds,portfolio_count,exit_count,led_rounds';
const firm = (slug: string, name: string) =>
  `${slug},${name},https://fundraisingfox.example/firms/${slug},${slug}.example,vc,Berlin,Germany,,seed,saas,,,,,,,`;

let app: TestApp;
let browser: Browser;
let page: Page;
let user: { id: string; email: string; token: string };

async function load(rows: string[]) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'fp-saved-e2e-')), 'firms.csv');
  writeFileSync(file, [HEADER, ...rows].join('\n'));
  const r = await app.services.catalog.importFirms(
    { source: 'fundraisingfox', file, dataDate: '2026-11-01' },
    { now: new Date(), actor: 'e2e' },
  );
  await app.services.catalog.waitUntilLoaded(r.checkpoint, 60_000);
}

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  mkdirSync(SHOTS, { recursive: true });
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as { startTestApp(): Promise<TestApp> };
  app = await startTestApp();
  await load([
    firm('rhein-zephyr', 'Rhein Zephyr'),
    firm('spree-zephyr', 'Spree Zephyr'),
    firm('seine-partners', 'Seine Partners'),
  ]);
  user = await app.createUser();
  browser = await sharedChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
}, 120_000);

afterAll(async () => {
  await releaseChromium(browser);
  await app?.close();
});

const chip = (name: string) => page.getByTestId('saved-search').filter({ hasText: name });

describe('saved searches (e2e)', () => {
  it('saves a search of the VC database', async () => {
    await page.goto(`${app.url}/`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByTestId('saved-searches-card').getByText('No saved searches yet').waitFor();

    await page.goto(`${app.url}/vc-database`);
    const search = page.getByPlaceholder('Search firms, press Enter');
    await search.fill('Zephyr');
    await search.press('Enter');
    await page.getByLabel('Select Spree Zephyr').waitFor();
    await page.getByRole('button', { name: 'Save Search' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Zephyr funds');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Search saved' })
      .filter({ hasText: 'Zephyr funds: 2 matches now' })
      .waitFor();
    await expect.poll(() => chip('Zephyr funds').innerText()).toContain('2 matches');
  });

  it('shows the firms an import made match as new on the dashboard, and opening the search clears them', async () => {
    await load([
      firm('rhein-zephyr', 'Rhein Zephyr'),
      firm('spree-zephyr', 'Spree Zephyr'),
      firm('seine-partners', 'Seine Zephyr'),
      firm('isar-zephyr', 'Isar Zephyr'),
    ]);
    await page.goto(`${app.url}/`);
    const card = page.getByTestId('saved-searches-card');
    await expect.poll(() => card.innerText()).toContain('2 new matches since you last looked');
    await card.getByRole('button', { name: /Zephyr funds/ }).click();
    await page.waitForURL(/\/vc-database\?search=Zephyr/);
    for (const name of ['Rhein Zephyr', 'Spree Zephyr', 'Seine Zephyr', 'Isar Zephyr'])
      await page.getByLabel(`Select ${name}`).waitFor();
    await expect.poll(() => chip('Zephyr funds').innerText()).toContain('4 matches');
  });

  it('renames and deletes a saved search from its chip', async () => {
    await chip('Zephyr funds').getByRole('button', { name: 'Rename saved search Zephyr funds' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Zephyr firms');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => chip('Zephyr firms').count()).toBe(1);
    await page.getByRole('button', { name: 'Save Search' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('zephyr FIRMS');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').getByText('You already have a saved search with this name').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it('saves screenshots at 1280 and 375 px, dark and light', { timeout: 120_000 }, async () => {
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((v) => localStorage.setItem('fundflow-theme', v), theme);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.goto(`${app.url}/vc-database?search=Zephyr`);
        await chip('Zephyr firms').waitFor();
        await page.getByLabel('Select Rhein Zephyr').waitFor();
        await screenshot(page, { path: path.join(SHOTS, `saved-searches-vc-${width}-${theme}.png`) });
        await page.goto(`${app.url}/`);
        await page.getByTestId('saved-searches-card').getByText('Zephyr firms').waitFor();
        await screenshot(page.getByTestId('saved-searches-card'), {
          path: path.join(SHOTS, `saved-searches-dashboard-${width}-${theme}.png`),
        });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.url}/vc-database`);
    await chip('Zephyr firms').getByRole('button', { name: 'Delete saved search Zephyr firms' }).click();
    await expect.poll(() => chip('Zephyr firms').count()).toBe(0);
    expect((await app.api('GET', '/api/saved-searches', { token: user.token })).body.savedSearches).toEqual([]);
  });
});
