/**
 * The investor catalog screens, built app on the real backend in Chromium: VC database filters,
 * paging, selection across pages, Select Page, Select All Filtered, details; angel investors:
 * location filter, details, CSV export read back, success banner; Test VC database. Screenshots of
 * the three screens at 1280 and 375 px, dark and light, go to frontend/screenshots/ with E2E_SHOTS=1.
 *
 * Run: npm run build && npx vitest run --project e2e frontend/test/catalog.e2e.test.ts
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitDay, fitScore, fitToday } from '@fp/contracts';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import {
  confirmSpend,
  DIST_INDEX,
  releaseChromium,
  sharedChromium,
  SHOTS,
  TEST_APP_MODULE,
  screenshot,
  atEachWidthAndTheme,
  themeUnlessStored,
} from './support';

const here = path.dirname(fileURLToPath(import.meta.url));
const GENERATOR_MODULE = path.join(here, '..', '..', 'infra', 'src', 'catalog', 'index.ts');

const VC = 120;
const ANGELS = 150;

interface Firm {
  id: string;
  vcName: string;
  country: string | null;
  stagesInvested: string[];
  checkSizeMin: number | null;
  checkSizeMax: number | null;
  lastInvestmentDate: string | null;
  investorStatus: string | null;
}
interface Angel {
  id: string;
  companyName: string;
  location: string | null;
}
interface TestApp {
  url: string;
  ctx: any;
  services: any;
  createUser(o: {
    email: string;
    password: string;
    name: string;
  }): Promise<{ id: string; email: string; token: string }>;
  api(method: string, path: string, opts?: { token?: string; body?: unknown }): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

let app: TestApp;
let browser: Browser;
let firms: Firm[];
let angels: Angel[];
const email = `catalog.${Date.now().toString(36)}@example.com`;
/** A founder whose profile is complete (Seed, AI & ML, raising $2M, London): the VC database opens on best fit. */
const founderEmail = `fit.${Date.now().toString(36)}@example.com`;
const password = 'correct horse battery';

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as { startTestApp(): Promise<TestApp> };
  const gen = (await import(/* @vite-ignore */ GENERATOR_MODULE)) as {
    generateVcFirms(o: object): Iterable<Firm>;
    generateAngels(o: object): Iterable<Angel>;
  };
  firms = [...gen.generateVcFirms({ seed: 6, count: VC })];
  angels = [...gen.generateAngels({ seed: 6, count: ANGELS })];
  app = await startTestApp();
  app.ctx.sandboxUrl = 'http://127.0.0.1:3999';
  const r = await app.services.catalog.seed({ vc: VC, angels: ANGELS, seed: 6 }, { now: new Date(), actor: 'e2e' });
  await app.ctx.projections.waitFor(r.checkpoint, 60_000);
  const founder = await app.createUser({ email: founderEmail, password, name: 'Ada Lovelace' });
  expect(
    (await app.api('PATCH', '/api/startup-profile', { token: founder.token, body: SAMPLE_COMPLETE_PROFILE })).status,
  ).toBe(200);
  const user = await app.createUser({ email, password, name: 'Catalog Tester' });
  await app.services.credits.grant(user.id, 4, 'e2e', null, { now: new Date(), actor: 'e2e' });
  await app.ctx.projections.waitFor();
  browser = await sharedChromium();
});

afterAll(async () => {
  await releaseChromium(browser);
  await app?.close();
});

async function signedInPage(
  width = 1280,
  height = 900,
  theme: 'dark' | 'light' = 'dark',
  as = email,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
  await themeUnlessStored(context, theme);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  await page.goto(`${app.url}/`);
  await page.getByRole('heading', { name: 'Sign in to FundFlow' }).waitFor();
  await page.getByLabel('Email').fill(as);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return { context, page };
}

// List requests wait a random 0.5–1.5 s (the activity guard), so polls get time.
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000, interval: 100 });
const showing = (page: Page) => page.getByText(/^Showing \d[\d,]* to \d[\d,]* of \d[\d,]* /);
const submitBar = (page: Page) => page.getByTestId('submit-bar');

