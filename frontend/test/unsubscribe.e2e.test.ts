/**
 * The unsubscribe link of a real delivered notification e-mail, in Chromium on the built app: a
 * founder's follow-up reminder goes out (the daily job), the test reads it from the embedded
 * mailbox, opens its link in a browser without a session, unsubscribes with one click, undoes from
 * the keyboard, and checks the server after each step (the opt-out stream, the read model, whether
 * the next notification is sent). Screenshots at 1280 and 375 px, light and dark.
 *
 * Run: npx turbo run build --filter=@fp/frontend && npx vitest run --project e2e frontend/test/unsubscribe.e2e.test.ts
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  ctx: { pool: { query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }> } };
  services: {
    pipeline: { sendFollowUpReminders(now: Date): Promise<number> };
    mail: {
      send(
        template: string,
        input: { to: string; data: unknown },
        meta: { now: Date; actor: string },
      ): Promise<{ skipped?: string }>;
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

/** A normal desktop browser's agent string (the app's agent check must see a person's browser). */
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let app: TestApp;
let browser: Browser;
beforeAll(async () => {
  if (!existsSync(DIST_INDEX))
    throw new Error('frontend/dist is missing: run `npx turbo run build --filter=@fp/frontend` first');
  mkdirSync(SHOTS, { recursive: true });
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<TestApp>;
  };
  app = await startTestApp();
  browser = await sharedChromium();
}, 120_000);
afterAll(async () => {
  await releaseChromium(browser);
  await app?.close();
});

/** The unsubscribe link in the newest delivered e-mail to `to` (waits, bounded, for the delivery job). */
async function unsubscribeLinkFor(to: string): Promise<string> {
  const end = Date.now() + 20_000;
  for (;;) {
    const { rows } = await app.ctx.pool.query<{ subject: string; text_body: string; html_body: string }>(
      'select subject, text_body, html_body from mail_inbox where to_email = $1 order by received_at desc',
      [to],
    );
    const text = rows[0]?.text_body;
    const link = text && /https?:\/\/\S+?(\/unsubscribe\?token=\S+)/.exec(text)?.[1];
    if (link) {
      // The HTML part's footer link is the same page.
      expect(rows[0]!.html_body).toContain(link.replace(/&/g, '&amp;'));
      return `${app.url}${link}`;
    }
    if (Date.now() > end) throw new Error(`no notification e-mail with an unsubscribe link reached ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** What the server holds for the address: its opt-out events, the read model's row, and whether a notification would be sent. */
async function serverState(email: string) {
  const events = (
    await app.ctx.pool.query<{ type: string }>(
      `select type from es_events where stream_id like 'mail-optout-%' and data->>'email' = $1 order by global_position`,
      [email],
    )
  ).rows.map((r) => r.type);
  const optedOut =
    (await app.ctx.pool.query('select 1 from mail_optouts where email = $1 and category = $2', [email, 'notification']))
      .rows.length > 0;
  const probe = await app.services.mail.send(
    'batch-finished',
    { to: email, data: { total: 1, delivered: 1, failed: 0, refunded: 0, url: `${app.url}/submissions` } },
    { now: new Date(), actor: 'test:probe' },
  );
  return { events, optedOut, notified: probe.skipped !== 'unsubscribed' };
}

async function shoot(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((v) => localStorage.setItem('fundflow-theme', v), theme);
    for (const [w, h] of [
      [1280, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: /Unsubscribe|Undo/ }).waitFor();
      await screenshot(page, { path: path.join(SHOTS, `${name}-${w}-${theme}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => localStorage.setItem('fundflow-theme', 'light'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
}

describe('unsubscribe from a notification e-mail', () => {
  it(
    'follows the link of a delivered reminder: one click unsubscribes, the page confirms, Undo takes it back; the server agrees each time',
    { timeout: 180_000 },
    async () => {
      const founder = await app.createUser();
      // The founder signs in and has a pipeline card due today: the daily job mails a reminder.
      const signedIn = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: USER_AGENT });
      const home = await signedIn.newPage();
      home.on('pageerror', (e) => console.error('[pageerror]', e.message));
      await signInThroughScreen(home, app.url, founder.email);
      const added = await app.api('POST', '/api/pipeline', {
        token: founder.token,
        body: { investorId: 'test_vc_northwind-ventures', investorKind: 'vc' },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const due = await app.api('PATCH', `/api/pipeline/${added.body.id}`, {
        token: founder.token,
        body: { nextFollowUp: new Date().toISOString().slice(0, 10) },
      });
      expect(due.status, JSON.stringify(due.body)).toBe(200);
      expect(await app.services.pipeline.sendFollowUpReminders(new Date())).toBeGreaterThanOrEqual(1);
      const link = await unsubscribeLinkFor(founder.email);
      expect(await serverState(founder.email)).toEqual({ events: [], optedOut: false, notified: true });

      // The link opens without a session (a mail app's browser): the page, not the 404 or the sign-in form.
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: USER_AGENT });
      const page = await context.newPage();
      page.on('pageerror', (e) => console.error('[pageerror]', e.message));
      await page.goto(link);
      await page.getByRole('heading', { name: 'Unsubscribe from notification e-mails?' }).waitFor();
      expect(await page.getByRole('status').innerText()).toContain(founder.email);
      expect(await page.getByText('Page not found').count()).toBe(0);
      await shoot(page, 'unsubscribe-ask');

      // One click.
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
      expect(await page.getByRole('status').innerText()).toContain(
        `${founder.email} will get no more notification e-mails`,
      );
      expect(await serverState(founder.email)).toEqual({
        events: ['MailUnsubscribed'],
        optedOut: true,
        notified: false,
      });
      // The next day's reminder is not sent either.
      expect(await app.services.pipeline.sendFollowUpReminders(new Date(Date.now() + 86_400_000))).toBe(0);
      // Undo has the focus: Enter takes it back, no mouse needed.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Undo');
      await shoot(page, 'unsubscribe-done');

      await page.getByRole('button', { name: 'Undo' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'are on again' }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Unsubscribe from notification e-mails?');
      expect(await serverState(founder.email)).toEqual({
        events: ['MailUnsubscribed', 'MailResubscribed'],
        optedOut: false,
        notified: true,
      });

      // Opened again later, the link shows the state as it is now.
      await page.reload();
      await page.getByRole('heading', { name: 'Unsubscribe from notification e-mails?' }).waitFor();
      // Signed in, the same link shows the same page (no app shell around it).
      await home.goto(link);
      await home.getByRole('heading', { name: 'Unsubscribe from notification e-mails?' }).waitFor();
      expect(await home.getByRole('navigation').count()).toBe(0);

      // A link whose token was altered says so; nothing is recorded.
      await page.goto(`${link.slice(0, -4)}AAAA`);
      await page.getByRole('alert').filter({ hasText: 'This unsubscribe link is not valid' }).waitFor();
      expect((await serverState(founder.email)).events).toEqual(['MailUnsubscribed', 'MailResubscribed']);
      await page.setViewportSize({ width: 375, height: 812 });
      await screenshot(page, { path: path.join(SHOTS, 'unsubscribe-invalid-375-light.png') });
      await context.close();
      await signedIn.close();
    },
  );
});
