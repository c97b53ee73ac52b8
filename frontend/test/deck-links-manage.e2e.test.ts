/**
 * The founder's side of deck links end to end in Chromium against the built app and the real
 * backend: the founder makes a link for an e-mail on /deck, an investor reads it on a 375 px phone
 * (scripted page times), the founder opens that investor's row and sees the seconds per page the
 * investor spent and the device, copies the link, turns it off, composes an investor update to that
 * investor and sees that their link is off (Send waits for the choice). Screenshots at 1280 and 375
 * px, light and dark, under DECK_SHOTS (default /tmp/deck-links-manage-shots).
 *
 * Run: npx turbo run build --filter=@fp/frontend && npx vitest run --project e2e frontend/test/deck-links-manage.e2e.test.ts
 */
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIST_INDEX,
  type E2eTestApp,
  releaseChromium,
  sharedChromium,
  signInThroughScreen,
  TEST_APP_MODULE,
  screenshot,
} from './support';

const SHOTS = process.env.DECK_SHOTS ?? '/tmp/deck-links-manage-shots';
mkdirSync(SHOTS, { recursive: true });
const READER = 'maya@cedar.example';
const NAME = 'Maya Chen (Cedar Ventures)';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
/** What the investor spends on each page (seconds). */
const SCRIPT = [3, 5, 2];
/** What the reader in fact spent on each page (seconds): the script plus the browser's own delays. */
const spent: number[] = [];

let app: E2eTestApp;
let browser: Browser;
let founderCtx: BrowserContext;
let page: Page;
let user: { id: string; email: string; token: string };
let linkUrl = '';

async function printDeck(): Promise<Buffer> {
  const p = await (await browser.newContext()).newPage();
  const pages = ['Lumen Grid', 'Problem', 'Traction', 'The ask'];
  await p.setContent(
    `<style>@page{margin:0}html,body{margin:0}section{box-sizing:border-box;height:580px;overflow:hidden;font:40px sans-serif;padding:40px;break-after:page}section:last-child{break-after:auto}</style>${pages.map((t, i) => `<section><h1>${t}</h1><p>Slide ${i + 1}</p></section>`).join('')}`,
  );
  const pdf = await p.pdf({ width: '800px', height: '600px', printBackground: true });
  await p.context().close();
  return pdf;
}

