/**
 * A keyboard-only walk in real Chromium against the built app: sign in, edit and
 * save the profile, filter the test firms and select two, submit (and confirm when the screen asks),
 * then move a pipeline card with the keyboard. Only keyboard.press / keyboard.type drive the screens
 * (page.goto stands for typing an address); every element that takes focus on the way must show it
 * (an outline or a ring).
 *
 * Run: npx turbo run build --filter=@fp/frontend && npx vitest run --project e2e frontend/test/keyboard.e2e.test.ts
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import {
  DIST_INDEX,
  type E2eTestApp,
  releaseChromium,
  sharedChromium,
  SHOTS,
  TEST_APP_MODULE,
  screenshot,
} from './support';

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const PASSWORD = 'correct horse battery';
const CARD_FIRM = 'Harbor VC';

let app: E2eTestApp;
let browser: Browser;
let page: Page;
let user: { id: string; email: string; token: string };

beforeAll(async () => {
  if (!existsSync(DIST_INDEX))
    throw new Error('frontend/dist is missing: run `npx turbo run build --filter=@fp/frontend` first');
  mkdirSync(SHOTS, { recursive: true });
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<E2eTestApp>;
  };
  app = await startTestApp();
  browser = await sharedChromium();
  page = await (
    await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: DESKTOP_UA, reducedMotion: 'reduce' })
  ).newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  user = await app.createUser();
  expect(
    (await app.api('PATCH', '/api/startup-profile', { token: user.token, body: SAMPLE_COMPLETE_PROFILE })).status,
  ).toBe(200);
  await app.services.credits.grant(user.id, 5, 'e2e credits', null, { now: new Date(), actor: 'test' });
  expect(
    (
      await app.api('POST', '/api/pipeline', {
        token: user.token,
        body: { investorId: 'test_vc_harbor-vc', investorKind: 'vc', stage: 'Target' },
      })
    ).status,
  ).toBe(201);
}, 120_000);

afterAll(async () => {
  await releaseChromium(browser);
  await app?.close();
});

/** What the focused element shows: its outline or its box-shadow ring (Tailwind's focus-visible:ring). */
async function focusIndicator(p: Page): Promise<{ tag: string; name: string; outline: string; shadow: string }> {
  return p.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', name: '', outline: 'none', shadow: 'none' };
    const cs = getComputedStyle(el);
    const outline =
      cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0
        ? `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}`
        : 'none';
    return {
      tag: el.tagName.toLowerCase(),
      name: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '',
      outline,
      shadow: cs.boxShadow,
    };
  });
}

/** Asserts the focused element shows that it has focus. */
async function expectFocusVisible(p: Page) {
  const f = await focusIndicator(p);
  expect(f.tag, 'something has focus').not.toBe('body');
  expect(
    f.outline !== 'none' || f.shadow !== 'none',
    `focus is visible on <${f.tag}> "${f.name}" (outline ${f.outline}, box-shadow ${f.shadow})`,
  ).toBe(true);
}

const isFocused = (l: Locator) =>
  l.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false);

/** Presses Tab (Shift+Tab backwards) until `target` has focus, checking the focus ring at each stop. */
async function tabTo(target: Locator, opts: { max?: number; back?: boolean } = {}) {
  await target.waitFor();
  for (let i = 0; i < (opts.max ?? 80); i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    await expectFocusVisible(page);
  }
  throw new Error(`Tab never reached ${target}`);
}

describe('keyboard-only walk (e2e)', () => {
  it('signs in with the keyboard', async () => {
    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { name: 'Sign in to FundFlow' }).waitFor();
    await tabTo(page.getByLabel('Email'));
    await page.keyboard.type(user.email);
    await tabTo(page.getByLabel('Password'));
    await page.keyboard.type(PASSWORD);
    await tabTo(page.getByRole('button', { name: 'Sign In', exact: true }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('edits the profile and saves it', async () => {
    await page.goto(`${app.url}/profile`);
    const location = page.getByLabel(/^Location/);
    await tabTo(location);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Lisbon, Portugal');
    const save = page.getByRole('button', { name: /Save Changes|Save Progress/ });
    await tabTo(save);
    await screenshot(page, { path: path.join(SHOTS, 'keyboard-profile-save-1280.png') });
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Profile Updated' }).waitFor();
    await expect
      .poll(
        async () =>
          (await app.api('GET', '/api/startup-profile', { token: user.token })).body?.profile?.location ??
          (await app.api('GET', '/api/startup-profile', { token: user.token })).body?.location,
      )
      .toBe('Lisbon, Portugal');
  });

  it('filters the test firms, selects two and submits', async () => {
    await page.goto(`${app.url}/test-vc-database`);
    const search = page.getByRole('searchbox', { name: 'Search firms' }).or(page.getByLabel('Search firms')).first();
    for (const firm of ['Northwind Ventures', 'Orbit Fund']) {
      await tabTo(search);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(firm);
      await page.keyboard.press('Enter');
      const box = page.getByLabel(`Select ${firm}`);
      await tabTo(box);
      await page.keyboard.press('Space');
      await expect
        .poll(() => box.getAttribute('aria-checked').then((a) => a ?? box.isChecked().then(String)))
        .toBe('true');
      await tabTo(search, { back: true });
    }
    const submit = page.getByRole('button', { name: 'Submit to 2 Test VCs' });
    await tabTo(submit, { max: 150 });
    await screenshot(page, { path: path.join(SHOTS, 'keyboard-submit-1280.png') });
    await page.keyboard.press('Enter');
    // Ask-before-spending may put a confirmation first: confirm it with the keyboard.
    const done = page.getByRole('status').filter({ hasText: 'Test Applications Submitted' });
    const dialog = page.getByRole('dialog');
    await done.or(dialog).first().waitFor();
    if (await dialog.count()) {
      const confirm = dialog.getByRole('button', { name: /Spend|Submit|Confirm/ }).last();
      await tabTo(confirm, { max: 20 });
      await page.keyboard.press('Enter');
    }
    await done.waitFor();
    await expect
      .poll(async () => (await app.api('GET', '/api/submissions', { token: user.token })).body.total, {
        timeout: 20_000,
      })
      .toBe(2);
  });

  it('moves a pipeline card one stage with the keyboard', async () => {
    await page.goto(`${app.url}/pipeline`);
    const spoken = page.getByTestId('pipeline-move-status');
    await tabTo(page.getByRole('button', { name: new RegExp(`Move ${CARD_FIRM}`) }), { max: 120 });
    await page.keyboard.press('Space');
    await expect.poll(() => spoken.innerText()).toBe(`Picked up ${CARD_FIRM}.`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => spoken.innerText()).toBe(`${CARD_FIRM} is over Applied.`);
    await page.keyboard.press('Space');
    await expect.poll(() => spoken.innerText()).toBe(`${CARD_FIRM} dropped on Applied.`);
    await expect
      .poll(
        async () =>
          (
            (await app.api('GET', '/api/pipeline', { token: user.token })).body.cards as {
              name: string;
              stage: string;
            }[]
          ).find((c) => c.name === CARD_FIRM)?.stage,
        { timeout: 15_000 },
      )
      .toBe('Applied');
    await screenshot(page, { path: path.join(SHOTS, 'keyboard-pipeline-1280.png') });
  });
});
