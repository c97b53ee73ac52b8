/**
 * Issue 27 end to end in Chromium against the built app and the real backend: the founder shares
 * the deck from a pipeline card (watermark on), an investor reads it in a second browser context on
 * a 375 px phone (e-mail gate, tracking notice, pages rendered by pdf.js with the e-mail drawn into
 * the page image), and the founder sees the visit on the card (moved to Opened deck), the page chart
 * on the deck page and the line on the dashboard; the founder's own look at the link is not counted.
 * The deck is a PDF Chromium prints in the test. Screenshots at 1280 and 375 px in frontend/screenshots/ with E2E_SHOTS=1.
 *
 * Run: npx turbo run build --filter=@fp/frontend && npx vitest run --project e2e frontend/test/deck-links.e2e.test.ts
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
  signInThroughScreen,
  TEST_APP_MODULE,
  screenshot,
} from './support';

mkdirSync(SHOTS, { recursive: true });
const FIRM = 'Northwind Ventures';
const FIRM_ID = 'test_vc_northwind-ventures';
const READER = 'partner@northwind.example';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let app: E2eTestApp;
let browser: Browser;
let founderCtx: BrowserContext;
let page: Page;
let user: { id: string; email: string; token: string };
let linkUrl = '';

/** A 4-page deck, printed by Chromium from HTML written here. */
async function printDeck(): Promise<Buffer> {
  const p = await (await browser.newContext()).newPage();
  const pages = ['Lumen Robotics', 'Problem', 'Traction', 'The ask'];
  await p.setContent(
    `<style>@page{margin:0}html,body{margin:0}section{box-sizing:border-box;height:580px;overflow:hidden;font:40px sans-serif;padding:40px;break-after:page}section:last-child{break-after:auto}</style>${pages.map((t, i) => `<section><h1>${t}</h1><p>Slide ${i + 1}</p></section>`).join('')}`,
  );
  const pdf = await p.pdf({ width: '800px', height: '600px', printBackground: true });
  await p.context().close();
  return pdf;
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
  const deck = await printDeck();
  const up = await fetch(`${app.url}/api/pitch-deck?name=lumen-seed.pdf`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/pdf' },
    body: new Uint8Array(deck),
  });
  expect(up.status).toBe(200);
  expect(
    (
      await app.api('POST', '/api/pipeline', {
        token: user.token,
        body: { investorId: FIRM_ID, investorKind: 'vc', stage: 'Applied' },
      })
    ).status,
  ).toBe(201);
}, 120_000);

afterAll(async () => {
  await releaseChromium(browser);
  await app?.close();
});

const card = () => page.getByTestId('pipeline-card').filter({ hasText: FIRM });
const shot = (p: Page, name: string) => screenshot(p, { path: path.join(SHOTS, `${name}.png`), fullPage: false });

