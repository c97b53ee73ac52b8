/**
 * The founder's first hour, in real Chromium against the
 * built app on a fresh start: a new founder signs up ("Welcome", not "Welcome back"), follows the
 * dashboard's checklist to the test firms, applies to one, watches it live and sees it complete,
 * without typing an address; each tick comes from the server. Waiting runs are one banner with a
 * count; the pipeline view, the submissions tab and the users search survive a reload; the theme
 * follows prefers-color-scheme; toasts do not cover the Save and Buy buttons; the angel locations
 * menu stays on the screen. Screenshots at 1280 and 375 px, light and dark, to frontend/screenshots/ with E2E_SHOTS=1.
 *
 * Run: npx turbo run build --filter=@fp/frontend && npx vitest run --project e2e frontend/test/first-hour.e2e.test.ts
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import { DIST_INDEX, releaseChromium, sharedChromium, SHOTS, TEST_APP_MODULE, screenshot } from './support';

interface TestApp {
  url: string;
  ctx: { pool: { query(sql: string, params?: unknown[]): Promise<{ rows: any[] }> } };
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
    catalog: {
      seed(
        opts: { angels?: number; vc?: number },
        meta: { now: Date; actor: string },
      ): Promise<{ checkpoint: string | null }>;
      waitUntilLoaded(c: string | null): Promise<void>;
    };
  };
  createUser(o?: { admin?: boolean; name?: string }): Promise<{ id: string; email: string; token: string }>;
  api<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown },
  ): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

const PASSWORD = 'correct horse battery';
/** A normal browser's user agent (the app refuses HeadlessChrome). */
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';

async function newContext(width: number, height: number, colorScheme: 'light' | 'dark' = 'light') {
  return browser.newContext({ viewport: { width, height }, colorScheme, userAgent: USER_AGENT });
}

async function shoot(p: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await screenshot(p, { path: path.join(SHOTS, `${name}.png`) });
}

/** Shoots `p` at 1280 and 375 px in both themes (the system's preference, which the app follows by default). */
async function shootAll(p: Page, name: string) {
  const size = p.viewportSize()!;
  for (const [w, h] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await p.setViewportSize({ width: w, height: h });
      await p.emulateMedia({ colorScheme: scheme });
      // The app switches class at once; colours then transition (a loaded machine needs longer).
      await expect.poll(() => p.evaluate(() => document.documentElement.className)).toContain(scheme);
      await shoot(p, `${name}-${w}-${scheme}`);
    }
  }
  await p.emulateMedia({ colorScheme: 'light' });
  await p.setViewportSize(size);
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Clicks a button that spends credits; confirms the spend when the screen asks first. */
async function clickAndConfirmSpend(p: Page, button: Locator) {
  await button.click();
  const confirm = p.getByRole('dialog').getByRole('button', { name: /^(Spend|Confirm|Submit|Yes)/ });
  if (
    await confirm
      .first()
      .waitFor({ timeout: 3_000 })
      .then(
        () => true,
        () => false,
      )
  )
    await confirm.first().click();
}

beforeAll(async () => {
  if (!existsSync(DIST_INDEX))
    throw new Error('frontend/dist is missing: run `npx turbo run build --filter=@fp/frontend` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<TestApp>;
  };
  // Two at once: the banner's runs both wait for the founder (a CAPTCHA, questions) at the same time;
  // the browser waits for a takeover (the test app's default, 0, fails such a run at once).
  app = await startTestApp({ config: { workerConcurrency: 2, takeoverSeconds: 600 } });
  browser = await sharedChromium();
  context = await newContext(1280, 900);
  page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
}, 180_000);

afterAll(async () => {
  await context?.close();
  await releaseChromium(browser);
  await app?.close();
});

const step = (id: string) => page.getByTestId(`first-run-step-${id}`);
const done = (id: string) => step(id).getAttribute('data-done');

