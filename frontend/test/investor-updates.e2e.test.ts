/**
 * Investor updates in Chromium on the built app: a founder with two investors "In
 * conversation" on the pipeline opens Updates from the sidebar (empty state), writes an update from
 * the template (metrics from the profile, with their source), previews each investor's own message,
 * and presses Send; the update's page shows both delivered. An operator finds the messages on
 * /mailbox, and the unsubscribe link in one works without a session: that investor is left out of the
 * founder's next update. Screenshots at 1280 and 375 px, light and dark.
 *
 * Run: npx turbo run build --filter=@fp/frontend && npx vitest run --project e2e frontend/test/investor-updates.e2e.test.ts
 */
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  DIST_INDEX,
  type E2eTestApp,
  releaseChromium,
  sharedChromium,
  SHOTS,
  signInThroughScreen,
  TEST_APP_MODULE,
  screenshot,
  WCAG_TAGS,
} from './support';

type TestApp = E2eTestApp & {
  createUser(o?: { admin?: boolean; name?: string }): Promise<{ id: string; email: string; token: string }>;
};

/** A normal desktop browser's agent string (the app refuses HeadlessChrome). */
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const here = path.dirname(fileURLToPath(import.meta.url));
const DECK_PDF = path.join(here, '..', '..', 'backend', 'test', 'support', 'deck-pdf.ts');
const ATLAS = 'gp@atlas.example';
const BEACON = 'partner@beacon.example';

let app: TestApp;
let browser: Browser;
let founder: { id: string; email: string; token: string };

beforeAll(async () => {
  if (!existsSync(DIST_INDEX))
    throw new Error('frontend/dist is missing: run `npx turbo run build --filter=@fp/frontend` first');
  mkdirSync(SHOTS, { recursive: true });
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<TestApp>;
  };
  const { deckPdf } = (await import(/* @vite-ignore */ DECK_PDF)) as { deckPdf(pages: number): Buffer };
  app = await startTestApp();
  browser = await sharedChromium();
  founder = await app.createUser();
  expect(
    (
      await app.api('PATCH', '/api/startup-profile', {
        token: founder.token,
        body: { ...SAMPLE_COMPLETE_PROFILE, monthlyRevenue: '12500', revenueCurrency: 'EUR', teamCount: '7' },
      })
    ).status,
  ).toBe(200);
  const up = await fetch(`${app.url}/api/pitch-deck?name=deck.pdf`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${founder.token}`, 'content-type': 'application/pdf' },
    body: new Uint8Array(deckPdf(2)),
  });
  expect(up.status).toBe(200);
  for (const slug of ['atlas-ventures', 'beacon-ventures']) {
    const r = await app.api('POST', '/api/pipeline', {
      token: founder.token,
      body: { investorId: `test_vc_${slug}`, investorKind: 'vc', stage: 'In conversation' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
}, 180_000);
afterAll(async () => {
  await releaseChromium(browser);
  await app?.close();
});

/** Screenshots of the current page at 1280 and 375 px, light and dark; `ready` waits for what must show. */
async function shoot(page: Page, name: string, ready: (p: Page) => Promise<unknown>) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((v) => localStorage.setItem('fundflow-theme', v), theme);
    for (const [w, h] of [
      [1280, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.reload();
      await ready(page).catch(async (err) => {
        await screenshot(page, { path: path.join(SHOTS, `updates-${name}-${w}-${theme}-failed.png`), fullPage: true });
        throw err;
      });
      // Nothing wider than the screen on a phone.
      if (w === 375)
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${name} at 375 px`,
        ).toBeLessThanOrEqual(375);
      // Chromium paints a sandboxed (opaque-origin) frame only once it has been on screen: a full-page
      // shot of a preview below the fold showed an empty box. Scrolled to once, it is in the picture.
      const frame = page.getByTestId('preview-frame');
      if (await frame.count()) await frame.scrollIntoViewIfNeeded();
      await screenshot(page, { path: path.join(SHOTS, `updates-${name}-${w}-${theme}.png`), fullPage: true });
      // WCAG 2.1 A/AA: no serious or critical violation on the screen (contrast in both themes included).
      // The preview's frame is left out: it is sandboxed without scripts (axe cannot run in it), and it is the e-mail, not the app.
      const violations = await axeViolations(page, { tags: WCAG_TAGS, exclude: ['[data-testid="preview-frame"]'] });
      const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        bad.map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        ),
        `${name} ${w} ${theme}`,
      ).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => localStorage.setItem('fundflow-theme', 'light'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await ready(page);
}

