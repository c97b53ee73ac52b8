/**
 * Pitch deck end to end, in real Chromium against the built app, the real backend, the
 * DBOS engine and the sandbox: upload a deck in Settings with the keyboard (a non-PDF is refused),
 * see it and its history, submit to a firm whose form requires a deck file, open the details and
 * see the proof (confirmation, the request that sent the form, the screenshot) and download it.
 * Saves screenshots (1280 and 375 px, dark and light) to frontend/screenshots/ with E2E_SHOTS=1.
 *
 * Run: npm run build && npx vitest run --project e2e frontend/test/pitch-deck.e2e.test.ts
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import {
  confirmSpend,
  DIST_INDEX,
  type E2eTestApp,
  releaseChromium,
  sharedChromium,
  SHOTS,
  signInThroughScreen,
  TEST_APP_MODULE,
  screenshot,
} from './support';

type TestApp = E2eTestApp;

const here = path.dirname(fileURLToPath(import.meta.url));

/** A small valid PDF written here (the server judges the bytes: %PDF- header, %%EOF trailer). */
function pdf(title: string): Buffer {
  const text = `BT /F1 24 Tf 72 700 Td (${title}) Tj ET`;
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >> endobj',
    `4 0 obj << /Length ${text.length} >> stream\n${text}\nendstream endobj`,
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n');
  return Buffer.from(`${body}\n`, 'latin1');
}

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: { id: string; email: string; token: string };

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<TestApp>;
  };
  app = await startTestApp({ config: { workerConcurrency: 1 } });
  browser = await sharedChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  // Playwright intercepts file choosers only once a listener exists (set up asynchronously): one from
  // the start, so that a chooser opened right after `waitForEvent` is never shown natively instead.
  page.on('filechooser', () => undefined);
  user = await app.createUser();
  expect(
    (await app.api('PATCH', '/api/startup-profile', { token: user.token, body: SAMPLE_COMPLETE_PROFILE })).status,
  ).toBe(200);
  await app.services.credits.grant(user.id, 3, 'e2e credits', null, { now: new Date(), actor: 'test' });
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await context?.close();
  await releaseChromium(browser);
  await app?.close();
});

const deckCard = () => page.getByTestId('pitch-deck');