describe('VC database (e2e)', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedInPage());
    await page.goto(`${app.url}/vc-database`);
    await page.getByRole('heading', { name: 'VC Database' }).waitFor();
  });
  afterAll(async () => context?.close());

  it('lists firms 25 per page with the pagination text', async () => {
    await poll(() => showing(page).textContent()).toBe(`Showing 1 to 25 of ${VC} firms`);
    expect(await page.getByTestId('vc-firm-card').count()).toBe(25);
    await page.getByText(`Page 1 of ${Math.ceil(VC / 25)}`).waitFor();
  });

  it('filters by country and by search (on Enter), and clears the filters', async () => {
    await page.getByRole('button', { name: /^Countries:/ }).click();
    await page.getByRole('option', { name: 'United States' }).click();
    await page.keyboard.press('Escape');
    const us = firms.filter((f) => f.country === 'United States').length;
    await poll(() => showing(page).textContent()).toBe(`Showing 1 to ${Math.min(25, us)} of ${us} firms`);

    const target = firms.find((f) => f.country === 'United States')!;
    const search = page.getByLabel('Search firms');
    await search.fill(target.vcName);
    await poll(() => showing(page).textContent()).toBe(`Showing 1 to ${Math.min(25, us)} of ${us} firms`);
    await search.press('Enter');
    await poll(async () => page.getByTestId('vc-firm-card').filter({ hasText: target.vcName }).count()).toBeGreaterThan(
      0,
    );
    expect(Number((await showing(page).textContent())!.match(/of (\d+)/)![1])).toBeLessThan(us);

    // AUM bounds keep digits and a dot only, and apply on Enter.
    const min = page.getByLabel('Minimum AUM in millions');
    await min.fill('abc1x0');
    expect(await min.inputValue()).toBe('10');

    await page.getByRole('button', { name: 'Clear Filters' }).first().click();
    expect(await search.inputValue()).toBe('');
    await poll(() => showing(page).textContent()).toBe(`Showing 1 to 25 of ${VC} firms`);
  });

  it('keeps query, filters and page in the URL: reload, back/forward and a shared link restore the view', async () => {
    await page.getByRole('button', { name: /^Countries:/ }).click();
    await page.getByRole('option', { name: 'United States' }).click();
    await page.keyboard.press('Escape');
    const us = firms.filter((f) => f.country === 'United States').length;
    await poll(() => showing(page).textContent()).toBe(`Showing 1 to ${Math.min(25, us)} of ${us} firms`);
    expect(new URL(page.url()).searchParams.get('country')).toContain('United States');
    if (us > 25) {
      await page.getByRole('button', { name: 'Next' }).click();
      await poll(() => showing(page).textContent()).toBe(`Showing 26 to ${Math.min(50, us)} of ${us} firms`);
    }
    const filteredUrl = page.url();
    const expected = await showing(page).textContent();

    await page.reload();
    await page.getByRole('heading', { name: 'VC Database' }).waitFor();
    await poll(() => showing(page).textContent()).toBe(expected);

    // Back: the unfiltered first page again (the previous entry); forward: the filtered view.
    await page.getByRole('button', { name: 'Clear Filters' }).first().click();
    await poll(() => showing(page).textContent()).toBe(`Showing 1 to 25 of ${VC} firms`);
    await page.goBack();
    await poll(() => showing(page).textContent()).toBe(expected);
    await page.goForward();
    await poll(() => showing(page).textContent()).toBe(`Showing 1 to 25 of ${VC} firms`);

    // A shared link, opened from elsewhere, shows the filtered view; a broken one falls back to the
    // defaults. (The same tab: the activity guard lets one tab at a time list the catalog.)
    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(filteredUrl);
    await page.getByRole('heading', { name: 'VC Database' }).waitFor();
    await poll(() => showing(page).textContent()).toBe(expected);
    await page.goto(`${app.url}/vc-database?page=-3&aumMin=90&aumMax=1`);
    await poll(() => showing(page).textContent()).toBe(`Showing 1 to 25 of ${VC} firms`);
    expect(await page.getByLabel('Minimum AUM in millions').inputValue()).toBe('');
  });

  it('keeps the selection across pages, adds a page with Select Page', async () => {
    await page.getByRole('button', { name: 'Next' }).click();
    await poll(() => showing(page).textContent()).toBe(`Showing 26 to 50 of ${VC} firms`);
    const onPage2 = page.getByTestId('vc-firm-card').first();
    await onPage2.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Previous' }).click();
    await poll(() => showing(page).textContent()).toBe(`Showing 1 to 25 of ${VC} firms`);
    await page.getByTestId('vc-firm-card').nth(3).getByRole('checkbox').check();
    await poll(() => submitBar(page).textContent()).toContain('2 firms selected');

    await page.getByRole('button', { name: 'Select Page' }).click();
    await poll(() => submitBar(page).textContent()).toContain('26 firms selected');
    await page.getByText('Selected Page', { exact: true }).waitFor();
    // Credits: 5 (1 free + 4) < 26 → the notice, and the button is disabled.
    await submitBar(page).getByText("You don't have enough credits").waitFor();
    expect(await submitBar(page).getByRole('link', { name: 'Get More Credits' }).getAttribute('href')).toBe('/pricing');
    expect(
      await submitBar(page)
        .getByRole('button', { name: /^Submit to 26 VCs/ })
        .isDisabled(),
    ).toBe(true);
  });

  it('Select All Filtered selects every match, and deselects them when all are selected', async () => {
    await page.getByRole('button', { name: `Select All Filtered (${VC})` }).click();
    await page.getByText('Selected All Filtered', { exact: true }).waitFor();
    await poll(() => submitBar(page).textContent()).toContain(`${VC} firms selected`);
    await submitBar(page)
      .getByText(/Large submissions may take longer/)
      .waitFor();
    await page.getByRole('button', { name: `Select All Filtered (${VC})` }).click();
    await page.getByText('Deselected All Filtered', { exact: true }).waitFor();
    await poll(() => submitBar(page).count()).toBe(0);
  });

  it('opens the details of a firm and closes them', async () => {
    const card = page.getByTestId('vc-firm-card').first();
    const name = (await card.getByRole('heading').textContent())!;
    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name }).waitFor();
    await dialog.getByText('Investments', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('shows the test VC database: 20 per page, sandbox websites', async () => {
    await page.goto(`${app.url}/test-vc-database`);
    await page.getByRole('heading', { name: 'Test VC Database' }).waitFor();
    await page.getByTestId('vc-firm-card').first().waitFor();
    const count = await page.getByTestId('vc-firm-card').count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(20);
    expect(await page.getByTestId('vc-firm-card').first().getByRole('link').first().getAttribute('href')).toMatch(
      /^http:\/\/127\.0\.0\.1:3999\/[a-z0-9-]+\/$/,
    );
  });
});

