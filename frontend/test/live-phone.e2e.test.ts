/**
 * The live view on a phone, in real Chromium at 375 px with touch: a run to the
 * sandbox's warden-ventures (a CAPTCHA a person solves) waits for the founder; the live view shows
 * the firm's page fit to the width, zooms in with the buttons and with a two-finger pinch, pans, and
 * the founder solves the CAPTCHA by tapping the zoomed screen; Continue sends the application; the
 * header's "Back to FundFlow" returns to the app. Screenshots at 375 px in frontend/screenshots/ with E2E_SHOTS=1.
 *
 * Run: npx turbo run build --filter=@fp/frontend && npx vitest run --project e2e frontend/test/live-phone.e2e.test.ts
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import {
  DIST_INDEX,
  type E2eTestApp,
  releaseChromium,
  sharedChromium,
  SHOTS,
  TEST_APP_MODULE,
  screenshot,
} from './support';

type TestApp = E2eTestApp & {
  runtime: {
    sandbox: { url: string; received(slug: string): { fields: Record<string, string>; accepted: boolean }[] } | null;
  };
};

const SITE = 'warden-ventures';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let app: TestApp;
let browser: Browser;
let phone: BrowserContext;
let live: Page;
let user: { id: string; email: string; token: string };
/** Where "I am human" is on the firm's page at the run's 1280 × 900 viewport. */
let human: { x: number; y: number };

beforeAll(async () => {
  if (!existsSync(DIST_INDEX))
    throw new Error('frontend/dist is missing: run `npx turbo run build --filter=@fp/frontend` first');
  mkdirSync(SHOTS, { recursive: true });
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<TestApp>;
  };
  app = await startTestApp({ config: { takeoverSeconds: 300, workerConcurrency: 1 } });
  browser = await sharedChromium();
  const probe = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await probe.goto(`${app.runtime.sandbox!.url}/${SITE}/apply`);
  const b = (await probe.locator('#hc-box').boundingBox())!;
  human = { x: b.x + 14, y: b.y + b.height / 2 };
  await probe.context().close();
  user = await app.createUser();
  expect(
    (await app.api('PATCH', '/api/startup-profile', { token: user.token, body: SAMPLE_COMPLETE_PROFILE })).status,
  ).toBe(200);
  await app.services.credits.grant(user.id, 2, 'e2e credits', null, { now: new Date(), actor: 'test' });
  phone = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_UA,
  });
  live = await phone.newPage();
  live.on('pageerror', (e) => console.error('[pageerror]', e.message));
}, 120_000);

afterAll(async () => {
  await phone?.close();
  await releaseChromium(browser);
  await app?.close();
});

/** The frame's width on screen and the box's: fit means the frame fills the box's width. */
const sizes = () =>
  live.evaluate(() => {
    const img = document.getElementById('screen') as HTMLImageElement,
      box = document.getElementById('screen-box')!;
    return {
      img: img.getBoundingClientRect().width,
      box: box.clientWidth,
      scrollWidth: box.scrollWidth,
      page: document.documentElement.scrollWidth,
    };
  });

