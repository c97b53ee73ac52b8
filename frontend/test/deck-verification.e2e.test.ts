/**
 * Verified viewers end to end in Chromium against the built app and the real backend: the founder
 * makes a link on /deck that requires e-mail verification, an investor on a 375 px phone asks for
 * the code, reads it from the embedded mailbox and opens the deck with it, and the founder sees the
 * visit marked verified on /deck; the founder chooses every-visit alerts in Settings. Screenshots of
 * the viewer's code screen and the alert settings at 1280 and 375 px, light and dark, under
 * DECK_VERIFY_SHOTS (default /tmp/deck-verification-shots).
 *
 * Run: npx turbo run build --filter=@fp/frontend && npx vitest run --project e2e frontend/test/deck-verification.e2e.test.ts
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

const SHOTS = process.env.DECK_VERIFY_SHOTS ?? '/tmp/deck-verification-shots';
mkdirSync(SHOTS, { recursive: true });
const READER = 'maya@cedar.example';
const NAME = 'Maya Chen (Cedar Ventures)';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** The embedded mailbox, as the test app's mail service reads it. */
type Mailbox = {
  list(o: { to?: string }): Promise<{ id: string; template: string }[]>;
  get(id: string): Promise<{ text: string } | null>;
};
let app: E2eTestApp & { services: { mail: Mailbox } };
let browser: Browser;
let founderCtx: BrowserContext;
let page: Page;
let user: { id: string; email: string; token: string };
let linkUrl = '';

/** The newest code mailed to `to`, read from the embedded mailbox once it is there. */
async function mailedCode(to: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const [m] = (await app.services.mail.list({ to })).filter((x) => x.template === 'deck-viewer-code');
        const text = m ? (await app.services.mail.get(m.id))?.text : undefined;
        code = /Your code: (\d{6})/.exec(text ?? '')?.[1] ?? null;
        return code;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  return code!;
}

async function printDeck(): Promise<Buffer> {
  const p = await (await browser.newContext()).newPage();
  await p.setContent(
    `<style>@page{margin:0}html,body{margin:0}section{box-sizing:border-box;height:580px;font:40px sans-serif;padding:40px;break-after:page}section:last-child{break-after:auto}</style><section><h1>Lumen Grid</h1></section><section><h1>Traction</h1></section>`,
  );
  const pdf = await p.pdf({ width: '800px', height: '600px', printBackground: true });
  await p.context().close();
  return pdf;
}

/** 1280 and 375 px, light and dark, without reloading (the page's state is what is shown). */
async function shotsInPlace(p: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await p.evaluate((t) => {
      document.documentElement.classList.remove('light', 'dark');
      document.documentElement.classList.add(t);
      document.documentElement.style.colorScheme = t;
    }, theme);
    for (const width of [1280, 375]) {
      await p.setViewportSize({ width, height: width === 375 ? 740 : 900 });
      await screenshot(p, { path: path.join(SHOTS, `${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
}

/** 1280 and 375 px, light and dark, of what `ready` waits for after a reload. */
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
}

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<typeof app>;
  };
  app = await startTestApp();
  browser = await sharedChromium();
  founderCtx = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: DESKTOP_UA });
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

describe('verified viewers (e2e)', () => {
  it('the founder makes a link on /deck that requires e-mail verification', { timeout: 60_000 }, async () => {
    await signInThroughScreen(page, app.url, user.email);
    await page.goto(`${app.url}/deck`);
    await page.getByRole('heading', { name: 'Deck', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Share deck' }).click();
    const form = page.getByTestId('share-form');
    await form.getByLabel('Recipient name (optional)').fill(NAME);
    await form.getByLabel('Recipient e-mail (optional)').fill(READER);
    await form.getByLabel('Require e-mail verification').check();
    await form.getByRole('button', { name: 'Create link' }).click();
    const row = page.getByTestId('deck-link').filter({ hasText: NAME });
    await row.waitFor();
    expect(await row.innerText()).toContain('e-mail verified by code');
    linkUrl = await row.getByLabel('Deck link').inputValue();
    expect(linkUrl).toMatch(/\/d\/[A-Za-z0-9_-]{43}$/);
  });

  it('an investor on a phone gets the code by e-mail and opens the deck with it', { timeout: 90_000 }, async () => {
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
    expect(await reader.getByTestId('tracking-notice').innerText()).toContain('with the e-mail address you verify');
    await reader.getByLabel('Your e-mail address').fill(READER);
    await reader.getByRole('button', { name: 'Send me a code' }).click();
    const step = reader.getByTestId('deck-code-step');
    await step.waitFor();
    expect(await step.innerText()).toContain(`We sent a 6-digit code to ${READER}`);

    // A wrong code is refused on the screen.
    await step.getByLabel('Code').fill('000001');
    await step.getByRole('button', { name: 'View deck' }).click();
    const code = await mailedCode(READER);
    if (code !== '000001') await step.getByText('The code is not correct.').waitFor();
    await step.getByLabel('Code').fill('');
    await shotsInPlace(reader, 'viewer-code');
    await reader.setViewportSize({ width: 375, height: 740 });

    await step.getByLabel('Code').fill(code);
    await step.getByRole('button', { name: 'View deck' }).click();
    await expect.poll(() => reader.getByTestId('page-indicator').innerText(), { timeout: 20_000 }).toBe('Page 1 of 2');
    await reader.close({ runBeforeUnload: true });
    await phone.close();
  });

  it('the founder sees the visit marked verified on /deck', { timeout: 60_000 }, async () => {
    await page.goto(`${app.url}/deck`);
    await page.getByTestId('deck-notice').filter({ hasText: READER }).getByTestId('notice-verified').waitFor();
    const row = page.getByTestId('deck-link').filter({ hasText: NAME });
    await row.getByRole('button', { name: 'Visits by page' }).click();
    const visit = row.getByTestId('investor-reading').getByTestId('visit').first();
    await visit.waitFor();
    expect(await visit.innerText()).toContain(READER);
    expect(await visit.getByTestId('visit-verified').innerText()).toBe('Verified');
  });

  it('the founder chooses every-visit alerts in Settings; the server holds it', { timeout: 90_000 }, async () => {
    await page.goto(`${app.url}/settings`);
    const section = page.getByTestId('deck-alerts-settings');
    const radio = (name: string) => section.getByRole('radio', { name: new RegExp(`^${name}`) });
    await radio('First visit only').waitFor();
    expect(await radio('First visit only').isChecked()).toBe(true);
    await radio('Every visit').check();
    await page.getByText('Deck alerts: every visit').waitFor();
    await section.getByLabel('E-mail me on every visit').waitFor();
    const saved = await app.api('GET', '/api/deck-notifications', { token: user.token });
    expect(saved.body.settings).toEqual({ firstVisitEmail: true, mode: 'every_visit' });
    await shots(page, 'deck-alert-settings', async () => {
      const s = page.getByTestId('deck-alerts-settings');
      await s.getByRole('radio', { name: /^Every visit/ }).waitFor();
      await s.scrollIntoViewIfNeeded();
    });
  });
});