describe('Angel investors (e2e)', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedInPage());
    await page.goto(`${app.url}/investors`);
    await page.getByRole('heading', { name: 'Angel Investors' }).waitFor();
  });
  afterAll(async () => context?.close());

  it('lists 50 per page and filters by a region from the location dropdown', async () => {
    await poll(() => showing(page).textContent()).toBe(`Showing 1 to 50 of ${ANGELS} angel investors`);
    await page.getByRole('button', { name: 'Locations: All Locations' }).click();
    const dropdown = page.getByTestId('location-dropdown');
    await dropdown.getByTestId('region-Europe').check();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Remove Europe' }).waitFor();
    const europe = angels.filter((a) =>
      /United Kingdom|Germany|France|Netherlands|Switzerland|Sweden|Spain|Ireland|Italy|Finland|Denmark|Poland|Norway|Belgium|Austria|Portugal|Estonia|Luxembourg/.test(
        a.location ?? '',
      ),
    ).length;
    await poll(async () => page.getByTestId('investor-row').count()).toBe(Math.min(50, europe));
    await page.getByRole('button', { name: 'Clear All Filters' }).first().click();
    await poll(() => showing(page).textContent()).toBe(`Showing 1 to 50 of ${ANGELS} angel investors`);
  });

  it('keeps the region filter and the page in the URL, so a reload shows the same view', async () => {
    await page.getByRole('button', { name: 'Next' }).click();
    await poll(() => showing(page).textContent()).toBe(`Showing 51 to 100 of ${ANGELS} angel investors`);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.reload();
    await page.getByRole('heading', { name: 'Angel Investors' }).waitFor();
    await poll(() => showing(page).textContent()).toBe(`Showing 51 to 100 of ${ANGELS} angel investors`);
    await page.goto(`${app.url}/investors`);
    await poll(() => showing(page).textContent()).toBe(`Showing 1 to 50 of ${ANGELS} angel investors`);
  });

  it('opens an investor’s details', async () => {
    await page
      .getByTestId('investor-row')
      .first()
      .getByRole('button', { name: /View details/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Contact Information').waitFor();
    // Contacts are named, never shown: they come with the paid export.
    expect(await dialog.locator('a[href^="mailto:"]').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('exports the selection as a CSV, then shows the success banner with the book-a-call link', async () => {
    const rows = page.getByTestId('investor-row');
    const ids: string[] = [];
    for (const i of [0, 2, 5]) {
      await rows.nth(i).getByRole('checkbox').check();
      ids.push((await rows.nth(i).getAttribute('data-investor-id'))!);
    }
    const bar = page.getByTestId('selection-bar');
    await bar.getByText('3 investors selected').waitFor();
    // Asked first: one credit of the server's balance.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      bar
        .getByRole('button', { name: 'Export to CSV (1 credit)' })
        .click()
        .then(() => confirmSpend(page)),
    ]);
    expect(download.suggestedFilename()).toMatch(/^angel_investors_export_\d{4}-\d{2}-\d{2}\.csv$/);
    const file = readFileSync((await download.path())!);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'Name,Investor Type,Location,Country,Email,Email Verified,Phone,Website,LinkedIn,Twitter,Industries,Investments,Exits,Description',
    );
    expect(lines).toHaveLength(4);
    const banner = page.getByTestId('export-success');
    await banner.getByText('Successfully exported 3 angel investors!').waitFor();
    // BOOK_CALL_URL has no default: unset, no link to a made-up page.
    expect(await banner.getByRole('link', { name: 'book a call' }).count()).toBe(0);
    await page.getByText('Export Successful!').waitFor();
    await poll(() => page.getByTestId('selection-bar').count()).toBe(0);
    await poll(() => page.getByTestId('credit-balance').textContent()).toMatch(/^4/);
  });
});

