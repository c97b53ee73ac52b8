/**
 * The security dashboard in real Chromium against the built app on real Postgres: an admin sees the
 * dashboard fill after a scripted burst of abuse (from other addresses, through X-Forwarded-For,
 * which the app believes from its loopback peer), unblocks one address from the list and one with
 * the IP Management form; the dashboard refreshes by itself every 30 s; a non-admin is turned away.
 * Saves screenshots (1280 and 375 px, dark and light) to frontend/screenshots/ with E2E_SHOTS=1.
 *
 * Run: npm run build && npx vitest run --project e2e frontend/test/security.e2e.test.ts
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  atEachWidthAndTheme,
  DIST_INDEX,
  releaseChromium,
  sharedChromium,
  SHOTS,
  TEST_APP_MODULE,
  screenshot,
  themeUnlessStored,
} from './support';

interface TestApp {
  url: string;
  createUser(opts?: {
    email?: string;
    password?: string;
    name?: string;
    admin?: boolean;
  }): Promise<{ id: string; email: string; token: string }>;
  api(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any }>;
  /** The backend's services, to wait for background work (the frontend cannot import backend types). */
  services: { security: { flush(): Promise<void> } };
  ctx: { projections: { waitFor(): Promise<void> } };
  close(): Promise<void>;
}

const PASSWORD = 'correct horse battery';
const ADMIN = 'security.admin@example.com';
const FOUNDER = 'plain.founder@example.com';
const ATTACKER = '203.0.113.50';
const ATTACKER6 = '2001:db8::66';
const SCRIPT = '198.51.100.7';

let app: TestApp;
let browser: Browser;
let founderToken: string;
let adminToken: string;

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<TestApp>;
  };
  app = await startTestApp({
    // This run opts in: a small list limit, automatic blocking after 3 violations, agents recorded.
    // The browser (HeadlessChrome) and the test's own Node calls are allowed; the burst uses other agents.
    security: {
      listLimit: 5,
      autoBlock: true,
      blockThreshold: 3,
      userAgentMode: 'log',
      userAgentAllowList: ['HeadlessChrome', 'node'],
      blockListRefreshMs: 200,
    },
  });
  adminToken = (await app.createUser({ email: ADMIN, password: PASSWORD, name: 'Ada Admin', admin: true })).token;
  founderToken = (await app.createUser({ email: FOUNDER, password: PASSWORD, name: 'Fred Founder' })).token;
  browser = await sharedChromium();
});

afterAll(async () => {
  await releaseChromium(browser);
  await app?.close();
});

const from = (ip: string, agent?: string) => ({ 'x-forwarded-for': ip, ...(agent ? { 'user-agent': agent } : {}) });

/**
 * The scripted burst, 8 violations: a scraper over the list limit (1 rate_limit) then probing two
 * honeypots (blocked at its third incident); a curl script (1 user_agent, 1 honeypot; not blocked);
 * an IPv6 bot probing three honeypots (blocked). Honeypot paths are recorded as honeypots whatever the agent.
 */
async function burst() {
  for (let i = 0; i < 7; i++)
    await app.api('GET', `/api/vc-firms?page=${i + 1}`, { token: founderToken, headers: from(ATTACKER) });
  for (const p of ['/wp-login.php', '/api/v1/users']) await app.api('GET', p, { headers: from(ATTACKER) });
  await app.api('GET', '/api/credits', { token: founderToken, headers: from(SCRIPT, 'curl/8.5.0') });
  await app.api('GET', '/.env', { headers: from(SCRIPT, 'curl/8.5.0') });
  for (const p of ['/xmlrpc.php', '/phpmyadmin', '/api/admin/export-all'])
    await app.api('GET', p, { headers: from(ATTACKER6, 'python-requests/2.32.3') });
}

async function signedInPage(
  email: string,
  opts: { width?: number; height?: number; theme?: 'dark' | 'light'; clock?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 } });
  await themeUnlessStored(context, opts.theme);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  if (opts.clock) await page.clock.install();
  await page.goto(`${app.url}/`);
  await page.getByRole('heading', { name: 'Sign in to FundFlow' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return { context, page };
}

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 100 });
const tile = (page: Page, id: string) => page.getByTestId(`tile-${id}-value`);

