/**
 * The review before sending in real Chromium against the built app: a founder selects a
 * sandbox firm they have never applied to, presses "Review first", sees every value the form would get with
 * its source and the questions only they can answer, answers them ("Other", their choice), reviews again,
 * submits from the review, and the firm receives exactly the reviewed values; the submission's details show
 * the same table. Screenshots at 1280 and 375 px, light and dark, to frontend/screenshots/ with E2E_SHOTS=1.
 *
 * Run: npx turbo run build --filter=@fp/frontend && npx vitest run --project e2e frontend/test/review.e2e.test.ts
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIRM = 'Elm Partners';
const SLUG = 'elm-partners';
// A hardware startup in Lagos: neither Elm's sectors nor its regions represent it, so the review asks.
const PROFILE = { ...SAMPLE_COMPLETE_PROFILE, industry: 'Hardware', location: 'Lagos, Nigeria' };

let app: E2eTestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: { id: string; email: string; token: string };

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
  user = await app.createUser();
  expect((await app.api('PATCH', '/api/startup-profile', { token: user.token, body: PROFILE })).status).toBe(200);
  await app.services.credits.grant(user.id, 2, 'e2e credits', null, { now: new Date(), actor: 'test' });
});

afterAll(async () => {
  await context?.close();
  await releaseChromium(browser);
  await app?.close();
});

const dialog = () => page.getByTestId('review-dialog');
const received = () => app.runtime.sandbox!.received(SLUG);

async function shoot(name: string) {
  await screenshot(page, { path: path.join(SHOTS, name) });
}

/** The review table as the founder reads it: question → value → source. */
async function tableRows(scope: ReturnType<Page['locator']> = dialog()): Promise<string[][]> {
  const rows = scope.getByTestId('review-row');
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++)
    out.push((await rows.nth(i).locator('td').allInnerTexts()).map((t) => t.trim()));
  return out;
}