describe('VC database: best fit first (e2e)', () => {
  let context: BrowserContext;
  let page: Page;
  /** What the rules give each firm for this founder today: the order the screen must show. */
  const score = (f: Firm) => fitScore(SAMPLE_COMPLETE_PROFILE, f, fitToday(fitDay(new Date()))).score;
  const cardScores = async () =>
    (await page.getByTestId('fit-badge').allInnerTexts()).map((t) => Number(t.replace('Fit ', '')));
  beforeAll(async () => {
    ({ context, page } = await signedInPage(1280, 900, 'dark', founderEmail));
  });
  afterAll(async () => context?.close());

  it('opens on best fit for a founder with a complete profile: highest scores first, each card with its reasons', async () => {
    await page.goto(`${app.url}/vc-database`);
    await poll(() => showing(page).textContent()).toBe(`Showing 1 to 25 of ${VC} firms`);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('fit');
    const best = [...firms].map(score).sort((a, b) => b - a);
    // The first page holds the 25 best scores, in order.
    expect(await cardScores()).toEqual(best.slice(0, 25));
    const first = page.getByTestId('vc-firm-card').first();
    const top = firms
      .filter((f) => score(f) === best[0])
      .map((f) => f.vcName)
      .sort();
    expect(top).toContain(await first.locator('h3').innerText());
    // The reasons on the card: the stage fits ('Invests at Seed') and the known others.
    expect(await first.getByTestId('fit-reasons').innerText()).toContain('Invests at Seed');
    // The details dialog shows the same score with every reason, unknowns included.
    await first.getByRole('button', { name: /^View details of / }).click();
    const fit = page.getByRole('dialog').getByTestId('fit');
    await poll(() => fit.getByTestId('fit-score').innerText()).toBe(String(best[0]));
    expect(await fit.innerText()).toContain('Invests at Seed');
    expect(await fit.getByTestId('fit-reasons').locator('li').count()).toBe(5);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('keeps firms fitting at least N, in the URL, and sorts by name on request', async () => {
    const n = 60;
    const kept = firms.filter((f) => score(f) >= n).length;
    expect(kept).toBeGreaterThan(0);
    await page.getByLabel('Fit at least').selectOption(String(n));
    // The router writes a numeric-looking text value JSON-quoted ("60"); it reads it back the same.
    await poll(() => new URL(page.url()).searchParams.get('fitMin')?.replace(/"/g, '')).toBe(String(n));
    await poll(() => showing(page).textContent()).toBe(`Showing 1 to ${Math.min(25, kept)} of ${kept} firms`);
    expect((await cardScores()).every((s) => s >= n)).toBe(true);
    // A reload restores the bound.
    await page.reload();
    await poll(() => showing(page).textContent()).toBe(`Showing 1 to ${Math.min(25, kept)} of ${kept} firms`);
    await page.getByLabel('Sort by').selectOption('name');
    await poll(() => new URL(page.url()).searchParams.get('sort')).toBe('name');
    await poll(async () => {
      const names = await page.getByTestId('vc-firm-card').locator('h3').allInnerTexts();
      const keys = names.map((x) =>
        x
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, ' ')
          .trim(),
      );
      return keys.length > 0 && keys.join('|') === [...keys].sort().join('|');
    }).toBe(true);
    await page.getByLabel('Fit at least').selectOption('');
    await poll(() => showing(page).textContent()).toBe(`Showing 1 to 25 of ${VC} firms`);
  });

  it('tells a founder without stage and industry how to rank by fit, and lists by name', async () => {
    const { context: other, page: p } = await signedInPage(1280, 900, 'dark', email);
    await p.goto(`${app.url}/vc-database?sort=fit`);
    await p
      .getByTestId('fit-hint')
      .getByText("Add your startup's stage and industry in Settings to rank firms by fit")
      .waitFor();
    expect(await p.getByLabel('Sort by').inputValue()).toBe('name');
    expect(await p.getByLabel('Fit at least').isDisabled()).toBe(true);
    await poll(() => showing(p).textContent()).toBe(`Showing 1 to 25 of ${VC} firms`);
    expect(await p.getByTestId('fit-badge').count()).toBe(0);
    await other.close();
  });

  it('captures best fit at 1280 and 375 px, dark and light', async () => {
    mkdirSync(SHOTS, { recursive: true });
    // One signed-in page (this describe's): each width and theme is a fresh load of the screen.
    await atEachWidthAndTheme(page, async (width, theme) => {
      await page.goto(`${app.url}/vc-database`);
      await page.getByTestId('fit-badge').first().waitFor();
      // On a phone the controls fill the first screen: the shot shows the cards and their reasons.
      if (width === 375) await page.getByTestId('vc-results').evaluate((el) => el.scrollIntoView());
      await screenshot(page, { path: path.join(SHOTS, `vc-database-best-fit-${width}-${theme}.png`), fullPage: false });
      await page
        .getByTestId('vc-firm-card')
        .first()
        .getByRole('button', { name: /^View details of / })
        .click();
      await page.getByRole('dialog').getByTestId('fit').waitFor();
      // The fit panel shows its score at every width and theme.
      expect(await page.getByRole('dialog').getByTestId('fit-score').innerText()).toMatch(/^\d+$/);
      await screenshot(page, {
        path: path.join(SHOTS, `vc-database-fit-dialog-${width}-${theme}.png`),
        fullPage: false,
      });
    });
  });
});

describe('catalog screenshots', () => {
  it('captures the three screens at 1280 and 375 px, dark and light', async () => {
    mkdirSync(SHOTS, { recursive: true });
    // Signed in once: each width and theme is a fresh load of each screen.
    const { context, page } = await signedInPage();
    await atEachWidthAndTheme(page, async (width, theme) => {
      for (const [route, name, ready] of [
        ['/vc-database', 'vc-database', 'vc-firm-card'],
        ['/test-vc-database', 'test-vc-database', 'vc-firm-card'],
        ['/investors', 'investors', 'investor-row'],
      ] as const) {
        await page.goto(`${app.url}${route}`);
        await page.getByTestId(ready).first().waitFor();
        const box = page
          .getByTestId(ready)
          .nth(name === 'investors' ? 0 : 1)
          .getByRole('checkbox');
        // A fresh load starts with nothing selected.
        expect(await box.isChecked()).toBe(false);
        await box.check();
        // Selecting works at every width and theme.
        expect(await box.isChecked()).toBe(true);
        await screenshot(page, { path: path.join(SHOTS, `${name}-${width}-${theme}.png`), fullPage: false });
      }
    });
    await context.close();
  });
});