describe('pitch deck (e2e)', () => {
  it('uploads a deck in Settings with the keyboard, refuses a non-PDF, and shows the deck and its history', async () => {
    await signInThroughScreen(page, app.url, user.email);

    await page.goto(`${app.url}/settings`);
    await deckCard().getByText('No pitch deck yet').waitFor();
    await deckCard().scrollIntoViewIfNeeded();
    await screenshot(page, { path: path.join(SHOTS, 'pitch-deck-empty-1280-dark.png') });

    // A file named .pdf that is not one: the server reads the bytes and says so.
    const upload = deckCard().getByRole('button', { name: 'Upload PDF' });
    await upload.focus();
    let chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (
      await chooser
    ).setFiles({ name: 'deck.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') });
    await expect
      .poll(() => deckCard().getByTestId('pitch-deck-error').innerText())
      .toContain('The file is not a PDF. Upload your pitch deck as a PDF.');

    await upload.focus();
    chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (
      await chooser
    ).setFiles({ name: 'lumibyte-seed-v1.pdf', mimeType: 'application/pdf', buffer: pdf('Lumibyte v1') });
    await deckCard().getByTestId('pitch-deck-current').getByText('lumibyte-seed-v1.pdf').waitFor();
    expect(await deckCard().getByTestId('pitch-deck-error').count()).toBe(0);

    // Replace it: the history shows both uploads and the replacement.
    chooser = page.waitForEvent('filechooser');
    await deckCard().getByRole('button', { name: 'Replace' }).click();
    await (
      await chooser
    ).setFiles({ name: 'lumibyte-seed-v2.pdf', mimeType: 'application/pdf', buffer: pdf('Lumibyte v2, the one sent') });
    await deckCard().getByTestId('pitch-deck-current').getByText('lumibyte-seed-v2.pdf').waitFor();
    const history = deckCard().getByTestId('pitch-deck-history');
    await expect
      .poll(() => history.locator('li').allInnerTexts())
      .toEqual([
        expect.stringMatching(/Replaced\s+lumibyte-seed-v1\.pdf/),
        expect.stringMatching(/Uploaded\s+lumibyte-seed-v2\.pdf/),
        expect.stringMatching(/Uploaded\s+lumibyte-seed-v1\.pdf/),
      ]);
    // What the server holds is what the screen says.
    expect((await app.api('GET', '/api/pitch-deck', { token: user.token })).body.current.fileName).toBe(
      'lumibyte-seed-v2.pdf',
    );

    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((v) => localStorage.setItem('fundflow-theme', v), theme);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.goto(`${app.url}/settings`);
        await deckCard().getByTestId('pitch-deck-current').waitFor();
        await deckCard().scrollIntoViewIfNeeded();
        await screenshot(page, { path: path.join(SHOTS, `pitch-deck-${width}-${theme}.png`) });
      }
    }
    await page.evaluate(() => localStorage.setItem('fundflow-theme', 'dark'));
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('submits to a firm that requires a deck file, and shows and downloads the proof', async () => {
    await page.goto(`${app.url}/test-vc-database`);
    const search = page.getByPlaceholder('Search firms, press Enter');
    await search.fill('Forge Ventures');
    await search.press('Enter');
    await page.getByLabel('Select Forge Ventures').check();
    await page.getByRole('button', { name: 'Submit to 1 Test VC' }).click();
    await confirmSpend(page);
    await page.getByRole('status').filter({ hasText: 'Test Applications Submitted' }).waitFor();

    await page.goto(`${app.url}/submissions`);
    const row = page.getByTestId('submission-row').filter({ hasText: 'Forge Ventures' });
    await expect
      .poll(
        async () => {
          await page.reload();
          return (
            await row
              .getByTestId('status-badge')
              .innerText()
              .catch(() => '')
          ).trim();
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toMatch(/^(Completed|Failed)$/);
    expect((await row.getByTestId('status-badge').innerText()).trim(), await row.innerText()).toBe('Completed');
    // The firm received the deck uploaded in Settings (the sandbox records the file by name and sha256).
    const got = app.runtime.sandbox!.received('forge-ventures');
    expect(got.at(-1)!.fields.deck).toMatch(/^file:lumibyte-seed-v2\.pdf;sha256=[0-9a-f]{64}$/);

    await row.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog');
    const proof = dialog.getByTestId('proof');
    await proof.waitFor();
    await expect
      .poll(() => proof.getByTestId('proof-confirmation').innerText())
      .toMatch(/we received your application/i);
    expect(await proof.getByTestId('proof-request').innerText()).toMatch(
      /POST\s+http:\/\/\S+\/forge-ventures\/apply\s+HTTP 200/,
    );
    await expect
      .poll(() =>
        dialog
          .getByRole('img', { name: /Final screen of the application to Forge Ventures/ })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(100);
    await screenshot(page, { path: path.join(SHOTS, 'pitch-deck-proof-1280-dark.png') });

    const downloading = page.waitForEvent('download');
    await proof.getByRole('button', { name: 'Download proof' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^proof-forge-ventures-.+\.zip$/);
    const zip = readFileSync((await download.path())!);
    expect(zip.subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(zip.includes(Buffer.from('proof.json'))).toBe(true);
    expect(zip.includes(Buffer.from('screenshot.png'))).toBe(true);

    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${app.url}/submissions`);
    await page
      .getByTestId('submission-card')
      .filter({ hasText: 'Forge Ventures' })
      .getByRole('button', { name: 'View Details' })
      .click();
    await page.getByRole('dialog').getByTestId('proof-request').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await screenshot(page, { path: path.join(SHOTS, 'pitch-deck-proof-375-dark.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('adds a CV under Documents with the keyboard, refuses a non-PDF, shows what the server holds and removes it', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.url}/settings`);
    const docs = page.getByTestId('documents');
    const cvRow = docs.getByTestId('document-cv');
    await cvRow.getByText('Not added').waitFor();
    const add = cvRow.getByRole('button', { name: 'Add your CV (PDF)' });
    await add.focus();
    let chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (
      await chooser
    ).setFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') });
    await expect
      .poll(() => cvRow.getByTestId('document-error').innerText())
      .toContain('The file is not a PDF. Upload your CV as a PDF.');

    await add.focus();
    chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: 'ada-lovelace-cv.pdf', mimeType: 'application/pdf', buffer: pdf('Ada CV') });
    await cvRow.getByText(/ada-lovelace-cv\.pdf/).waitFor();
    expect(await cvRow.getByTestId('document-error').count()).toBe(0);
    // The other kinds stay empty, and the deck is untouched.
    await expect.poll(() => docs.getByText('Not added').count()).toBe(3);
    const held = (await app.api('GET', '/api/documents', { token: user.token })).body.documents;
    expect(held.map((d: { kind: string; fileName: string }) => [d.kind, d.fileName])).toEqual([
      ['cv', 'ada-lovelace-cv.pdf'],
    ]);
    expect((await app.api('GET', '/api/pitch-deck', { token: user.token })).body.current.fileName).toBe(
      'lumibyte-seed-v2.pdf',
    );

    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((v) => localStorage.setItem('fundflow-theme', v), theme);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.goto(`${app.url}/settings`);
        await page
          .getByTestId('document-cv')
          .getByText(/ada-lovelace-cv/)
          .waitFor();
        await page.getByTestId('documents').scrollIntoViewIfNeeded();
        await screenshot(page, { path: path.join(SHOTS, `documents-${width}-${theme}.png`) });
      }
    }
    await page.evaluate(() => localStorage.setItem('fundflow-theme', 'dark'));
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByTestId('document-cv').getByRole('button', { name: 'Remove your CV' }).click();
    await page.getByTestId('document-cv').getByText('Not added').waitFor();
    expect((await app.api('GET', '/api/documents', { token: user.token })).body.documents).toEqual([]);
  });
});