/** 1280 and 375 px, light and dark, of what `ready` waits for. */
async function shots(p: Page, name: string, ready: () => Promise<unknown>) {
  for (const theme of ['light', 'dark'] as const) {
    await p.evaluate((t) => localStorage.setItem('fundflow-theme', t), theme);
    for (const width of [1280, 375]) {
      await p.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await p.reload();
      await ready();
      await screenshot(p, { path: path.join(SHOTS, `${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
  await p.evaluate(() => localStorage.setItem('fundflow-theme', 'light'));
  await p.setViewportSize({ width: 1280, height: 900 });
  await p.reload();
  await ready();
}

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<E2eTestApp>;
  };
  app = await startTestApp();
  browser = await sharedChromium();
  founderCtx = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: DESKTOP_UA });
  await founderCtx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  page = await founderCtx.newPage();
  page.on('pageerror', (e) => console.error('[pageerror founder]', e.message));
  user = await app.createUser();
  expect(
    (await app.api('PATCH', '/api/startup-profile', { token: user.token, body: SAMPLE_COMPLETE_PROFILE })).status,
  ).toBe(200);
  const up = await fetch(`${app.url}/api/pitch-deck?name=lumen-seed.pdf`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/pdf' },
    body: new Uint8Array(await printDeck()),
  });
  expect(up.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await releaseChromium(browser);
  await app?.close();
});

describe('deck links, the founder’s side (e2e)', () => {
  it(
    'the founder makes a link for an e-mail on /deck; the form refuses a bad address first',
    { timeout: 60_000 },
    async () => {
      await signInThroughScreen(page, app.url, user.email);
      await page.getByRole('navigation').getByRole('link', { name: 'Deck' }).click();
      await page.getByRole('heading', { name: 'Deck', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Share deck' }).click();
      const form = page.getByTestId('share-form');
      await form.getByLabel('Recipient e-mail (optional)').fill('not an address');
      await form.getByRole('button', { name: 'Create link' }).click();
      await form.getByText('Please enter a valid email address').waitFor();
      // The date picker offers no past day.
      expect(await form.getByLabel('Expires (optional)').getAttribute('min')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await form.getByLabel('Recipient name (optional)').fill(NAME);
      await form.getByLabel('Recipient e-mail (optional)').fill(READER);
      await form.getByRole('button', { name: 'Create link' }).click();
      const row = page.getByTestId('deck-link').filter({ hasText: NAME });
      await row.waitFor();
      expect(await row.innerText()).toContain('By hand');
      linkUrl = await row.getByLabel('Deck link').inputValue();
      expect(linkUrl).toMatch(/\/d\/[A-Za-z0-9_-]{43}$/);
      // Copying it put it on the clipboard.
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(linkUrl);
    },
  );

  it('an investor reads it on a 375 px phone with scripted page times', { timeout: 90_000 }, async () => {
    const phone = await browser.newContext({
      viewport: { width: 375, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent: PHONE_UA,
    });
    const reader = await phone.newPage();
    reader.on('pageerror', (e) => console.error('[pageerror reader]', e.message));
    await reader.goto(`${app.url}${new URL(linkUrl).pathname}`);
    await reader.getByLabel('Your e-mail address').fill(READER);
    await reader.getByRole('button', { name: 'View deck' }).click();
    const indicator = reader.getByTestId('page-indicator');
    // Page 1's time starts when its first picture (the cover) is drawn, not when the viewer opens.
    await reader.getByTestId('deck-page').waitFor();
    const spinner = reader.getByRole('status').filter({ hasText: 'Rendering the page' });
    await expect.poll(() => spinner.count(), { timeout: 20_000 }).toBe(0);
    let since = Date.now();
    for (const [i, seconds] of SCRIPT.entries()) {
      // The reader stays the scripted time; the time the page was in fact on screen is what counts.
      await reader.waitForTimeout(seconds * 1000);
      await expect.poll(() => indicator.innerText(), { timeout: 20_000 }).toBe(`Page ${i + 1} of 4`);
      if (i < SCRIPT.length - 1) await reader.getByRole('button', { name: 'Next page' }).click();
      else await reader.close({ runBeforeUnload: true });
      spent.push((Date.now() - since) / 1000);
      since = Date.now();
    }
    await phone.close();
  });

  it(
    "the founder opens that investor's row: seconds per page as spent, the phone; copies, turns it off",
    { timeout: 120_000 },
    async () => {
      // The last report arrives as the reader leaves (keepalive): wait for it on the server first.
      await expect
        .poll(
          async () => {
            const links = (await app.api('GET', '/api/deck-links', { token: user.token })).body.links;
            return links[0]?.pagesViewed;
          },
          { timeout: 30_000 },
        )
        .toBe(3);
      await page.goto(`${app.url}/deck`);
      const row = page.getByTestId('deck-link').filter({ hasText: NAME });
      await row.getByRole('button', { name: 'Visits by page' }).click();
      const reading = row.getByTestId('investor-reading');
      const visit = reading.getByTestId('visit').first();
      await visit.waitFor();
      expect(await visit.innerText()).toContain(READER);
      expect(await visit.getByTestId('visit-device').innerText()).toBe('Phone');
      expect(await visit.getByTestId('visit-summary').innerText()).toMatch(/^Reached page 3 of 4 · 75% complete/);
      const shown = (await visit.getByTestId('visit-page-seconds').allInnerTexts()).map((t) =>
        Number(t.replace(' s', '')),
      );
      expect(shown).toHaveLength(4);
      expect(spent).toHaveLength(SCRIPT.length);
      for (const [i, want] of spent.entries())
        expect(Math.abs(shown[i]! - want), `page ${i + 1}: shown ${shown[i]} s, spent ${want} s`).toBeLessThanOrEqual(
          Math.max(1, want * 0.2),
        );
      expect(shown[3]).toBe(0);
      await reading.getByTestId('all-readers-chart').waitFor();
      await shots(page, 'deck-investor-row', async () => {
        const r = page.getByTestId('deck-link').filter({ hasText: NAME });
        await r.getByRole('button', { name: 'Visits by page' }).click();
        await r.getByTestId('visit').first().waitFor();
        await r.getByTestId('all-readers-chart').locator('svg').waitFor();
      });

      await page.evaluate(() => navigator.clipboard.writeText(''));
      await row.getByRole('button', { name: `Copy link for ${NAME}` }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(linkUrl);
      // The box follows the server (it changes once the link is saved), so a click rather than uncheck().
      await row.getByRole('checkbox', { name: 'Link on' }).click();
      await page.getByText('Link turned off (its history is kept)').waitFor();
      await row.getByText('Off', { exact: true }).waitFor();
      const off = await app.api('GET', `/api/d/${new URL(linkUrl).pathname.split('/').at(-1)}`);
      expect(off.status).toBe(410);
    },
  );

  it(
    'composing an update to that investor says their link is off; Send waits for the choice',
    { timeout: 120_000 },
    async () => {
      await page.goto(`${app.url}/updates`);
      await page.getByRole('button', { name: 'New update' }).first().click();
      await page.getByRole('heading', { name: 'Write your update' }).waitFor();
      await page.getByLabel('Subject').fill('Lumen Grid — March update');
      await page.getByLabel('Highlights').fill('Two pilots signed.');
      await page.getByLabel('Other addresses').fill(`${READER}\nnew@fund.example`);
      await page.getByRole('button', { name: 'Preview' }).first().click();
      const notice = page.getByTestId('off-links');
      await notice.waitFor();
      expect(await notice.innerText()).toContain('1 recipient has their deck link turned off.');
      expect(await notice.innerText()).toContain(READER);
      const send = page.getByTestId('update-preview').getByRole('button', { name: 'Send', exact: true });
      expect(await send.isDisabled()).toBe(true);
      await shots(page, 'update-off-link', async () => {
        await page.getByRole('button', { name: 'Preview' }).first().click();
        await page.getByTestId('off-links').waitFor();
      });
      await page.getByLabel('Send to them without a deck link').check();
      expect(await send.isDisabled()).toBe(false);
      await send.click();
      await page.getByRole('button', { name: 'Send now' }).click();
      await page.getByText('Sent to 2 investors').waitFor();
      await expect
        .poll(() => page.getByTestId('recipient-row').filter({ hasText: READER }).innerText(), { timeout: 20_000 })
        .toContain('Sent without a deck link (link off)');
      // Off stayed off: no new link for that investor; the other recipient got one.
      const links = (await app.api('GET', '/api/deck-links', { token: user.token })).body.links as {
        email: string | null;
        enabled: boolean;
      }[];
      expect(links.filter((l) => l.email === READER)).toEqual([expect.objectContaining({ enabled: false })]);
      expect(links.filter((l) => l.email === 'new@fund.example')).toHaveLength(1);
    },
  );
});
