/**
 * The startup profile editor and the dashboard, in real Chromium against the built app and the real
 * backend: fill the three tabs and watch completion rise to 'Your profile is complete!', reload and
 * find the data, clear a field, the unsaved-edits prompt, and the dashboard's profile summary and
 * application stats. Saves screenshots (1280 and 375 px, dark and light) to frontend/screenshots/ with E2E_SHOTS=1.
 *
 * Run: npm run build && npx vitest run --project e2e frontend/test/profile.e2e.test.ts
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
  api<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown },
  ): Promise<{ status: number; body: T }>;
  createUser(opts?: { email?: string; password?: string }): Promise<{ id: string; email: string; token: string }>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = `profile.${Date.now().toString(36)}@example.com`;
const password = 'correct horse battery';

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as { startTestApp(): Promise<TestApp> };
  app = await startTestApp();
  browser = await sharedChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
});

afterAll(async () => {
  await context?.close();
  await releaseChromium(browser);
  await app?.close();
});

// A required field's label ends with an asterisk (hidden from screen readers, not from label text).
const field = (label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&')}\\*?$`));
const header = () => page.getByTestId('profile-header');
const saveButton = () => page.getByRole('button', { name: /^(Save Progress|Save Changes|Saving\.\.\.)$/ });
const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });

async function saveAndExpectToast() {
  const toast = page.getByRole('status').filter({ hasText: 'Profile Updated' });
  await saveButton().click();
  await toast.waitFor();
  await toast.getByText('Your startup profile has been successfully updated').waitFor();
  await page.keyboard.press('Escape');
  await toast.waitFor({ state: 'detached' });
}

describe('startup profile and dashboard (e2e)', () => {
  it('signs up and sees an empty profile on the dashboard', async () => {
    await page.goto(`${app.url}/`);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // A brand-new account: no sign-in before this one.
    await page.getByText('Welcome, Ada!').waitFor();
    // The welcome toast sits where the editor's save button scrolls to: close it.
    const welcome = page.getByRole('status').filter({ hasText: /free credits? to get started/ });
    await welcome.waitFor();
    await page.keyboard.press('Escape');
    await welcome.waitFor({ state: 'detached' });

    const card = page.getByTestId('profile-card');
    await card.getByRole('link', { name: 'Complete Profile' }).waitFor();
    await card.getByRole('link', { name: 'Fill in profile', exact: true }).waitFor();
    expect(await card.getByText('Not set').count()).toBe(4);
    expect(await page.getByTestId('profile-card-percentage').innerText()).toBe('0%');
    await page.getByTestId('credits-card').getByRole('link', { name: 'Buy Credits' }).waitFor();
    expect(await page.getByTestId('credits-card').getByRole('link', { name: 'Buy Credits' }).getAttribute('href')).toBe(
      '/credits',
    );
    expect(await page.getByRole('link', { name: 'Get More Credits' }).getAttribute('href')).toBe('/pricing');
    await page.getByTestId('activity-chart').getByText('No applications in the last 30 days').waitFor();
  });

  it('opens the editor from the dashboard, incomplete, with required marks', async () => {
    await page.getByTestId('profile-card').getByRole('link', { name: 'Complete Profile' }).click();
    await page.waitForURL(`${app.url}/settings`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByText('Manage your account settings and preferences.').waitFor();
    await header().getByRole('heading', { name: 'Complete Your Startup Profile' }).waitFor();
    expect(await page.getByTestId('profile-percentage').innerText()).toBe('0%');
    await header().getByText("Complete your startup profile to unlock VC submissions. You're 0% done.").waitFor();
    await page.getByText('Required fields').waitFor();
    expect(await saveButton().innerText()).toBe('Save Progress');
    expect(await page.getByRole('tab').allInnerTexts()).toEqual([
      expect.stringMatching(/^Basic Info/),
      expect.stringMatching(/^Company Details/),
      expect.stringMatching(/^Additional Info/),
    ]);
    expect(await tab('Basic Info').getAttribute('aria-selected')).toBe('true');
  });

  it('validates on submit with the spec messages and sends nothing', async () => {
    await field('Founder Email').fill('not-an-email');
    await field('Website').fill('acme');
    await saveButton().click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Please enter a valid website URL').waitFor();
    expect((await app.api('GET', '/api/startup-profile', { token: await token() })).body.profile).toEqual({});
    // A bad field on another tab brings that tab forward.
    await tab('Additional Info').click();
    await field('Pitch Deck URL').fill('deck');
    await tab('Basic Info').click();
    await field('Founder Email').fill('ada@acme.io');
    await field('Website').fill('https://acme.io');
    await saveButton().click();
    await page.getByText('Please enter a valid pitch deck URL').waitFor();
    expect(await tab('Additional Info').getAttribute('aria-selected')).toBe('true');
    // The invalid field has the focus once its tab is shown.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')), { timeout: 10_000 })
      .toBe('true');
    mkdirSync(SHOTS, { recursive: true });
    await screenshot(page, { path: path.join(SHOTS, 'profile-settings-invalid-1280-dark.png') });
    await field('Pitch Deck URL').fill('');
    await tab('Basic Info').click();
  });

  it('fills Basic Info and the percentage rises', async () => {
    await field('Company Name').fill('Acme Robotics');
    await field('Industry').selectOption('AI & ML');
    await field('Location').fill('London, UK');
    await field('Founded Year').fill('2023');
    await field('Founder Name').fill('Ada Lovelace');
    await field('Founder LinkedIn').fill('https://www.linkedin.com/in/ada');
    await saveAndExpectToast();
    // 6 of 15 required fields.
    await expect.poll(() => page.getByTestId('profile-percentage').innerText(), { timeout: 10_000 }).toBe('40%');
    await header().getByText("You're 40% done.").waitFor();
  });

  it('fills Company Details and rises again', async () => {
    await tab('Company Details').click();
    await field('Funding Stage').selectOption('Seed');
    await field('Raising Amount').fill('$2M');
    await field('Team Size').selectOption('6-10');
    await field('Revenue').selectOption('Pre-revenue');
    await field('One-Line Explanation').fill('Robots that pick warehouse orders twice as fast.');
    await field('Company Description').fill('Acme builds picking robots for mid-sized warehouses.');
    await page.getByText('200-300 words recommended').waitFor();
    await saveAndExpectToast();
    await expect.poll(() => page.getByTestId('profile-percentage').innerText(), { timeout: 10_000 }).toBe('80%');
  });

  it('fills Additional Info and reaches a complete profile', async () => {
    await tab('Additional Info').click();
    await field('Problem').fill('Order picking is slow and error-prone.');
    await field('Solution').fill('Autonomous picking robots.');
    await field('Value Proposition').fill('Twice the throughput at half the cost.');
    await field('Pitch Deck URL').fill('https://docsend.com/view/acme');
    await saveAndExpectToast();
    await header().getByRole('heading', { name: 'Your Startup Profile' }).waitFor();
    await header().getByText('Your profile is complete! You can update any information below.').waitFor();
    expect(await page.getByTestId('profile-percentage').count()).toBe(0);
    expect(await page.getByText('Required fields').count()).toBe(0);
    expect(await saveButton().innerText()).toBe('Save Changes');
  });

  it('shows the saved data after a reload', async () => {
    await page.reload();
    await header().getByText('Your profile is complete! You can update any information below.').waitFor();
    expect(await field('Company Name').inputValue()).toBe('Acme Robotics');
    expect(await field('Industry').inputValue()).toBe('AI & ML');
    expect(await field('Founder Email').inputValue()).toBe('ada@acme.io');
    expect(await field('Funding Stage').inputValue()).toBe('Seed');
    expect(await field('Problem').inputValue()).toBe('Order picking is slow and error-prone.');
    expect(await field('Website').inputValue()).toBe('https://acme.io');
  });

  it('clears an optional field by emptying it', async () => {
    await field('Website').fill('');
    await saveAndExpectToast();
    await page.reload();
    await header().getByText('Your profile is complete!', { exact: false }).waitFor();
    expect(await field('Website').inputValue()).toBe('');
    expect(
      (await app.api('GET', '/api/startup-profile', { token: await token() })).body.profile.website,
    ).toBeUndefined();
  });

  it('refuses nonsense with a message next to each field: nothing saved, no success toast', async () => {
    const before = (await app.api('GET', '/api/startup-profile', { token: await token() })).body.profile;
    const thisYear = new Date().getUTCFullYear();
    await field('Company Name').fill('');
    await field('Founded Year').fill('3025');
    await tab('Company Details').click();
    await field('Raising Amount').fill('lots of money');
    await saveButton().click();
    // The first bad field's tab comes forward; each message stands next to its field.
    await expect.poll(() => tab('Basic Info').getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true');
    await page.getByText('Company Name is required').waitFor();
    await page.getByText(`Founded Year must be a year between 1900 and ${thisYear}`).waitFor();
    await tab('Company Details').click();
    await page.getByText('Raising Amount must be an amount, e.g. $2.5M, €800k or 1.2 million').waitFor();
    await screenshot(page, { path: path.join(SHOTS, 'profile-settings-nonsense-1280-dark.png') });
    expect(await page.getByRole('status').filter({ hasText: 'Profile Updated' }).count()).toBe(0);
    for (const [typed, message] of [
      ['-5000', 'Raising Amount must be more than 0'],
      ['$999,999,999,999,999', 'Raising Amount must be at most 100,000,000,000'],
    ] as const) {
      await field('Raising Amount').fill(typed);
      await saveButton().click();
      await tab('Company Details').click();
      await page.getByText(message).waitFor();
    }
    // What people type is read as an amount, and the hint says how.
    await field('Raising Amount').fill('2.5M');
    await page.getByText('Read as $2,500,000').waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Profile Updated' }).count()).toBe(0);
    expect((await app.api('GET', '/api/startup-profile', { token: await token() })).body.profile).toEqual(before);
    // Back to the saved values, so leaving asks nothing.
    await field('Raising Amount').fill(before.raising);
    await tab('Basic Info').click();
    await field('Company Name').fill(before.companyName);
    await field('Founded Year').fill(before.founded);
    await page.reload();
    await header().getByText('Your profile is complete!', { exact: false }).waitFor();
    expect(await field('Company Name').inputValue()).toBe('Acme Robotics');
  });

  it('asks before leaving with unsaved edits', async () => {
    await field('Company Name').fill('Acme Robotics Ltd');
    const dialogs: string[] = [];
    const onDialog = (d: import('playwright-core').Dialog) => {
      dialogs.push(d.type());
      void (dialogs.length === 1 ? d.dismiss() : d.accept());
    };
    page.on('dialog', onDialog);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => dialogs.length, { timeout: 10_000 }).toBe(1);
    expect(dialogs[0]).toBe('beforeunload');
    expect(new URL(page.url()).pathname).toBe('/settings');
    expect(await field('Company Name').inputValue()).toBe('Acme Robotics Ltd');
    // Second time: leave without saving.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${app.url}/`);
    page.off('dialog', onDialog);

    // In-app navigation (here: the browser's back button after a client-side link) asks in a dialog.
    await page.getByTestId('profile-card').getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`${app.url}/settings`);
    await field('Company Name').fill('Acme Robotics Ltd');
    const ask = page.getByRole('dialog', { name: 'Unsaved changes' });
    await page.evaluate(() => history.back());
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Stay on Page' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/settings');
    expect(await field('Company Name').inputValue()).toBe('Acme Robotics Ltd');
    await page.evaluate(() => history.back());
    await ask.getByRole('button', { name: 'Leave Without Saving' }).click();
    await page.waitForURL(`${app.url}/`);
  });

  it('shows the profile summary and application stats on the dashboard', async () => {
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const card = page.getByTestId('profile-card');
    await card.getByText('Acme Robotics', { exact: true }).waitFor();
    await card.getByText('AI & ML').waitFor();
    await card.getByText('Seed').waitFor();
    await card.getByText('$2M').waitFor();
    await card.getByRole('link', { name: 'Edit' }).waitFor();
    expect(await card.getByRole('link', { name: 'Complete Profile' }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('profile-card-percentage').innerText(), { timeout: 10_000 }).toBe('100%');
    expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    // Application stats: what /api/submission-stats answers, or zeros while that endpoint is missing.
    const statsRes = await app.api('GET', '/api/submission-stats', { token: await token() });
    const stats = statsRes.status === 200 ? statsRes.body : { total: 0, completed: 0 };
    const statsCard = page.getByTestId('stats-card');
    const value = (label: string) => statsCard.getByTestId(`stat-${label}`).locator('dd');
    await expect.poll(() => value('Total').innerText(), { timeout: 10_000 }).toBe(String(stats.total));
    expect(await value('Completed').innerText()).toBe(String(stats.completed));
    // Completed out of finished runs, as the API computed it; none finished shows a dash.
    expect(await value('Success %').innerText()).toBe(stats.successRate == null ? '—' : `${stats.successRate}%`);
    expect(await statsCard.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/submissions');
    await page.getByTestId('activity-chart').waitFor();
  });

  it(
    'saves screenshots at 1280 and 375 px, dark and light, complete and incomplete',
    { timeout: 600_000 },
    async () => {
      mkdirSync(SHOTS, { recursive: true });
      const t = await token();
      const { body: saved } = await app.api('GET', '/api/startup-profile', { token: t });
      const founder = page;
      for (const state of ['complete', 'incomplete'] as const) {
        // A complete profile cannot lose a required field: the incomplete screens are another founder's.
        if (state === 'incomplete') {
          const other = await app.createUser({
            email: `profile.incomplete.${Date.now().toString(36)}@example.com`,
            password,
          });
          const { problem: _p, solution: _s, ...almost } = saved.profile;
          expect((await app.api('PATCH', '/api/startup-profile', { token: other.token, body: almost })).status).toBe(
            200,
          );
          page = await context
            .browser()!
            .newContext({ viewport: { width: 1280, height: 900 } })
            .then((c) => c.newPage());
          await signInThroughScreen(page, app.url, other.email, password);
        }
        const expected = state === 'complete' ? '100%' : '87%';
        for (const theme of ['dark', 'light'] as const) {
          await page.evaluate((v) => localStorage.setItem('fundflow-theme', v), theme);
          for (const width of [1280, 375]) {
            await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
            for (const [name, route] of [
              ['dashboard', '/'],
              ['settings', '/settings'],
            ] as const) {
              await page.goto(`${app.url}${route}`);
              if (name === 'dashboard')
                await expect
                  .poll(() => page.getByTestId('profile-card-percentage').innerText(), { timeout: 10_000 })
                  .toBe(expected);
              else await header().waitFor();
              await screenshot(page, {
                path: path.join(SHOTS, `profile-${name}-${state}-${width}-${theme}.png`),
                fullPage: true,
              });
            }
          }
        }
      }
      await page.context().close();
      page = founder;
      await page.setViewportSize({ width: 1280, height: 900 });
    },
  );
});

async function token(): Promise<string> {
  const t = await page.evaluate(() => localStorage.getItem('fundflow-auth-token'));
  if (!t) throw new Error('no session token in the page');
  return t;
}
