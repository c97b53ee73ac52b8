/**
 * In real Chromium on the built app, with the production defaults of the abuse protection (agents
 * refused, the session fingerprint recorded only, automatic blocking after 5 incidents in 10 min):
 * - a founder flips Android's "Desktop site" mid-session (desktop agent, then the same session with
 *   a phone agent, then back): every page works and the address is not blocked;
 * - a scripted scraper is blocked, and a browser at its address sees the block page (not JSON);
 * - an admin sees the block's evidence on the security dashboard and lifts it;
 * - the confirmation before submitting to demo firms says 0 credits and why, from the server's plan.
 * Screenshots (1280 and 375 px, light and dark) go to /tmp/shots-33.
 *
 * Run: npx turbo run build --filter=@fp/frontend && npx vitest run --project e2e frontend/test/blocks-and-plan.e2e.test.ts
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import {
  DIST_INDEX,
  releaseChromium,
  sharedChromium,
  signInThroughScreen,
  TEST_APP_MODULE,
  screenshot,
} from './support';

interface TestApp {
  url: string;
  createUser(opts?: { email?: string; password?: string; admin?: boolean }): Promise<{ id: string; token: string }>;
  api(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any }>;
  services: {
    security: { flush(): Promise<void> };
    credits: {
      grant(
        userId: string,
        amount: number,
        reason: string,
        reference: string | null,
        meta: { now: Date; actor: string },
      ): Promise<unknown>;
    };
    catalog: {
      seed(
        o: { vc: number; angels: number; seed: number },
        meta: { now: Date; actor: string },
      ): Promise<{ checkpoint: string | null }>;
    };
  };
  ctx: {
    projections: { waitFor(checkpoint?: string | null, timeoutMs?: number): Promise<void> };
    db: {
      selectFrom(t: string): any;
    };
  };
  close(): Promise<void>;
}

const SHOTS = '/tmp/shots-33';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Mobile Safari/537.36';
const OFFICE = '198.51.100.90';
const SCRAPER = '203.0.113.90';
const ADMIN_IP = '192.0.2.90';
const FOUNDER = 'toggle.founder@example.com';
const ADMIN = 'toggle.admin@example.com';

let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function open(ip: string, agent: string, opts: { width?: number; state?: any; scheme?: 'light' | 'dark' } = {}) {
  const width = opts.width ?? 1280;
  const context = await browser.newContext({
    userAgent: agent,
    viewport: { width, height: width === 375 ? 812 : 900 },
    isMobile: width === 375,
    hasTouch: width === 375,
    colorScheme: opts.scheme ?? 'light',
    extraHTTPHeaders: { 'x-forwarded-for': ip },
    storageState: opts.state,
  });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  return { context, page };
}

/** The page at both widths in both themes (the stored theme, as the theme menu sets it). */
async function shoot(page: Page, name: string, focus?: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      localStorage.setItem('fundflow-theme', t);
      document.documentElement.classList.remove('light', 'dark');
      document.documentElement.classList.add(t);
      document.documentElement.style.colorScheme = t;
    }, theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await focus?.scrollIntoViewIfNeeded();
      await screenshot(page, { path: path.join(SHOTS, `${name}-${width}-${theme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function settle() {
  await app.services.security.flush();
  await app.ctx.projections.waitFor();
}
const violationsAt = async (ip: string): Promise<{ type: string }[]> => {
  await settle();
  return app.ctx.db.selectFrom('security_violations').select(['type']).where('ip', '=', ip).execute();
};
async function blockedIps(token: string): Promise<string[]> {
  await settle();
  const r = await app.api('GET', '/api/security/blocked-ips', { token });
  return r.body.blockedIps.map((b: { ip: string }) => b.ip);
}

let adminToken: string;
let founderToken: string;

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<TestApp>;
  };
  app = await startTestApp({
    // The production defaults for what is under test (docs/security.md); the test's own Node calls pass.
    security: {
      autoBlock: true,
      blockThreshold: 5,
      blockWindowMs: 600_000,
      blockDurationMs: 3600_000,
      blockFirstDurationMs: 600_000,
      blockBurstMs: 10_000,
      userAgentMode: 'block',
      userAgentAllowList: ['node'],
      fingerprintMode: 'log',
      blockListRefreshMs: 200,
    },
  });
  // A small demo catalog (generated firms on reserved *.example names), as a fresh install has.
  const seeded = await app.services.catalog.seed({ vc: 10, angels: 0, seed: 33 }, { now: new Date(), actor: 'test' });
  await app.ctx.projections.waitFor(seeded.checkpoint, 30_000);
  adminToken = (await app.createUser({ email: ADMIN, admin: true })).token;
  const founderUser = await app.createUser({ email: FOUNDER });
  founderToken = founderUser.token;
  // Enough credits for the two firms, so the only reason nothing is charged is the plan's.
  await app.services.credits.grant(founderUser.id, 5, 'e2e credits', null, { now: new Date(), actor: 'test' });
  expect(
    (await app.api('PATCH', '/api/startup-profile', { token: founderToken, body: SAMPLE_COMPLETE_PROFILE })).status,
  ).toBe(200);
  browser = await sharedChromium();
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await releaseChromium(browser);
  await app?.close();
});

describe('blocks that fit the evidence', () => {
  it('the "Desktop site" switch mid-session: desktop, phone, desktop again, with no block for the address', async () => {
    const desk = await open(OFFICE, DESKTOP);
    await signInThroughScreen(desk.page, app.url, FOUNDER);
    await desk.page.goto(`${app.url}/vc-database`);
    await desk.page.getByRole('heading', { name: 'VC Database' }).first().waitFor();

    // The same session (its stored token) in a browser now sending the phone's agent.
    const phone = await open(OFFICE, PHONE, { width: 375, state: await desk.context.storageState() });
    for (const to of ['/', '/vc-database', '/submissions', '/']) {
      await phone.page.goto(`${app.url}${to}`);
      await phone.page.getByRole('main').waitFor();
    }
    await phone.page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // And back to desktop.
    await desk.page.goto(`${app.url}/`);
    await desk.page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const seen = await violationsAt(OFFICE);
    // Recorded for operators (more than the 5 that used to block the address)...
    expect(seen.filter((v) => v.type === 'fingerprint').length).toBeGreaterThanOrEqual(5);
    // ...yet no block: the address is not listed, and a fresh page load is the app, not the block page.
    expect(await blockedIps(adminToken)).not.toContain(OFFICE);
    await desk.page.reload();
    await desk.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await desk.page.getByText('We paused access from your network').count()).toBe(0);
  });

  it('a scripted scraper is blocked, and a browser at its address sees the block page', async () => {
    const script = { 'x-forwarded-for': SCRAPER, 'user-agent': 'python-requests/2.32.3' };
    expect((await app.api('GET', '/api/vc-firms', { headers: script })).status).toBe(403);
    for (const probe of ['/wp-login.php', '/.env', '/xmlrpc.php', '/phpmyadmin'])
      await app.api('GET', probe, { headers: script });
    await settle();
    expect(await blockedIps(adminToken)).toContain(SCRAPER);
    expect((await app.api('GET', '/api/health', { headers: script })).body).toEqual({
      error: 'Access denied: this IP address has been blocked.',
    });

    const { page } = await open(SCRAPER, DESKTOP);
    const answer = await page.goto(`${app.url}/vc-database`);
    expect(answer?.status()).toBe(403);
    await page.getByRole('heading', { name: 'We paused access from your network for a while' }).waitFor();
    await page.getByText('in about 10 minutes', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(/^mailto:/);
    await shoot(page, 'block-page');
  });

  it('an admin sees the evidence of the block on the security dashboard and lifts it', async () => {
    const { page } = await open(ADMIN_IP, DESKTOP);
    await signInThroughScreen(page, app.url, ADMIN);
    await page.goto(`${app.url}/security-dashboard`);
    const row = page.locator(`[data-testid="blocked-ip"][data-ip="${SCRAPER}"]`);
    await row.waitFor({ timeout: 30_000 });
    const evidence = row.getByTestId('block-evidence');
    await evidence.locator('summary').click();
    await evidence.getByText('GET /wp-login.php').waitFor();
    await evidence.getByText('python-requests/2.32.3').first().waitFor();
    expect(await evidence.locator('summary').innerText()).toBe('Evidence: 5 violations');
    await shoot(page, 'dashboard-evidence', evidence);
    await row.getByRole('button', { name: `Unblock ${SCRAPER}` }).click();
    await row.waitFor({ state: 'detached', timeout: 30_000 });
    expect((await app.api('GET', '/api/health', { headers: { 'x-forwarded-for': SCRAPER } })).status).toBe(200);
  });
});

describe('the plan before confirming', () => {
  it('says 0 credits for demo firms and why, and spends nothing', async () => {
    const before = (await app.api('GET', '/api/credits/balance', { token: founderToken })).body.balance;
    const { page } = await open(OFFICE, DESKTOP);
    await signInThroughScreen(page, app.url, FOUNDER);
    await page.goto(`${app.url}/vc-database`);
    const boxes = page.getByRole('checkbox', { name: /^Select (?!all|page)/i });
    await boxes.first().waitFor({ timeout: 30_000 });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByRole('button', { name: /^Submit to 2 VCs/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Nothing to send: 0 credits' });
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByText('no credits will be charged', { exact: false }).waitFor();
    await dialog.getByText('2 firms will be skipped, not charged').waitFor();
    await dialog.getByText('demo data', { exact: false }).waitFor();
    expect(await dialog.getByRole('button', { name: /^Spend/ }).count()).toBe(0);
    await shoot(page, 'plan-demo');
    await dialog.getByTestId('plan-demo-note').waitFor();
    await dialog.getByRole('button', { name: 'Choose Other Firms' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await app.api('GET', '/api/credits/balance', { token: founderToken })).body.balance).toBe(before);
    expect((await app.api('GET', '/api/submissions', { token: founderToken })).body.total).toBe(0);
  });
});