describe('review before sending, in the browser', () => {
  let reviewed: string[][] = [];

  it('reviews a firm never applied to, answers what it asks, and sees the full table', async () => {
    await signInThroughScreen(page, app.url, user.email);
    await page.goto(`${app.url}/test-vc-database`);
    const search = page.getByPlaceholder('Search firms, press Enter');
    await search.fill(FIRM);
    await search.press('Enter');
    await page.getByLabel(`Select ${FIRM}`).check();
    const balance = (await app.api('GET', '/api/credits', { token: user.token })).body.balance;
    await page.getByRole('button', { name: 'Review first' }).click();

    await dialog().getByTestId('review-summary').waitFor({ timeout: 150_000 });
    expect(await dialog().getByTestId('review-summary').innerText()).toMatch(
      /^Nothing was sent\. The form needs 2 answers from you first/,
    );
    expect(await tableRows()).toEqual([
      ['Full name', PROFILE.founderName, 'Profile: founder name'],
      ['Email', PROFILE.founderEmail, 'Profile: founder e-mail'],
      ['Company name', PROFILE.companyName, 'Profile: company name'],
    ]);
    // Nothing arrived and nothing was charged for the review.
    expect(received()).toHaveLength(0);
    expect((await app.api('GET', '/api/credits', { token: user.token })).body).toMatchObject({ balance });
    await shoot('review-asks-1280-light.png');

    // The options the firm offers, "Other" among them: the founder's choice, not the automation's.
    await dialog().getByLabel('Sector').selectOption('Other');
    await dialog().getByLabel('Region').selectOption('Other');
    await dialog().getByRole('button', { name: 'Save answers and review again' }).click();
    await expect
      .poll(
        () =>
          dialog()
            .getByTestId('review-summary')
            .innerText()
            .catch(() => ''),
        { timeout: 150_000 },
      )
      .toMatch(/^Nothing was sent\. This is what the application would send \(5 fields\)/);
    reviewed = await tableRows();
    expect(reviewed).toEqual([
      ['Full name', PROFILE.founderName, 'Profile: founder name'],
      ['Email', PROFILE.founderEmail, 'Profile: founder e-mail'],
      ['Company name', PROFILE.companyName, 'Profile: company name'],
      ['Sector', 'Other', 'Your answer to “Sector”'],
      ['Region', 'Other', 'Your answer to “Region”'],
    ]);
    expect(received()).toHaveLength(0);
    await shoot('review-ready-1280-light.png');
  }, 360_000);

  it('reads at 375 px and in the dark theme', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await shoot('review-ready-375-light.png');
    // The theme as the app sets it (lib/theme.tsx), without a reload that would close the review.
    const theme = (t: 'light' | 'dark') =>
      page.evaluate((x) => {
        const root = document.documentElement;
        root.classList.remove('light', 'dark');
        root.classList.add(x);
        root.style.colorScheme = x;
      }, t);
    await theme('dark');
    await shoot('review-ready-375-dark.png');
    // The table fits a phone's width: rows stack instead of scrolling sideways.
    expect(
      await dialog()
        .getByTestId('review-table')
        .evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
    ).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot('review-ready-1280-dark.png');
    await theme('light');
  });

  it('submits from the review, and the firm receives exactly the reviewed values; the details show the same table', async () => {
    await dialog().getByRole('button', { name: 'Submit application (1 credit)' }).click();
    await confirmSpend(page);
    await page.getByRole('status').filter({ hasText: 'Test Applications Submitted' }).waitFor({ timeout: 30_000 });
    const got = await expect
      .poll(() => received().length, { timeout: 150_000 })
      .toBe(1)
      .then(() => received()[0]!.fields);
    const arrived = Object.values(got).filter(Boolean).sort();
    expect(arrived).toEqual(reviewed.map((r) => r[1]!).sort());

    const list = await expect
      .poll(
        async () => (await app.api('GET', '/api/submissions', { token: user.token })).body.submissions?.[0]?.status,
        { timeout: 60_000 },
      )
      .toBe('completed')
      .then(async () => (await app.api('GET', '/api/submissions', { token: user.token })).body.submissions);
    await page.goto(`${app.url}/submissions`);
    // A loaded machine can take a while to start the page's chunk: bound the wait generously.
    await page.getByRole('heading', { name: 'Submissions', exact: true }).waitFor({ timeout: 90_000 });
    await page
      .getByRole('button', { name: new RegExp(`Details of the application to ${FIRM}|View Details`) })
      .first()
      .click();
    const filled = page.getByTestId('fields-filled');
    await filled.locator('summary').click();
    expect(await tableRows(filled)).toEqual(reviewed);
    expect(list).toHaveLength(1);
    await shoot('review-details-1280-light.png');
  }, 300_000);

  it('accounts for every box: asked, or left unticked with why (heather-partners), at 1280 and 375 px', async () => {
    await page.goto(`${app.url}/test-vc-database`);
    const search = page.getByPlaceholder('Search firms, press Enter');
    await search.fill('Heather Partners');
    await search.press('Enter');
    await page.getByLabel('Select Heather Partners').check();
    await page.getByRole('button', { name: 'Review first' }).click();
    await dialog().getByTestId('review-summary').waitFor({ timeout: 150_000 });
    // This founder did not let FundFlow accept terms for them: the terms box is asked, like the age statement.
    expect(await dialog().getByTestId('review-summary').innerText()).toMatch(
      /^Nothing was sent\. The form needs 2 answers from you first/,
    );
    const notSent = dialog().getByTestId('review-not-sent');
    await notSent.locator('summary').click();
    const lines = await notSent.locator('li').allInnerTexts();
    expect(lines).toEqual([
      expect.stringMatching(
        /^I consent to Heather sharing my application with co-investors: left empty: a statement only you can make/,
      ),
      expect.stringMatching(/^Send me the Heather newsletter: left empty: a marketing opt-in box; left unticked/),
    ]);
    await notSent.scrollIntoViewIfNeeded();
    await shoot('review-not-sent-1280-light.png');
    await page.setViewportSize({ width: 375, height: 812 });
    await notSent.scrollIntoViewIfNeeded();
    await shoot('review-not-sent-375-light.png');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(app.runtime.sandbox!.received('heather-partners')).toHaveLength(0);
  }, 300_000);
});
