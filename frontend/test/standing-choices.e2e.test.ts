/**
 * Settings → Applications in real Chromium against the built app: the
 * founder sees the defaults (opt-ins "Always no", terms not accepted for them, no default message),
 * changes them with the keyboard, takes the template suggestion (labelled as not AI) as their default
 * message, saves, and the server holds exactly that; a reload shows it. Screenshots at 1280 and 375 px,
 * light and dark, to frontend/screenshots/ with E2E_SHOTS=1.
 *
 * Run: npx turbo run build --filter=@fp/frontend && npx vitest run --project e2e frontend/test/standing-choices.e2e.test.ts
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import {
  DIST_INDEX,
  type E2eTestApp,
  releaseChromium,
  sharedChromium,
  SHOTS,
  signInThroughScreen,
  TEST_APP_MODULE,
  screenshot,
} from './support';

const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let app: E2eTestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: { id: string; email: string; token: string };

beforeAll(async () => {
  if (!existsSync(DIST_INDEX))
    throw new Error('frontend/dist is missing: run `npx turbo run build --filter=@fp/frontend` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<E2eTestApp>;
  };
  app = await startTestApp({ workers: false });
  browser = await sharedChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: USER_AGENT });
  page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  user = await app.createUser();
  expect(
    (await app.api('PATCH', '/api/startup-profile', { token: user.token, body: SAMPLE_COMPLETE_PROFILE })).status,
  ).toBe(200);
});

afterAll(async () => {
  await context?.close();
  await releaseChromium(browser);
  await app?.close();
});

const card = () => page.getByTestId('application-choices');

async function shootCard(name: string) {
  // The whole card from a full-page capture taken at the top of the page: an element shot of a card taller
  // than a phone's screen scrolls it under the sticky header, which would then cover its top.
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await card().boundingBox())!;
  await screenshot(page, {
    path: path.join(SHOTS, name),
    fullPage: true,
    clip: { x: box.x, y: box.y, width: box.width, height: box.height },
  });
}

describe('Settings → Applications, in the browser', () => {
  it('shows the defaults: never opt in, never accept terms for me, no default message, and a suggestion marked as not AI', async () => {
    await signInThroughScreen(page, app.url, user.email);
    await page.goto(`${app.url}/settings`);
    await card()
      .getByRole('radio', { name: /Always no/ })
      .waitFor();
    expect(
      await card()
        .getByRole('radio', { name: /Always no/ })
        .isChecked(),
    ).toBe(true);
    expect(
      await card()
        .getByRole('checkbox', { name: "Accept an application's terms or privacy notice for me" })
        .isChecked(),
    ).toBe(false);
    expect(await card().getByLabel('Default message').inputValue()).toBe('');
    const suggestion = card().getByTestId('default-message-suggestion');
    await suggestion.getByText(/not AI/).waitFor();
    await suggestion.getByText(`founder of ${SAMPLE_COMPLETE_PROFILE.companyName}`, { exact: false }).waitFor();
    expect(await card().getByRole('button', { name: 'Save choices' }).isDisabled()).toBe(true);
    await shootCard('choices-defaults-1280-light.png');
  });

  it('changes them with the keyboard, takes the suggestion, saves, and the server holds exactly that', async () => {
    // Arrow keys move between the opt-in radios; Space toggles the terms box; Enter takes the suggestion.
    await card()
      .getByRole('radio', { name: /Always no/ })
      .focus();
    await page.keyboard.press('ArrowRight');
    expect(
      await card()
        .getByRole('radio', { name: /Ask me/ })
        .isChecked(),
    ).toBe(true);
    await card().getByRole('checkbox', { name: "Accept an application's terms or privacy notice for me" }).focus();
    await page.keyboard.press('Space');
    expect(
      await card()
        .getByRole('checkbox', { name: "Accept an application's terms or privacy notice for me" })
        .isChecked(),
    ).toBe(true);
    const suggested = (await app.api('GET', '/api/settings/choices', { token: user.token })).body.suggestion as string;
    await card().getByRole('button', { name: 'Use this suggestion' }).focus();
    await page.keyboard.press('Enter');
    expect(await card().getByLabel('Default message').inputValue()).toBe(suggested);
    // Nothing is stored before the founder saves.
    expect((await app.api('GET', '/api/settings/choices', { token: user.token })).body).toMatchObject({
      optIns: 'no',
      acceptTerms: false,
      defaultMessage: null,
    });
    await card().getByLabel('Default message').press('End');
    await page.keyboard.type(' Thank you.');
    await card().getByRole('button', { name: 'Save choices' }).click();
    await page.getByText('Application choices saved').first().waitFor();
    await expect
      .poll(async () => (await app.api('GET', '/api/settings/choices', { token: user.token })).body, {
        timeout: 10_000,
      })
      .toMatchObject({ optIns: 'ask', acceptTerms: true, defaultMessage: `${suggested} Thank you.` });
    await shootCard('choices-saved-1280-light.png');

    await page.reload();
    await card()
      .getByRole('radio', { name: /Ask me/ })
      .waitFor();
    expect(
      await card()
        .getByRole('radio', { name: /Ask me/ })
        .isChecked(),
    ).toBe(true);
    expect(
      await card()
        .getByRole('checkbox', { name: "Accept an application's terms or privacy notice for me" })
        .isChecked(),
    ).toBe(true);
    expect(await card().getByLabel('Default message').inputValue()).toBe(`${suggested} Thank you.`);
  });

  it('reads at 375 px and in the dark theme', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await shootCard('choices-375-light.png');
    await page.evaluate(() => localStorage.setItem('fundflow-theme', 'dark'));
    await page.reload();
    await card()
      .getByRole('radio', { name: /Ask me/ })
      .waitFor();
    await shootCard('choices-375-dark.png');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shootCard('choices-1280-dark.png');
    // No part of the card is wider than a phone's screen.
    await page.setViewportSize({ width: 375, height: 812 });
    const width = await card().evaluate((el) => el.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
