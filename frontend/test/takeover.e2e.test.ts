/**
 * Taking over the live browser, end to end in real Chromium against the built app: a run to a firm
 * whose form has a CAPTCHA a person solves (the sandbox's warden-ventures) waits as "Needs you in
 * the live view"; the founder presses "Take over" in Submissions, clicks "I am human" on the live
 * view's screen, types the code shown, presses Enter and Continue, and the application is sent.
 * Screenshots at 1280 and 375 px to frontend/screenshots/ with E2E_SHOTS=1.
 *
 * Run: npm run build && npx vitest run --project e2e frontend/test/takeover.e2e.test.ts
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import { DIST_INDEX, releaseChromium, sharedChromium, SHOTS, TEST_APP_MODULE, screenshot } from './support';

interface TestApp {
  url: string;
  runtime: {
    sandbox: { url: string; received(slug: string): { fields: Record<string, string>; accepted: boolean }[] } | null;
  };
  services: {
    credits: {
      grant(
        userId: string,
        amount: number,
        reason: string,
        reference: string | null,
        meta: { now: Date; actor: string },
      ): Promise<unknown>;
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

const PASSWORD = 'correct horse battery';
const SITE = 'warden-ventures';

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: { id: string; email: string; token: string };
/** Where "I am human" is on the firm's page at the run's 1280 × 900 viewport. */
let box: { x: number; y: number };

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<TestApp>;
  };
  app = await startTestApp({ config: { takeoverSeconds: 300, workerConcurrency: 1 } });
  browser = await sharedChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  // Measured before the run, so that the run's challenge is the newest one issued.
  const probe = await context.newPage();
  await probe.goto(`${app.runtime.sandbox!.url}/${SITE}/apply`);
  const b = (await probe.locator('#hc-box').boundingBox())!;
  box = { x: b.x + 14, y: b.y + b.height / 2 };
  await probe.close();
  user = await app.createUser();
  expect(
    (await app.api('PATCH', '/api/startup-profile', { token: user.token, body: SAMPLE_COMPLETE_PROFILE })).status,
  ).toBe(200);
  await app.services.credits.grant(user.id, 2, 'e2e credits', null, { now: new Date(), actor: 'test' });
});

afterAll(async () => {
  await context?.close();
  await releaseChromium(browser);
  await app?.close();
});

describe('taking over the live browser, in the browser', () => {
  it('waits as "Needs you in the live view"; the founder solves the CAPTCHA in the live view and presses Continue; the application is sent', async () => {
    await page.goto(`${app.url}/`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const submitted = await app.api('POST', '/api/submit-to-test-vcs', {
      token: user.token,
      body: { testVcIds: [`test_vc_${SITE}`] },
    });
    expect(submitted.status).toBe(200);
    const id = submitted.body.submissionIds[0] as string;

    await page.goto(`${app.url}/submissions`);
    const row = page.locator('tr, [data-testid="submission-card"]').filter({ hasText: 'Warden Ventures' }).first();
    // The list refreshes every 15 s; reload until the run waits.
    await expect
      .poll(
        async () => {
          if (await row.getByText('Needs you in the live view').count()) return true;
          await page.reload();
          return false;
        },
        { timeout: 120_000, interval: 2000 },
      )
      .toBe(true);
    // The app's one banner says so, with a count and a way in.
    await page.getByTestId('waiting-runs-banner').filter({ hasText: 'Needs you in the live view: 1' }).waitFor();
    await screenshot(page, { path: path.join(SHOTS, 'takeover-submissions-1280.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, { path: path.join(SHOTS, 'takeover-submissions-375.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    const takeOver = row.getByRole('button', { name: 'Take over' });
    // Apart, so that a failure says which waited: the click (something over the button) or the new tab.
    const opened = context.waitForEvent('page', { timeout: 60_000 });
    await takeOver.click({ timeout: 30_000 });
    const live = await opened;
    await live.getByRole('heading', { name: 'Needs you in the live view' }).waitFor();
    const img = live.locator('#screen');
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await screenshot(live, { path: path.join(SHOTS, 'takeover-live-1280.png') });

    // Click "I am human" where it is on the screen image (the frame is the run's viewport, scaled to fit).
    const at = await img.evaluate((el, p) => {
      const im = el as HTMLImageElement;
      const r = im.getBoundingClientRect();
      const s = Math.min(r.width / im.naturalWidth, r.height / im.naturalHeight);
      const fx = (p.x * im.naturalWidth) / 1280,
        fy = (p.y * im.naturalHeight) / 900;
      return {
        x: r.left + (r.width - im.naturalWidth * s) / 2 + fx * s,
        y: r.top + (r.height - im.naturalHeight * s) / 2 + fy * s,
      };
    }, box);
    await live.mouse.click(at.x, at.y);
    // The person reads the code off the screen; the test asks the sandbox which code it showed.
    let code = '';
    await expect
      .poll(async () => {
        const res = await fetch(`${app.runtime.sandbox!.url}/${SITE}/human/issued`);
        code = ((await res.json()) as { codes: string[] }).codes.at(-1) ?? '';
        return code.length;
      })
      .toBe(5);
    await live.getByLabel('Text to type into the page').fill(code);
    await live.getByRole('button', { name: 'Type', exact: true }).click();
    await live.getByText('Typed.').waitFor();
    await live.getByRole('button', { name: 'Enter', exact: true }).click();
    await live.waitForTimeout(1500); // the firm's page checks the code; the screen shows "Verified"
    await screenshot(live, { path: path.join(SHOTS, 'takeover-live-solved-1280.png') });
    await live.setViewportSize({ width: 375, height: 812 });
    await screenshot(live, { path: path.join(SHOTS, 'takeover-live-375.png'), fullPage: true });
    await live.setViewportSize({ width: 1280, height: 900 });
    await live.getByRole('button', { name: 'Continue' }).click();

    await expect
      .poll(async () => (await app.api('GET', `/api/submissions/${id}`, { token: user.token })).body.status, {
        timeout: 120_000,
        interval: 1000,
      })
      .toBe('completed');
    const got = app.runtime.sandbox!.received(SITE);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      accepted: true,
      fields: { email: SAMPLE_COMPLETE_PROFILE.founderEmail, human_check: 'passed' },
    });
    await live.getByText('The run has ended.').waitFor({ timeout: 30_000 });

    // The details list the takeover.
    await page.reload();
    await page
      .locator('tr, [data-testid="submission-card"]')
      .filter({ hasText: 'Warden Ventures' })
      .first()
      .getByRole('button', { name: /View Details|Details of the application/ })
      .first()
      .click();
    const taken = page.getByTestId('takeovers');
    await taken.getByText(/you took over and pressed Continue/).waitFor();
    await taken.scrollIntoViewIfNeeded();
    await screenshot(page, { path: path.join(SHOTS, 'takeover-details-1280.png') });
  }, 300_000);
});