/** Two fingers spreading apart over the screen (CDP touch events, as a phone sends them). */
async function pinchOut(page: Page) {
  const r = (await page.locator('#screen-box').boundingBox())!;
  const cx = r.x + r.width / 2,
    cy = r.y + Math.min(r.height / 2, 100);
  const cdp = await page.context().newCDPSession(page);
  const at = (d: number) => [
    { x: cx - d, y: cy },
    { x: cx + d, y: cy },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(20) });
  for (const d of [35, 50, 65, 80])
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(d) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('the live view on a 375 px phone', () => {
  it('fits the page to the width, zooms (buttons and pinch) and pans; the founder solves the CAPTCHA by tapping and gets back to the app', async () => {
    const submitted = await app.api('POST', '/api/submit-to-test-vcs', {
      token: user.token,
      body: { testVcIds: [`test_vc_${SITE}`] },
    });
    expect(submitted.status).toBe(200);
    const id = submitted.body.submissionIds[0] as string;
    await expect
      .poll(
        async () => (await app.api('GET', `/api/submissions/${id}`, { token: user.token })).body.takeover?.reason ?? '',
        { timeout: 120_000, interval: 1000 },
      )
      .toBe('captcha');
    const url = (await app.api('POST', `/api/submissions/${id}/fetch-live-url`, { token: user.token, body: {} })).body
      .liveUrl as string;
    expect(url).toContain(`/live/${id}`);

    await live.goto(new URL(url, app.url).href);
    await live.getByRole('heading', { name: 'Needs you in the live view' }).waitFor();
    const img = live.locator('#screen');
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 30_000 })
      .toBeGreaterThan(0);
    const back = live.getByRole('link', { name: /Back to FundFlow/ });
    expect(await back.isVisible()).toBe(true);

    // Fit to width: the frame fills the box, and nothing runs off the phone's screen.
    const fit = await sizes();
    expect(fit.img).toBeGreaterThan(300);
    expect(Math.abs(fit.img - fit.box)).toBeLessThan(2);
    expect(fit.page).toBeLessThanOrEqual(375);
    await live.locator('#screen-box').scrollIntoViewIfNeeded();
    await screenshot(live, { path: path.join(SHOTS, 'live-phone-fit-375.png') });

    // Buttons: 150 %, 200 %, 300 % of the width; the box pans (it scrolls) and the page itself does not widen.
    const zoomIn = live.getByRole('button', { name: 'Zoom in' });
    for (let i = 0; i < 3; i++) await zoomIn.tap();
    await expect.poll(() => live.locator('#zoom-level').innerText()).toBe('300% of the width');
    const zoomed = await sizes();
    expect(zoomed.img / zoomed.box).toBeCloseTo(3, 1);
    expect(zoomed.scrollWidth).toBeGreaterThan(zoomed.box * 2);
    expect(zoomed.page).toBeLessThanOrEqual(375);
    await live.getByRole('button', { name: 'Fit to width' }).tap();
    await expect.poll(() => live.locator('#zoom-level').innerText()).toBe('Fit to width');

    // Pinch: two fingers apart zoom in.
    await pinchOut(live);
    await expect.poll(async () => (await sizes()).img / fit.box).toBeGreaterThan(2.5);
    for (let i = 0; i < 3; i++) await zoomIn.tap(); // to the largest step (400 %)
    await expect.poll(() => live.locator('#zoom-level').innerText()).toBe('400% of the width');

    // Pan to "I am human" (a finger's drag scrolls the box; the test sets the same scroll) and tap it.
    const target = await img.evaluate((el, p) => {
      const im = el as HTMLImageElement,
        box = im.parentElement!;
      const s = im.getBoundingClientRect().width / im.naturalWidth;
      const fx = (p.x * im.naturalWidth) / 1280,
        fy = (p.y * im.naturalHeight) / 900;
      box.scrollLeft = fx * s - box.clientWidth / 2;
      box.scrollTop = fy * s - box.clientHeight / 2;
      const r = im.getBoundingClientRect();
      return { x: r.left + fx * s, y: r.top + fy * s, scale: s };
    }, human);
    // Readable: the firm's page is drawn at least at 90 % of its real size (its CAPTCHA code too).
    expect(target.scale).toBeGreaterThan(0.9);
    await live.evaluate(() => document.getElementById('screen-box')!.scrollIntoView({ block: 'center' }));
    const box = (await live.locator('#screen-box').boundingBox())!;
    const inBox = await img.evaluate((el, p) => {
      const im = el as HTMLImageElement,
        r = im.getBoundingClientRect();
      const s = r.width / im.naturalWidth;
      return { x: r.left + ((p.x * im.naturalWidth) / 1280) * s, y: r.top + ((p.y * im.naturalHeight) / 900) * s };
    }, human);
    expect(inBox.x).toBeGreaterThan(box.x);
    expect(inBox.x).toBeLessThan(box.x + box.width);
    await live.touchscreen.tap(inBox.x, inBox.y);
    let code = '';
    await expect
      .poll(
        async () => {
          const res = await fetch(`${app.runtime.sandbox!.url}/${SITE}/human/issued`);
          code = ((await res.json()) as { codes: string[] }).codes.at(-1) ?? '';
          return code.length;
        },
        { timeout: 30_000 },
      )
      .toBe(5);
    await live.waitForTimeout(1500); // the next frames show the code
    await screenshot(live, { path: path.join(SHOTS, 'live-phone-zoomed-375.png') });
    await live.getByLabel('Text to type into the page').fill(code);
    await live.getByRole('button', { name: 'Type', exact: true }).tap();
    await live.getByText('Typed.').waitFor();
    await live.getByRole('button', { name: 'Enter', exact: true }).tap();
    await live.waitForTimeout(1500);
    await live.getByRole('button', { name: 'Continue' }).tap();
    await expect
      .poll(async () => (await app.api('GET', `/api/submissions/${id}`, { token: user.token })).body.status, {
        timeout: 120_000,
        interval: 1000,
      })
      .toBe('completed');
    expect(app.runtime.sandbox!.received(SITE)[0]).toMatchObject({ accepted: true, fields: { human_check: 'passed' } });
    await live.getByText('The run has ended.').waitFor({ timeout: 30_000 });
    await screenshot(live, { path: path.join(SHOTS, 'live-phone-ended-375.png') });

    // The way back to the app.
    await back.tap();
    await live.waitForURL((u) => u.pathname === '/submissions');
  }, 300_000);
});