describe('security dashboard (e2e)', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedInPage(ADMIN, { clock: true }));
  });
  afterAll(async () => context?.close());

  it('starts empty, then fills after a scripted burst', async () => {
    await page.goto(`${app.url}/security-dashboard`);
    await page.getByRole('heading', { name: 'Security Dashboard' }).waitFor();
    await page.getByText('No recent violations detected').waitFor();
    expect(await tile(page, 'total').textContent()).toBe('0');
    // Automatic blocking is on in this run: the tile says what the server does.
    expect(await tile(page, 'protection').textContent()).toBe('Blocking');
    await expect(page.getByRole('button', { name: 'Unblock IP' })).toBeDefined();
    expect(await page.getByRole('button', { name: 'Unblock IP', exact: true }).isDisabled()).toBe(true);

    await burst();
    // Violations are recorded off the request path: let them land and be projected, then refresh.
    await app.services.security.flush();
    await app.ctx.projections.waitFor();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await poll(() => tile(page, 'total').textContent()).toBe('8');
    expect(await tile(page, 'blocked').textContent()).toBe('2');
    const count = (t: string) => page.getByTestId(`type-${t}-count`).textContent();
    expect([
      await count('rate_limit'),
      await count('honeypot'),
      await count('user_agent'),
      await count('brute_force'),
    ]).toEqual(['1', '6', '1', '0']);
    await poll(() => page.getByTestId('violation-row').count()).toBe(8);
    const newest = page.getByTestId('violation-row').first();
    expect(await newest.textContent()).toContain('/api/admin/export-all');
    expect(await newest.textContent()).toContain(ATTACKER6);
    expect(await newest.textContent()).toContain('python-requests/2.32.3');
    expect(await newest.locator('[data-violation-type]').getAttribute('data-violation-type')).toBe('honeypot');

    const blocked = page.getByTestId('blocked-ip');
    await poll(() => blocked.count()).toBe(2);
    expect(await blocked.evaluateAll((els) => els.map((e) => e.getAttribute('data-ip')).sort())).toEqual([
      ATTACKER6,
      ATTACKER,
    ]);
    expect(await page.getByTestId('blocked-ips').textContent()).toMatch(/3 incidents within 10 min/);
    const listText = await page.getByTestId('blocked-ips').textContent();
    // An address's first automatic block is the short one: 10 minutes.
    expect(listText).toMatch(/Expires .* \(in (9|10) min\)/);
    await page.getByRole('img', { name: /Violations per hour, last 24 hours: 8 in total/ }).waitFor();

    // The blocked addresses really are refused.
    expect((await app.api('GET', '/api/health', { headers: from(ATTACKER) })).status).toBe(403);
  });

  it('refreshes by itself every 30 seconds', async () => {
    await app.api('GET', '/.env', { headers: from('192.0.2.10', 'Wget/1.21.4') });
    // The violation reaches the read side first; otherwise the one refresh the clock jump makes can read before it.
    await app.ctx.projections.waitFor();
    await page.clock.fastForward(31_000);
    await poll(() => tile(page, 'total').textContent()).toBe('9');
    await poll(() => page.getByTestId('violation-row').first().textContent()).toContain('192.0.2.10');
  });

  it('unblocks from the list and with the IP Management form', async () => {
    await page.getByRole('button', { name: `Unblock ${ATTACKER}` }).click();
    await page.getByText('IP Unblocked').waitFor();
    await poll(() => page.getByTestId('blocked-ip').count()).toBe(1);
    await poll(() => tile(page, 'blocked').textContent()).toBe('1');
    expect((await app.api('GET', '/api/health', { headers: from(ATTACKER) })).status).toBe(200);

    const field = page.getByLabel('Unblock IP Address');
    const button = page.getByRole('button', { name: 'Unblock IP', exact: true });
    await field.fill('   ');
    expect(await button.isDisabled()).toBe(true);
    // Any spelling of the address: the server canonicalises it.
    await field.fill('2001:DB8:0:0::66');
    expect(await button.isDisabled()).toBe(false);
    await button.click();
    await page.getByText('No IP addresses are blocked.').waitFor();
    await poll(() => tile(page, 'blocked').textContent()).toBe('0');
    expect(await field.inputValue()).toBe('');
    expect((await app.api('GET', '/api/health', { headers: from(ATTACKER6) })).status).toBe(200);

    // A malformed address: the server refuses it (400); the failure is only logged (spec §8).
    await field.fill('999.1.1.1');
    await button.click();
    await poll(() => button.isDisabled()).toBe(false);
    expect(await field.inputValue()).toBe('999.1.1.1');
  });

  it('shows the debug card without any secret', async () => {
    const card = page.getByTestId('debug-card');
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(ADMIN);
    expect(text).toContain('Ada');
    expect(text).toMatch(/Publishable key\s*ba_pk_\S{6}…/);
    // The full key is only in the admin-only debug answer; the card shows its first characters.
    const debug = await app.api('GET', '/api/security/debug', { token: adminToken });
    expect(debug.status).toBe(200);
    const fullKey = debug.body.publishableKey as string;
    expect(fullKey).toMatch(/^ba_pk_/);
    expect(text).toContain(debug.body.apiBase);
    expect(text).toContain(fullKey.slice(0, 12));
    expect(text).not.toContain(fullKey);
    const token = await page.evaluate(() =>
      Object.entries(localStorage)
        .map(([, v]) => v)
        .join(' '),
    );
    for (const word of token.split(/\s+/).filter((w) => w.length > 20)) expect(text).not.toContain(word);
    for (const label of ['Log to Console', 'Copy Debug Info', 'Reload'])
      await card.getByRole('button', { name: label }).waitFor();
  });
});