describe('the first hour (e2e)', () => {
  it(
    'a brand-new founder is welcomed (not "welcome back") and sees the checklist with nothing done',
    { timeout: 120_000 },
    async () => {
      await page.goto(`${app.url}/`);
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await page.getByLabel('Name').fill('Fay Founder');
      await page.getByLabel('Email').fill(`fay.${Date.now().toString(36)}@example.com`);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.getByText('Welcome, Fay!').waitFor();
      expect(await page.getByText('Welcome back').count()).toBe(0);
      const list = page.getByTestId('first-run-checklist');
      await list.waitFor();
      for (const id of ['profile', 'test_application', 'live_view', 'credits', 'real_application'])
        expect(await done(id)).toBe('false');
      // "Fill in profile" reads as an action beside 0 %.
      await page.getByTestId('profile-card').getByRole('link', { name: 'Fill in profile' }).waitFor();
      // The toast of the free credits is at the top, over no control of the checklist.
      const welcome = page.getByRole('status').filter({ hasText: /free credits? to get started/ });
      await welcome.waitFor();
      const tb = (await welcome.boundingBox())!;
      for (const link of await list.getByRole('link').all())
        expect(overlaps(tb, (await link.boundingBox())!)).toBe(false);
      await page.keyboard.press('Escape');
      await welcome.waitFor({ state: 'detached' });
      token = (await page.evaluate(() => localStorage.getItem('fundflow-auth-token')))!;
      expect(token).toBeTruthy();
      await shootAll(page, 'first-hour-checklist');
    },
  );

  it(
    'goes from the checklist to a completed test application without typing an address, each step ticked by the server',
    { timeout: 420_000 },
    async () => {
      // The profile (its own e2e covers the editor): saved through the API as the founder.
      expect((await app.api('PATCH', '/api/startup-profile', { token, body: SAMPLE_COMPLETE_PROFILE })).status).toBe(
        200,
      );
      await page.reload();
      await expect.poll(() => done('profile'), { timeout: 15_000 }).toBe('true');

      await step('test_application').getByRole('link', { name: 'Open test firms' }).click();
      await page.getByRole('heading', { name: /Test VC Database/i }).waitFor();
      const search = page.getByPlaceholder('Search firms, press Enter');
      await search.fill('Tortoise Capital');
      await search.press('Enter');
      await page.getByLabel('Select Tortoise Capital').check();
      await clickAndConfirmSpend(page, page.getByRole('button', { name: 'Submit to 1 Test VC' }));
      await page.getByRole('status').filter({ hasText: 'Test Applications Submitted' }).waitFor({ timeout: 30_000 });

      // Back on the dashboard through the sidebar: tried, not yet watched.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
      await expect.poll(() => done('test_application'), { timeout: 15_000 }).toBe('true');
      expect(await done('live_view')).toBe('false');

      await step('live_view').getByRole('link', { name: 'Open submissions' }).click();
      const row = page.getByTestId('submission-row').filter({ hasText: 'Tortoise Capital' });
      await expect
        .poll(
          async () => {
            await page.reload();
            await row.waitFor();
            if (await row.getByRole('button', { name: 'Watch Live' }).count()) return 'live';
            const fetchButton = row.getByRole('button', { name: 'Find Live View' });
            if (await fetchButton.count()) await fetchButton.click();
            return (await row.getByTestId('status-badge').innerText()).trim();
          },
          { timeout: 120_000, interval: 1_000 },
        )
        .toBe('live');
      const [live] = await Promise.all([
        context.waitForEvent('page'),
        row.getByRole('button', { name: 'Watch Live' }).click(),
      ]);
      await live.getByRole('heading', { name: /Live view · Tortoise Capital/ }).waitFor();
      await expect.poll(() => live.locator('#status-text').innerText(), { timeout: 180_000 }).toMatch(/^completed$/i);
      await live.close();

      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
      await expect.poll(() => done('live_view'), { timeout: 15_000 }).toBe('true');
      expect(await done('credits')).toBe('false');
      expect(await done('real_application')).toBe('false');
      const sub = (
        await app.api<{ submissions: { vcFirm: { name: string }; status: string }[] }>('GET', '/api/submissions', {
          token,
        })
      ).body.submissions;
      expect(sub.map((s) => [s.vcFirm.name, s.status])).toEqual([['Tortoise Capital', 'completed']]);
      await shoot(page, 'first-hour-checklist-after-test-1280-light');
    },
  );

  it('hides the checklist for good when dismissed (the server keeps it)', async () => {
    await page.getByTestId('first-run-checklist').getByRole('button', { name: 'Hide the checklist' }).click();
    await page.getByTestId('first-run-checklist').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByTestId('deck-readers-line').or(page.getByTestId('profile-card')).first().waitFor();
    expect(await page.getByTestId('first-run-checklist').count()).toBe(0);
    expect((await app.api('GET', '/api/first-run', { token })).body).toMatchObject({ dismissed: true, show: false });
  });

  it('reaches the test firms from the sidebar', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Test firms' }).click();
    await page.getByRole('heading', { name: /Test VC Database/i }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/test-vc-database');
  });
});

