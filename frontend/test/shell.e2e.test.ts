/**
 * The built app (frontend/dist served by the real backend on embedded Postgres) in real Chromium:
 * sign-up, the shell, the welcome toast, session persistence, sign-out, 404, the mobile drawer,
 * the sidebar's breakpoints and theme persistence.
 *
 * Run: npm run build && npx vitest run --project e2e frontend
 */
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_INDEX, releaseChromium, sharedChromium, TEST_APP_MODULE } from './support';

interface TestApp {
  url: string;
  close(): Promise<void>;
}

let app: TestApp;
let browser: Browser;
const password = 'correct horse battery';
const email = `founder.${Date.now().toString(36)}@example.com`;

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as { startTestApp(): Promise<TestApp> };
  app = await startTestApp();
  browser = await sharedChromium();
});

afterAll(async () => {
  await releaseChromium(browser);
  await app?.close();
});

async function newPage(width = 1280, height = 800): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  return { context, page };
}

const signInHeading = (page: Page) => page.getByRole('heading', { name: 'Sign in to FundFlow' });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function signIn(page: Page) {
  await signInHeading(page).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

async function sidebarWidth(page: Page): Promise<number> {
  return page.locator('aside#app-sidebar').evaluate((el) => el.getBoundingClientRect().width);
}

describe('app shell (e2e)', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage());
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows signed-out visitors only the sign-in form', async () => {
    await page.goto(`${app.url}/vc-database`);
    await signInHeading(page).waitFor();
    expect(await nav(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/vc-database');
    // Client-side validation before any call.
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Please enter your email address').waitFor();
  });

  it('signs up, lands in the dashboard shell and shows the welcome toast', async () => {
    await page.goto(`${app.url}/`);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const toast = page.getByRole('status').filter({ hasText: /You've received \d+ free credits? to get started\./ });
    await toast.waitFor();

    const links = nav(page).getByRole('link');
    expect(await links.allInnerTexts()).toEqual([
      'Dashboard',
      'VC Database',
      'Test firms',
      'Angel Investors',
      'Credits',
      'Submissions',
      'Pipeline',
      'Deck',
      'Updates',
      'Settings',
    ]);
    expect(await nav(page).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(await nav(page).getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBeNull();
    await page.getByRole('link', { name: 'Buy More' }).waitFor();
    await page.getByTestId('credit-balance').waitFor();
    expect(await page.getByTestId('user-name').first().innerText()).toBe('Ada');

    // The toast closes on Escape.
    await page.keyboard.press('Escape');
    await toast.waitFor({ state: 'detached' });
  });

  it('stays signed in across a reload, without welcoming the user again', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('link', { name: 'Buy More' }).waitFor();
    expect(await page.getByText(/free credits? to get started/).count()).toBe(0);
  });

  it('navigates with full page loads and highlights the current item', async () => {
    await nav(page).getByRole('link', { name: 'Submissions' }).click();
    await page.waitForURL(`${app.url}/submissions`);
    await page.getByRole('heading', { name: 'Submissions', exact: true }).waitFor();
    expect(await nav(page).getByRole('link', { name: 'Submissions' }).getAttribute('aria-current')).toBe('page');
    // /profile is the settings screen.
    await page.goto(`${app.url}/profile`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await nav(page).getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the 404 screen for unknown paths', async () => {
    await page.goto(`${app.url}/definitely/not-a-page`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await nav(page).waitFor();
  });

  it('collapses and expands the sidebar on wide screens', async () => {
    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await sidebarWidth(page)).toBe(256);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(() => sidebarWidth(page)).toBe(64);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(() => sidebarWidth(page)).toBe(256);
    // Auto-collapse between 768 and 1024 px.
    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(() => sidebarWidth(page)).toBe(64);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => sidebarWidth(page)).toBe(256);
  });

  it('follows the system by default (prefers-color-scheme), live, until a theme is chosen', async () => {
    const htmlClass = () => page.evaluate(() => document.documentElement.className);
    expect(await page.evaluate(() => localStorage.getItem('fundflow-theme'))).toBeNull();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await htmlClass()).toContain('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(htmlClass).toContain('dark');
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await htmlClass()).toContain('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(htmlClass).toContain('light');
  });

  it('keeps the chosen theme across reloads', async () => {
    const htmlClass = () => page.evaluate(() => document.documentElement.className);
    // The system's light preference (emulated above) until a theme is chosen.
    expect(await htmlClass()).toContain('light');
    await page.getByRole('button', { name: /^Theme:/ }).click();
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect.poll(htmlClass).toContain('light');
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await htmlClass()).toContain('light');
    expect(await page.evaluate(() => localStorage.getItem('fundflow-theme'))).toBe('light');
    await page.getByRole('button', { name: /^Theme:/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect.poll(htmlClass).toContain('dark');
  });

  it('signs out back to / and the sign-in form, and stays signed out after a reload', async () => {
    await page.getByRole('button', { name: /^Account:/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await signInHeading(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.reload();
    await signInHeading(page).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('fundflow-auth-token'))).toBeNull();
  });

  it('shows a clear error for a wrong password', async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /invalid email or password/i })
      .waitFor();
  });

  it('signs in on /auth and goes to /', async () => {
    await page.goto(`${app.url}/auth`);
    await signIn(page);
    await page.waitForURL(`${app.url}/`);
  });
});

describe('mobile at 375 px (e2e)', () => {
  it('swipes the welcome toast away, and the drawer opens, closes on Escape and navigates', async () => {
    const { context, page } = await newPage(375, 812);
    try {
      await page.goto(`${app.url}/`);
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await page.getByLabel('Name').fill('Grace Hopper');
      await page.getByLabel('Email').fill(`mobile.${Date.now().toString(36)}@example.com`);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

      // Swipe right: under 50 px snaps back, over 50 px closes.
      const toast = page.getByRole('status').filter({ hasText: /free credits? to get started/ });
      await toast.waitFor();
      const box = (await toast.boundingBox())!;
      const swipe = async (dx: number) => {
        await page.mouse.move(box.x + 40, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + 40 + dx, box.y + box.height / 2, { steps: 6 });
        await page.mouse.up();
      };
      await swipe(30);
      expect(await toast.isVisible()).toBe(true);
      await swipe(90);
      await toast.waitFor({ state: 'detached' });

      const drawer = page.getByRole('dialog', { name: 'Navigation' });
      // The rail is hidden below 768 px; the drawer starts closed.
      expect(await page.locator('aside#app-sidebar').isVisible()).toBe(false);
      expect(await drawer.isVisible()).toBe(false);

      await page.getByRole('button', { name: 'Open menu' }).click();
      await drawer.waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Open menu' }).click();
      await drawer.getByRole('link', { name: 'VC Database' }).click();
      await page.waitForURL(`${app.url}/vc-database`);
      await page.getByRole('heading', { name: 'VC Database' }).waitFor();
      expect(await drawer.isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });
});
