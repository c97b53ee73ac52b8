/**
 * Account recovery in real Chromium on the built app: sign up, open the verification link from the
 * delivered e-mail, sign out, "Forgot password?", open the reset link from the e-mail, choose a new
 * password and sign in with it. E-mails are read from the embedded mailbox (mail_inbox).
 *
 * Run: npm run build && npx vitest run --project e2e frontend/test/account-recovery.e2e.test.ts
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_INDEX, releaseChromium, sharedChromium, SHOTS, TEST_APP_MODULE, screenshot } from './support';

interface TestApp {
  url: string;
  ctx: { db: { selectFrom(t: string): any } };
  createUser(o?: {
    email?: string;
    password?: string;
    name?: string;
    admin?: boolean;
  }): Promise<{ id: string; email: string; token: string }>;
  close(): Promise<void>;
}

let app: TestApp;
let browser: Browser;
beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  mkdirSync(SHOTS, { recursive: true });
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<TestApp>;
  };
  app = await startTestApp();
  browser = await sharedChromium();
});
afterAll(async () => {
  await releaseChromium(browser);
  await app?.close();
});

/** The link to `page` in the newest delivered e-mail to `to` whose subject matches (waits for the delivery job). */
async function linkFromMail(to: string, subject: RegExp, page: string): Promise<string> {
  const end = Date.now() + 20_000;
  for (;;) {
    const rows: { subject: string; text_body: string }[] = await app.ctx.db
      .selectFrom('mail_inbox')
      .select(['subject', 'text_body'])
      .where('to_email', '=', to)
      .orderBy('received_at', 'desc')
      .execute();
    const mail = rows.find((r) => subject.test(r.subject));
    const link = mail && new RegExp(`https?://\\S+(/${page}\\?token=\\S+)`).exec(mail.text_body)?.[1];
    if (link) return `${app.url}${link}`;
    if (Date.now() > end) throw new Error(`no ${page} e-mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function shoot(page: Page, name: string) {
  for (const [w, h] of [
    [1280, 900],
    [375, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await screenshot(page, { path: path.join(SHOTS, `${name}-${w}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('account recovery in the browser', () => {
  it('sign up → verify from the mailbox → sign out → reset from the mailbox → sign in with the new password', async () => {
    const email = `recover.${Date.now().toString(36)}@example.com`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('[pageerror]', e.message));

    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { name: 'Sign in to FundFlow' }).waitFor();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Name').fill('Ada Founder');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('first-password-1');
    await page.getByRole('button', { name: /Create account|Sign Up/i }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
    await page.locator('main').first().waitFor();
    // Until verified, a banner says so and can send the e-mail again.
    const banner = page.getByRole('region', { name: 'Verify your e-mail address' });
    await banner.waitFor();
    expect(await banner.innerText()).toContain(email);
    await shoot(page, 'verify-email-banner');
    await banner.getByRole('button', { name: 'Resend e-mail' }).click();
    await page.getByRole('status').filter({ hasText: 'Verification e-mail sent' }).waitFor();

    await page.goto(await linkFromMail(email, /Verify your e-mail/, 'verify-email'));
    await expect(
      page.getByRole('status').filter({ hasText: 'Your e-mail address is verified' }).waitFor(),
    ).resolves.toBeUndefined();
    await shoot(page, 'verify-email');
    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('region', { name: 'Verify your e-mail address' }).count()).toBe(0);

    // Sign out: a fresh browser context has no session.
    await context.close();
    const ctx2 = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p2 = await ctx2.newPage();
    await p2.goto(`${app.url}/auth`);
    await p2.getByRole('button', { name: 'Forgot password?' }).click();
    await p2.getByLabel('Email').fill(email);
    await shoot(p2, 'forgot-password');
    await p2.getByRole('button', { name: 'Send reset link' }).click();
    await p2.getByText('If an account exists for this e-mail').waitFor();

    await p2.goto(await linkFromMail(email, /Reset your FundFlow password/, 'reset-password'));
    await p2.getByLabel('New password', { exact: true }).fill('second-password-2');
    await shoot(p2, 'reset-password');
    await p2.getByRole('button', { name: 'Set new password' }).click();
    await p2.getByText('Your password has been changed').waitFor();
    await p2.getByRole('link', { name: 'Sign in' }).click();

    await p2.getByRole('heading', { name: 'Sign in to FundFlow' }).waitFor();
    await p2.getByLabel('Email').fill(email);
    await p2.getByLabel('Password').fill('first-password-1');
    await p2.getByRole('button', { name: 'Sign In', exact: true }).click();
    await p2.getByRole('alert').waitFor();
    await p2.getByLabel('Password').fill('second-password-2');
    await p2.getByRole('button', { name: 'Sign In', exact: true }).click();
    await p2.waitForFunction(() => !document.querySelector('h1')?.textContent?.includes('Sign in to FundFlow'));
    expect(await p2.getByRole('heading', { name: 'Sign in to FundFlow' }).count()).toBe(0);
    await ctx2.close();
  });

  it('an operator reads every sent e-mail on /mailbox; a founder is refused', async () => {
    const admin = await app.createUser({
      email: `ops.${Date.now().toString(36)}@example.com`,
      password: 'operator-password-1',
      admin: true,
    });
    const founder = await app.createUser({
      email: `plain.${Date.now().toString(36)}@example.com`,
      password: 'founder-password-1',
    });
    const signIn = async (email: string, password: string) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${app.url}/mailbox`);
      await page.getByRole('heading', { name: 'Sign in to FundFlow' }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByRole('heading', { name: 'Mailbox', exact: true }).waitFor();
      return { context, page };
    };
    const f = await signIn(founder.email, 'founder-password-1');
    await f.page.getByText('Only administrators can read the mailbox').waitFor();
    await f.context.close();

    const { context, page } = await signIn(admin.email, 'operator-password-1');
    await page.getByTestId('mailbox-row').first().waitFor();
    await page.getByLabel('Recipient').fill(founder.email);
    await page.getByLabel('Recipient').press('Enter');
    const row = page.getByTestId('mailbox-row').filter({ hasText: 'Verify your e-mail' });
    await row.waitFor();
    expect(await page.getByTestId('mailbox-row').count()).toBe(1);
    await shoot(page, 'mailbox');
    await row.getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('mail-text').waitFor();
    const link = dialog.getByTestId('mail-text').getByRole('link', { name: /\/verify-email\?token=/ });
    expect(await link.count()).toBe(1);
    // The HTML version renders in its sandboxed frame.
    await dialog
      .frameLocator('iframe[title="HTML version"]')
      .getByText('Confirm that this address is yours')
      .first()
      .waitFor();
    await shoot(page, 'mailbox-message');
    await context.close();
  });
});