describe('notices that never cover a control (e2e)', () => {
  it(
    'keeps the "Profile Updated" toast off Save Changes at 375 px and the payment toast off "Buy 50 credits" at 1280 px',
    { timeout: 120_000 },
    async () => {
      const phoneCtx = await newContext(375, 812);
      const phone = await phoneCtx.newPage();
      await phone.goto(`${app.url}/`);
      await phone.evaluate((t) => localStorage.setItem('fundflow-auth-token', t), token);
      await phone.goto(`${app.url}/settings`);
      const save = phone.getByRole('button', { name: /^(Save Progress|Save Changes)$/ });
      await save.waitFor();
      await save.scrollIntoViewIfNeeded();
      await save.click();
      const toast = phone.getByRole('status').filter({ hasText: /Profile Updated|No changes|saved/i });
      await toast.first().waitFor();
      expect(overlaps((await toast.first().boundingBox())!, (await save.boundingBox())!)).toBe(false);
      await shoot(phone, 'first-hour-toast-save-375-light');
      await phoneCtx.close();

      await page.goto(`${app.url}/pricing`);
      const buy = page.getByRole('button', { name: 'Buy 50 credits' });
      await buy.waitFor();
      const opened = context.waitForEvent('page', { timeout: 30_000 }).catch(() => null);
      await buy.click();
      const pay = page.getByRole('status').filter({ hasText: 'Redirecting to Payment' });
      await pay.waitFor();
      expect(overlaps((await pay.boundingBox())!, (await buy.boundingBox())!)).toBe(false);
      await shoot(page, 'first-hour-toast-buy-1280-light');
      await (await opened)?.close();
    },
  );

  it(
    'shows runs waiting for the founder as one banner with a count, on every page, that goes when they are done',
    { timeout: 300_000 },
    async () => {
      // Two runs that wait for a person: a CAPTCHA (warden-ventures) and questions (bramble-ventures).
      const me = (await app.api<{ user: { id: string } }>('GET', '/api/auth/me', { token })).body.user.id;
      await app.services.credits.grant(me, 5, 'e2e credits', null, { now: new Date(), actor: 'test' });
      const r = await app.api('POST', '/api/submit-to-test-vcs', {
        token,
        body: { testVcIds: ['test_vc_warden-ventures', 'test_vc_bramble-ventures'] },
      });
      expect(r.status).toBe(200);
      expect(r.body.submissionIds).toHaveLength(2);
      await expect
        .poll(
          async () => {
            const list = (
              await app.api<{ submissions: { submissionStatus: string | null }[] }>(
                'GET',
                '/api/submissions?status=processing',
                { token },
              )
            ).body.submissions;
            return list
              .map((s) => s.submissionStatus)
              .sort()
              .join(',');
          },
          { timeout: 240_000, interval: 1_000 },
        )
        .toBe('waiting_for_input,waiting_for_takeover');

      for (const where of ['/', '/pipeline', '/investors']) {
        await page.goto(`${app.url}${where}`);
        const banner = page.getByTestId('waiting-runs-banner');
        await banner.waitFor({ timeout: 30_000 });
        expect(await banner.getByTestId('waiting-runs-count').innerText()).toBe(
          '2 applications wait for you. Nothing has been sent.',
        );
        expect(await banner.innerText()).toContain('Needs your answers: 1 · Needs you in the live view: 1');
        expect(await page.getByTestId('waiting-runs-banner').count()).toBe(1);
      }
      // No toast announces them: nothing floats over the page.
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /Needs your answers|Needs you in the live view/ })
          .and(page.locator('[data-state]'))
          .count(),
      ).toBe(0);
      await page.goto(`${app.url}/`);
      await page.getByTestId('waiting-runs-banner').waitFor();
      await shootAll(page, 'first-hour-waiting-banner');
      // Its link opens the questions of the paused run.
      await page.getByTestId('waiting-runs-banner').getByRole('link', { name: 'Answer now' }).click();
      await page.getByRole('dialog', { name: /Needs your answers: Bramble Ventures/ }).waitFor({ timeout: 30_000 });
      await page.keyboard.press('Escape');
      // Stopped, they no longer wait: the banner goes.
      const waiting = (
        await app.api<{ submissions: { id: string }[] }>('GET', '/api/submissions?status=processing', { token })
      ).body.submissions;
      for (const s of waiting)
        expect((await app.api('POST', `/api/submissions/${s.id}/stop`, { token })).status).toBe(200);
      await page.goto(`${app.url}/`);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await expect.poll(() => page.getByTestId('waiting-runs-banner').count(), { timeout: 30_000 }).toBe(0);
    },
  );
});

