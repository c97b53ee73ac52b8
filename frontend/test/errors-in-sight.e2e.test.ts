/**
 * Errors and notices in sight, in real Chromium against the built app and the real backend: a
 * refused profile save brings its first faulty field into view below the sticky header with its
 * message and focus, and lists every faulty field at the top; a saved company name cannot be
 * emptied; an AUM range the server refuses keeps what was typed and says why; a toast covers
 * neither the search box nor the filters, and focus goes back to the button that opened the dialog.
 * Screenshots (1280 and 375 px, light and dark) go to E2E_SHOTS_DIR (default frontend/screenshots/) with E2E_SHOTS=1.
 *
 * Run: npm run build && npx vitest run --project e2e frontend/test/errors-in-sight.e2e.test.ts
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
  ctx: any;
  services: any;
  api<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown },
  ): Promise<{ status: number; body: T }>;
  createUser(opts?: { email?: string; password?: string }): Promise<{ id: string; email: string; token: string }>;
  close(): Promise<void>;
}

const OUT = process.env.E2E_SHOTS_DIR ?? SHOTS;
const HEADER_PX = 64;

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
const email = `insight.${Date.now().toString(36)}@example.com`;

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as { startTestApp(): Promise<TestApp> };
  app = await startTestApp();
  const r = await app.services.catalog.seed({ vc: 60, angels: 0, seed: 3 }, { now: new Date(), actor: 'e2e' });
  await app.ctx.projections.waitFor(r.checkpoint, 60_000);
  ({ token } = await app.createUser({ email }));
  // A profile with a company name (not complete: no value proposition).
  const { valueProposition: _, ...almost } = SAMPLE_COMPLETE_PROFILE;
  expect((await app.api('PATCH', '/api/startup-profile', { token, body: almost })).status).toBe(200);
  browser = await sharedChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  await signInThroughScreen(page, app.url, email);
});

afterAll(async () => {
  await context?.close();
  await releaseChromium(browser);
  await app?.close();
});

const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`));
const saveButton = () => page.getByRole('button', { name: /^(Save Progress|Save Changes)$/ });

const SIZES = [
  [1280, 900],
  [375, 812],
] as const;

/** Shoots the page as it is, in both themes (the scroll position stays). */
async function shootThemes(p: Page, name: string) {
  mkdirSync(OUT, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await p.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => p.evaluate(() => document.documentElement.className)).toContain(scheme);
    await screenshot(p, { path: path.join(OUT, `${name}-${scheme}.png`) });
  }
  await p.emulateMedia({ colorScheme: 'light' });
}

/** Shoots the page at 1280 and 375 px in both themes. */
async function shootAll(p: Page, name: string) {
  mkdirSync(OUT, { recursive: true });
  const size = p.viewportSize()!;
  for (const [w, h] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await p.setViewportSize({ width: w, height: h });
      await p.emulateMedia({ colorScheme: scheme });
      await expect.poll(() => p.evaluate(() => document.documentElement.className)).toContain(scheme);
      await screenshot(p, { path: path.join(OUT, `${name}-${w}-${scheme}.png`) });
    }
  }
  await p.emulateMedia({ colorScheme: 'light' });
  await p.setViewportSize(size);
}