describe('deck links (e2e)', () => {
  it('the founder shares the deck from a pipeline card', { timeout: 60_000 }, async () => {
    await signInThroughScreen(page, app.url, user.email);
    await page.goto(`${app.url}/pipeline`);
    await card()
      .getByRole('button', { name: `Open ${FIRM}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Share deck' }).click();
    // Defaults: e-mail required, no download.
    expect(await dialog.getByLabel("Require the viewer's e-mail").isChecked()).toBe(true);
    expect(await dialog.getByLabel('Allow download').isChecked()).toBe(false);
    await dialog.getByLabel("Watermark pages with the viewer's e-mail").check();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const field = dialog.getByLabel('Deck link');
    await field.waitFor();
    linkUrl = await field.inputValue();
    expect(linkUrl).toMatch(/\/d\/[A-Za-z0-9_-]{43}$/);
    expect(await dialog.getByTestId('deck-link-reading').innerText()).toBe('Not opened yet');
    await shot(page, 'deck-share-1280');
    await page.keyboard.press('Escape');
  });

  it(
    'an investor reads it on a 375 px phone: e-mail gate, tracking notice, watermarked pages',
    { timeout: 90_000 },
    async () => {
      const phone = await browser.newContext({
        viewport: { width: 375, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: PHONE_UA,
      });
      const reader = await phone.newPage();
      reader.on('pageerror', (e) => console.error('[pageerror reader]', e.message));
      const viewerPath = new URL(linkUrl).pathname;
      await reader.goto(`${app.url}${viewerPath}`);
      await reader.getByRole('heading', { name: 'View the pitch deck' }).waitFor();
      expect(await reader.getByTestId('tracking-notice').innerText()).toContain('Viewing is tracked');
      await shot(reader, 'deck-viewer-gate-375');
      // The light theme too (the viewer follows the app's theme switch).
      await reader.evaluate(() => localStorage.setItem('fundflow-theme', 'light'));
      await reader.reload();
      await reader.getByRole('heading', { name: 'View the pitch deck' }).waitFor();
      await shot(reader, 'deck-viewer-gate-375-light');
      // The e-mail gate refuses an empty address, with the server's message.
      await reader.getByRole('button', { name: 'View deck' }).click();
      await reader.getByRole('alert').filter({ hasText: 'Enter your e-mail address to view this deck.' }).waitFor();
      await reader.getByLabel('Your e-mail address').fill(READER);
      await reader.getByRole('button', { name: 'View deck' }).click();
      const indicator = reader.getByTestId('page-indicator');
      await expect.poll(() => indicator.innerText(), { timeout: 20_000 }).toBe('Page 1 of 4');
      const canvas = reader.getByTestId('deck-page');
      await expect.poll(() => canvas.getAttribute('aria-label')).toBe(`Page 1 of 4, watermarked with ${READER}`);
      // The watermark is in the page image's pixels: the page is black on white; only the watermark is red.
      const red = () =>
        canvas.evaluate((c: HTMLCanvasElement) => {
          const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
          let n = 0;
          for (let i = 0; i < d.length; i += 4) if (d[i]! - d[i + 1]! > 25 && d[i]! - d[i + 2]! > 25) n++;
          return { n, width: c.width };
        });
      await expect.poll(async () => (await red()).n, { timeout: 10_000 }).toBeGreaterThan(500);
      // The canvas fills the phone's width, drawn at the screen's density.
      expect((await red()).width).toBeGreaterThanOrEqual(600);
      await shot(reader, 'deck-viewer-375');
      // Reads: page 1 for 2 s, page 2 for 3 s (keyboard), page 3 for 1 s (button), then leaves.
      await reader.waitForTimeout(2000);
      await reader.keyboard.press('ArrowRight');
      await expect.poll(() => indicator.innerText()).toBe('Page 2 of 4');
      await reader.waitForTimeout(3000);
      await reader.getByRole('button', { name: 'Next page' }).click();
      await expect.poll(() => indicator.innerText()).toBe('Page 3 of 4');
      await reader.waitForTimeout(1000);
      await reader.close({ runBeforeUnload: true });
      await phone.close();
    },
  );

  it(
    'the founder sees the visit on the card, the page chart on the deck page and the dashboard line',
    { timeout: 90_000 },
    async () => {
      const links = async () =>
        (await app.api('GET', '/api/deck-links', { token: user.token })).body.links as {
          id: string;
          visits: number;
          pagesViewed: number;
          totalSeconds: number;
          pageCount: number | null;
        }[];
      await expect.poll(async () => (await links())[0]?.pagesViewed, { timeout: 20_000 }).toBe(3);
      const [link] = await links();
      expect(link).toMatchObject({ visits: 1, pageCount: 4 });
      expect(link!.totalSeconds).toBeGreaterThanOrEqual(5);
      expect(link!.totalSeconds).toBeLessThanOrEqual(9);
      const analytics = (await app.api('GET', `/api/deck-links/${link!.id}/analytics`, { token: user.token })).body;
      const secs = Object.fromEntries(
        (analytics.visits[0].pages as { page: number; seconds: number }[]).map((p) => [p.page, p.seconds]),
      );
      expect(analytics.visits[0].email).toBe(READER);
      expect(secs[1]).toBeGreaterThanOrEqual(1.6);
      expect(secs[2]).toBeGreaterThanOrEqual(2.4);
      expect(secs[2]).toBeLessThanOrEqual(4);

      await page.goto(`${app.url}/pipeline`);
      const stage = page.getByTestId('stage-Opened deck');
      await expect
        .poll(() => stage.getByTestId('pipeline-card').filter({ hasText: FIRM }).count(), { timeout: 20_000 })
        .toBe(1);
      const line = card().getByTestId('deck-reading');
      await expect
        .poll(() => line.innerText(), { timeout: 35_000 })
        .toMatch(/^Opened once · 3 of 4 pages · \d+ s · today$/);
      await card().scrollIntoViewIfNeeded();
      await shot(page, 'deck-pipeline-card-1280');
      await card()
        .getByRole('button', { name: `Open ${FIRM}` })
        .click();
      await page.getByTestId('card-history').getByText(`Opened your deck (${READER})`).waitFor();
      await page.keyboard.press('Escape');

      await page.getByRole('navigation').getByRole('link', { name: 'Deck' }).click();
      await page.getByRole('heading', { name: 'Deck', exact: true }).waitFor();
      await expect.poll(() => page.getByTestId('page-row').count()).toBe(4);
      const rows = await page.getByTestId('page-row').allInnerTexts();
      expect(rows.map((r) => r.replace(/\s+/g, ' ').trim().split(' ').at(-1))).toEqual(['1', '1', '1', '0']);
      // The first visit is a notice on the deck page (and one e-mail, see deck-alerts.int).
      const notices = page.getByTestId('deck-notices');
      await expect
        .poll(() => notices.getByTestId('deck-notice').first().innerText())
        .toContain(`${FIRM} opened your deck (${READER})`);
      expect(await notices.getByTestId('deck-notice').count()).toBe(1);
      expect(await notices.getByText('1 new').count()).toBe(1);
      await shot(page, 'deck-page-1280');
      await page.setViewportSize({ width: 375, height: 812 });
      await shot(page, 'deck-page-375');
      await page.evaluate(() => localStorage.setItem('fundflow-theme', 'dark'));
      await page.reload();
      await notices.waitFor();
      await shot(page, 'deck-page-375-dark');
      await page.setViewportSize({ width: 1280, height: 900 });
      await shot(page, 'deck-page-1280-dark');
      await page.evaluate(() => localStorage.setItem('fundflow-theme', 'light'));
      await page.reload();

      await page.goto(`${app.url}/`);
      const readers = page.getByTestId('deck-readers-line');
      expect(await readers.getByRole('link').innerText()).toBe('1 investor read your deck this week');
      await expect.poll(() => readers.getByText('1 new first open').count()).toBe(1);
      await page.getByRole('navigation').getByRole('link', { name: 'Deck' }).click();
      await notices.getByRole('button', { name: 'Mark as seen' }).click();
      await expect.poll(() => notices.getByText('1 new').count(), { timeout: 20_000 }).toBe(0);
      await expect
        .poll(async () => (await app.api('GET', '/api/deck-notifications', { token: user.token })).body.unseen, {
          timeout: 20_000,
        })
        .toBe(0);
      await page.goto(`${app.url}/pipeline`);
      await card().waitFor();
      await page.setViewportSize({ width: 375, height: 812 });
      await shot(page, 'deck-pipeline-375');
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.goto(`${app.url}/`);
      expect(await page.getByTestId('deck-readers-line').innerText()).toBe('1 investor read your deck this week');
    },
  );

  it('Settings → Deck alerts switches the first-visit e-mails off and on', { timeout: 60_000 }, async () => {
    await page.goto(`${app.url}/settings`);
    const section = page.getByTestId('deck-alerts-settings');
    const box = section.getByRole('checkbox', { name: 'E-mail me when someone opens a deck link for the first time' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'deck-alerts-settings-1280');
    await box.press('Space');
    await page.getByText('No more e-mails when someone first opens your deck').waitFor();
    await expect
      .poll(
        async () =>
          (await app.api('GET', '/api/deck-notifications', { token: user.token })).body.settings.firstVisitEmail,
      )
      .toBe(false);
    await page.reload();
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    await page.setViewportSize({ width: 375, height: 812 });
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'deck-alerts-settings-375');
    await page.evaluate(() => localStorage.setItem('fundflow-theme', 'dark'));
    await page.reload();
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'deck-alerts-settings-375-dark');
    await box.click();
    await expect
      .poll(
        async () =>
          (await app.api('GET', '/api/deck-notifications', { token: user.token })).body.settings.firstVisitEmail,
      )
      .toBe(true);
    await page.evaluate(() => localStorage.setItem('fundflow-theme', 'light'));
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("the founder's own look at the link is a preview and not counted", { timeout: 60_000 }, async () => {
    const own = await founderCtx.newPage();
    await own.goto(`${app.url}${new URL(linkUrl).pathname}`);
    await own.getByTestId('preview-notice').waitFor();
    await expect.poll(() => own.getByTestId('page-indicator').innerText(), { timeout: 20_000 }).toBe('Page 1 of 4');
    await shot(own, 'deck-viewer-preview-1280');
    await own.waitForTimeout(1500);
    await own.close({ runBeforeUnload: true });
    await new Promise((r) => setTimeout(r, 1000));
    const [link] = (await app.api('GET', '/api/deck-links', { token: user.token })).body.links;
    expect(link.visits).toBe(1);
  });
});