describe('investor updates', () => {
  it(
    'composes, previews and sends an update to two pipeline investors; the operator mailbox has it with a working unsubscribe',
    { timeout: 420_000 },
    async () => {
      const ctx = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        userAgent: USER_AGENT,
        reducedMotion: 'reduce',
      });
      const page = await ctx.newPage();
      page.on('pageerror', (e) => console.error('[pageerror]', e.message));
      await signInThroughScreen(page, app.url, founder.email);

      // From the sidebar: the empty state.
      await page.getByRole('link', { name: 'Updates' }).first().click();
      await page.getByRole('heading', { name: 'No updates yet' }).waitFor();
      await shoot(page, 'empty', (p) => p.getByRole('heading', { name: 'No updates yet' }).waitFor());

      // A new update from the template, started from the keyboard.
      await page.getByRole('button', { name: 'New update' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Write your update' }).waitFor();
      expect(await page.getByLabel('Subject').inputValue()).toMatch(/^Acme Robotics update — /);
      expect(await page.getByLabel('Monthly revenue value').inputValue()).toBe('EUR 12,500');
      expect(await page.getByTestId('metric-source').allInnerTexts()).toEqual(
        expect.arrayContaining(['Source: Exact Monthly Revenue (profile)', 'Source: Exact Team Size (profile)']),
      );
      await page.getByLabel('Subject').fill('Acme Robotics — November update');
      await page.getByLabel('Highlights').fill('We shipped pick-path planning to three warehouses.');
      await page.getByLabel('Asks').fill('Intros to logistics operators in Germany.');
      await page.getByLabel('Lowlights').fill('Hiring a robotics lead took longer than planned.');
      await page.getByLabel('In conversation (2)').check();
      await page.getByLabel(/^Atlas Ventures/).fill(ATLAS);
      await page.getByLabel(/^Beacon Ventures/).fill(BEACON);

      // Preview: each investor's own message, nothing sent.
      await page.getByRole('button', { name: 'Preview' }).first().click();
      const preview = page.getByTestId('update-preview');
      await preview.getByText('2 investors get this update.').waitFor();
      const frame = page.frameLocator('[data-testid="preview-frame"]');
      await frame.getByText('We shipped pick-path planning').waitFor();
      expect(await frame.getByRole('link', { name: /deck/ }).getAttribute('href')).toMatch(/\/d\/[A-Za-z0-9_-]{43}$/);
      const firstTo = await page.getByLabel('Show the message for').inputValue();
      const otherTo = firstTo === ATLAS ? BEACON : ATLAS;
      await page.getByLabel('Show the message for').selectOption(otherTo);
      await preview.getByText(`To: ${otherTo}`).waitFor();
      expect(
        (await app.api('GET', `/api/mailbox?to=${encodeURIComponent(ATLAS)}`, { token: founder.token })).status,
      ).toBe(403);
      const updates = (await app.api('GET', '/api/investor-updates', { token: founder.token })).body.updates;
      expect(updates).toHaveLength(1);
      expect(updates[0]).toMatchObject({ status: 'draft', recipients: 0 });
      const updateId = updates[0].id as string;
      await shoot(page, 'compose', async (p) => {
        // A reload shows the saved draft; the preview comes back with Preview.
        await p.getByRole('heading', { name: 'Write your update' }).waitFor();
        await p.getByRole('button', { name: 'Preview' }).first().click();
        await p.getByTestId('update-preview').getByText('2 investors get this update.').waitFor();
        await p.frameLocator('[data-testid="preview-frame"]').getByText('We shipped pick-path planning').waitFor();
      });

      // Send, behind a confirmation (Enter on its button).
      await preview.getByRole('button', { name: 'Send' }).click();
      const confirm = page.getByRole('dialog', { name: 'Send to 2 investors?' });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Send now' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Acme Robotics — November update' }).waitFor({ timeout: 60_000 });
      await expect
        .poll(async () => page.getByTestId('recipient-row').filter({ hasText: 'Delivered' }).count(), {
          timeout: 60_000,
          interval: 1000,
        })
        .toBe(2);
      await shoot(page, 'sent', (p) => p.getByTestId('recipient-row').first().waitFor());
      await page.goto(`${app.url}/updates`);
      await page.getByTestId('update-row').filter({ hasText: 'Acme Robotics — November update' }).waitFor();
      await shoot(page, 'list', (p) => p.getByTestId('update-row').first().waitFor());

      // The operator's mailbox: one message to each investor, with the unsubscribe link in it.
      const admin = await app.createUser({ admin: true, name: 'Olive Operator' });
      const opsCtx = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: USER_AGENT });
      const ops = await opsCtx.newPage();
      await signInThroughScreen(ops, app.url, admin.email);
      await ops.goto(`${app.url}/mailbox`);
      const list = ops.getByRole('list', { name: 'Messages' });
      await list.getByText('Acme Robotics — November update').first().waitFor({ timeout: 30_000 });
      expect(await list.getByRole('button').filter({ hasText: 'Acme Robotics — November update' }).count()).toBe(2);
      await ops.getByLabel('Recipient').fill(ATLAS);
      await ops.getByLabel('Recipient').press('Enter');
      await list.getByRole('button').filter({ hasText: 'Acme Robotics — November update' }).first().click();
      const message = ops.getByRole('dialog', { name: 'Acme Robotics — November update' });
      await message.getByText(`To ${ATLAS}`).waitFor();
      await message.getByText('List-Unsubscribe=One-Click').waitFor();
      await ops.frameLocator('iframe[title="HTML version"]').getByText('We shipped pick-path planning').waitFor();
      const unsubscribe = await message.locator('a[href*="/unsubscribe?token="]').first().getAttribute('href');
      expect(unsubscribe).toBeTruthy();
      await screenshot(ops, { path: path.join(SHOTS, 'updates-mailbox-1280-light.png'), fullPage: true });

      // The investor follows it (no session, a phone): one click, and they are off this founder's updates.
      const investorCtx = await browser.newContext({ viewport: { width: 375, height: 812 }, userAgent: USER_AGENT });
      const investor = await investorCtx.newPage();
      await investor.goto(new URL(new URL(unsubscribe!).pathname + new URL(unsubscribe!).search, app.url).toString());
      await investor.getByRole('heading', { name: "Unsubscribe from Acme Robotics's investor updates?" }).waitFor();
      await investor.getByRole('button', { name: 'Unsubscribe' }).click();
      await investor.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
      expect(await investor.getByRole('status').innerText()).toContain(
        `${ATLAS} will get no more investor updates from Acme Robotics`,
      );
      await screenshot(investor, { path: path.join(SHOTS, 'updates-unsubscribed-375-light.png'), fullPage: true });

      // The founder's next update leaves them out.
      const next = await app.api('POST', '/api/investor-updates', { token: founder.token, body: {} });
      const sent = (await app.api('GET', `/api/investor-updates/${updateId}`, { token: founder.token })).body;
      await app.api('PATCH', `/api/investor-updates/${next.body.id}`, {
        token: founder.token,
        body: { content: { ...sent.content, subject: 'December' }, recipients: sent.recipients },
      });
      const p = (
        await app.api('POST', `/api/investor-updates/${next.body.id}/preview`, { token: founder.token, body: {} })
      ).body;
      expect(p.recipients.map((r: { email: string }) => r.email)).toEqual([BEACON]);
      expect(p.unsubscribed.map((r: { email: string }) => r.email)).toEqual([ATLAS]);
      await Promise.all([ctx.close(), opsCtx.close(), investorCtx.close()]);
    },
  );
});