/** The element's box lies inside the viewport, below the sticky header. */
async function inSight(p: Page, selector: ReturnType<Page['locator']>) {
  const box = (await selector.boundingBox())!;
  const { height } = p.viewportSize()!;
  return box.y >= HEADER_PX && box.y + box.height <= height;
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('profile errors in sight (e2e)', () => {
  it('Founded Year 3025: on save the field is focused below the header with its message, and the summary names it', async () => {
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(`${app.url}/settings`);
      await field('Founded Year').waitFor();
      await field('Founded Year').fill('3025');
      // Save sits at the bottom of the form: the field is far above it.
      await saveButton().scrollIntoViewIfNeeded();
      await saveButton().click();
      const message = page.getByText(/^Founded Year must be a year between 1900 and \d{4}$/).first();
      await message.waitFor();
      await expect.poll(() => field('Founded Year').evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await inSight(page, field('Founded Year')), `${w}px`).toBe(true);
      expect(await inSight(page, message), `${w}px`).toBe(true);
      const summary = page.getByTestId('profile-error-summary');
      expect(await summary.textContent()).toMatch(/1 field needs a fix before saving.*Founded Year/);
      await shootThemes(page, `errors-profile-founded-3025-${w}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('an emptied company name is refused by the form, and by the server, and the saved name stays', async () => {
    await page.goto(`${app.url}/settings`);
    await field('Founded Year').waitFor();
    await field('Company Name').fill('');
    await saveButton().click();
    await page.getByText('Company Name is required').first().waitFor();
    await expect.poll(() => field('Company Name').evaluate((el) => el === document.activeElement)).toBe(true);
    // The summary's link brings a field on another tab back too.
    const link = page.getByTestId('profile-error-summary').getByRole('link', { name: 'Company Name' });
    expect(await link.count()).toBe(1);
    const api = await app.api('PATCH', '/api/startup-profile', { token, body: { clear: ['companyName'] } });
    expect(api.status).toBe(400);
    expect(api.body).toEqual({
      error: 'Company Name is required',
      fields: { companyName: 'Company Name is required' },
    });
    const saved = await app.api('GET', '/api/startup-profile', { token });
    expect(saved.body.profile.companyName).toBe(SAMPLE_COMPLETE_PROFILE.companyName);
    await shootAll(page, 'errors-profile-company-name');
  });
});

describe('catalog: a refused filter keeps the input (e2e)', () => {
  it('an inverted AUM range keeps both values with a message, and the list is not reset to all firms', async () => {
    await page.goto(`${app.url}/vc-database`);
    await page.getByTestId('vc-firm-card').first().waitFor();
    const min = page.getByLabel('Minimum AUM in millions');
    const max = page.getByLabel('Maximum AUM in millions');
    await min.fill('500');
    await max.fill('10');
    await max.press('Enter');
    const error = page.getByTestId('aum-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/minimum AUM \(\$500M\) is above the maximum \(\$10M\)/);
    expect(await min.inputValue()).toBe('500');
    expect(await max.inputValue()).toBe('10');
    expect(await min.getAttribute('aria-invalid')).toBe('true');
    // The minimum alone was applied when its box lost focus; the refused maximum never reached the
    // address, and the minimum was not dropped with it.
    const applied = new URL(page.url()).searchParams;
    expect(applied.get('aumMax')).toBeNull();
    expect(applied.get('aumMin')).toMatch(/500/);
    await shootAll(page, 'errors-catalog-aum-refused');
    // Fixing the range applies it and the message goes.
    await min.fill('5');
    await max.press('Enter');
    await error.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).searchParams.get('aumMax')).toMatch(/10/);
    expect(new URL(page.url()).searchParams.get('aumMin')).toMatch(/^"?5"?$/);
  });
});

describe('notices (e2e)', () => {
  it('a toast covers neither the search box nor the filters, at 1280 and 375 px, and focus goes back to the opener', async () => {
    for (const [w, h] of [
      [1280, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(`${app.url}/vc-database`);
      await page
        .getByTestId('vc-firm-card')
        .first()
        .waitFor({ timeout: 60_000 })
        .catch(async (e: Error) => {
          await screenshot(page, { path: path.join(OUT, `notices-no-cards-${w}.png`), fullPage: true });
          throw e;
        });
      const open = page.getByRole('button', { name: 'Save Search' });
      await open.click();
      const dialog = page.getByRole('dialog', { name: 'Save this search' });
      await dialog.getByLabel('Name').fill(`Everything ${w}`);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      const toast = page.getByRole('status').filter({ hasText: 'Search saved' });
      await toast.waitFor();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => open.evaluate((el) => el === document.activeElement)).toBe(true);
      const box = (await toast.boundingBox())!;
      for (const control of [
        page.getByLabel('Search firms'),
        page.getByRole('heading', { name: 'VC Database' }),
        page.getByRole('button', { name: /Countries/ }).first(),
      ]) {
        if (!(await control.isVisible())) continue;
        expect(overlaps(box, (await control.boundingBox())!), `${w}px`).toBe(false);
      }
      if (w === 1280) await shootAll(page, 'notices-toast');
      await page.keyboard.press('Escape');
      await toast.waitFor({ state: 'detached' });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