describe('security dashboard for a non-admin (e2e)', () => {
  it('turns the user away: the server answers 403 and no data is shown', async () => {
    const { context, page } = await signedInPage(FOUNDER);
    // What the founder's browser is sent: never the environment or the keys.
    const answers: string[] = [];
    page.on('response', (r) => {
      if (/\/api\/(config|security\/debug)/.test(r.url()))
        void r.text().then(
          (t) => answers.push(`${r.status()} ${t}`),
          () => undefined,
        );
    });
    await page.goto(`${app.url}/security-dashboard`);
    await page.getByText('You are not allowed to view the security dashboard').waitFor();
    expect(answers.length).toBeGreaterThan(0);
    for (const a of answers) {
      expect(a).not.toContain('_pk_');
      expect(a).not.toContain('"environment"');
    }
    expect(await page.getByTestId('security-forbidden').textContent()).toContain('Admin access required');
    expect(await page.getByTestId('tile-total').count()).toBe(0);
    expect(await page.getByText('Recent Violations (Last 24 Hours)').count()).toBe(0);
    // The debug card (user id, environment, keys) is for operators only.
    expect(await page.getByTestId('debug-card').count()).toBe(0);
    expect(await page.getByTestId('security-forbidden').innerText()).toContain(
      'You are not allowed to view the security dashboard',
    );
    await screenshot(page, { path: path.join(SHOTS, 'security-dashboard-forbidden-1280-dark.png') });
    await context.close();
  });
});

describe('security dashboard screenshots', () => {
  it('captures the dashboard at 1280 and 375 px, dark and light', async () => {
    mkdirSync(SHOTS, { recursive: true });
    // Something to show: a fresh burst (the earlier blocks were lifted).
    await burst();
    // Signed in once: each width and theme is a fresh load of the dashboard.
    const { context, page } = await signedInPage(ADMIN);
    await atEachWidthAndTheme(page, async (width, theme) => {
      await page.goto(`${app.url}/security-dashboard`);
      await page
        .getByTestId('recent-violations')
        .getByText(/violations?, newest first/)
        .waitFor();
      await page.getByTestId('violations-chart').waitFor();
      await screenshot(page, { path: path.join(SHOTS, `security-dashboard-${width}-${theme}.png`), fullPage: true });
      if (width === 375) {
        // The full phone page is too tall to read scaled down: also in screen-sized parts.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, part = 1; y < height && part <= 5; y += 812, part++) {
          await screenshot(page, {
            path: path.join(SHOTS, `security-dashboard-375-${theme}-part${part}.png`),
            fullPage: true,
            clip: { x: 0, y, width: 375, height: Math.min(812, height - y) },
          });
        }
      }
    });
    await context.close();
  });
});