describe('the screen state kept in the URL (e2e)', () => {
  it(
    'keeps the pipeline view, the submissions tab and the users search across a reload',
    { timeout: 120_000 },
    async () => {
      await page.goto(`${app.url}/pipeline`);
      const tableTab = page.getByRole('tab', { name: 'Table' });
      if (
        await tableTab.waitFor({ timeout: 10_000 }).then(
          () => true,
          () => false,
        )
      ) {
        await tableTab.click();
        await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('table');
        await page.reload();
        await expect.poll(() => page.getByRole('tab', { name: 'Table' }).getAttribute('aria-selected')).toBe('true');
      } else {
        // An empty pipeline shows no views: the address still keeps the choice for when it has cards.
        await page.goto(`${app.url}/pipeline?view=table`);
        expect(new URL(page.url()).searchParams.get('view')).toBe('table');
      }

      await page.goto(`${app.url}/submissions`);
      await page.getByRole('tab', { name: /^Completed/ }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('completed');
      await page.reload();
      await expect.poll(() => page.getByRole('tab', { name: /^Completed/ }).getAttribute('aria-selected')).toBe('true');

      const admin = await app.createUser({ admin: true, name: 'Olga Operator' });
      const opsCtx = await newContext(1280, 900);
      const ops = await opsCtx.newPage();
      await ops.goto(`${app.url}/`);
      await ops.evaluate((t) => localStorage.setItem('fundflow-auth-token', t), admin.token);
      await ops.goto(`${app.url}/ops/users`);
      await ops.getByLabel('Search users').fill('fay.');
      await ops.getByRole('button', { name: 'Search', exact: true }).click();
      await expect.poll(() => new URL(ops.url()).searchParams.get('q')).toBe('fay.');
      await ops.reload();
      await ops.getByRole('list', { name: 'Users' }).waitFor();
      expect(await ops.getByRole('list', { name: 'Users' }).innerText()).toContain('fay.');
      expect(await ops.getByLabel('Search users').inputValue()).toBe('fay.');
      await opsCtx.close();
    },
  );
});

describe('theme and menus (e2e)', () => {
  it('follows prefers-color-scheme by default', async () => {
    for (const scheme of ['dark', 'light'] as const) {
      const c = await newContext(1280, 900, scheme);
      const p = await c.newPage();
      await p.goto(`${app.url}/`);
      await expect.poll(() => p.evaluate(() => document.documentElement.className)).toContain(scheme);
      await c.close();
    }
  });

  it(
    'keeps the angel "All Locations" menu inside the screen at 1280 px and on an 812-px-high phone',
    { timeout: 240_000 },
    async () => {
      // Angels to filter (the test app starts with an empty catalog).
      const seeded = await app.services.catalog.seed({ angels: 300 }, { now: new Date(), actor: 'test' });
      await app.services.catalog.waitUntilLoaded(seeded.checkpoint);
      for (const [w, h] of [
        [1280, 900],
        [375, 812],
      ] as const) {
        const c = await newContext(w, h);
        const p = await c.newPage();
        await p.goto(`${app.url}/`);
        await p.evaluate((t) => localStorage.setItem('fundflow-auth-token', t), token);
        await p.goto(`${app.url}/investors`);
        const trigger = p.getByRole('button', { name: /^Locations:/ });
        await trigger.waitFor({ timeout: 60_000 });
        await trigger.click();
        const menu = p.getByTestId('location-dropdown');
        await menu.waitFor();
        const box = (await menu.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(w);
        expect(box.y + box.height).toBeLessThanOrEqual(h);
        await shoot(p, `first-hour-locations-${w}-light`);
        await c.close();
      }
    },
  );
});
