/**
 * Data rooms end to end in Chromium against the built app and the real backend: the founder makes a
 * room on /deck with an NDA (the default text, naming their company) and two PDFs, and shares it; an
 * investor on a 375 px phone reads the NDA, types their name to accept, and reads one document
 * (scripted page times); the founder sees the acceptance (who, when, the text) and that document's
 * visit. Screenshots at 1280 and 375 px, light and dark, under ROOM_SHOTS (default /tmp/deck-rooms-shots).
 *
 * Run: npx turbo run build --filter=@fp/frontend && npx vitest run --project e2e frontend/test/deck-rooms.e2e.test.ts
 */
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIST_INDEX,
  type E2eTestApp,
  releaseChromium,
  sharedChromium,
  signInThroughScreen,
  TEST_APP_MODULE,
  screenshot,
} from './support';

const here = path.dirname(fileURLToPath(import.meta.url));
const DECK_PDF = path.join(here, '..', '..', 'backend', 'test', 'support', 'deck-pdf.ts');
const SHOTS = process.env.ROOM_SHOTS ?? '/tmp/deck-rooms-shots';
mkdirSync(SHOTS, { recursive: true });
const READER = 'maya@cedar.example';
const SIGNER = 'Maya Chen';
const ROOM = 'Acme seed round';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
/** What the investor spends on each page of the financial model (seconds). */
const SCRIPT = [3, 2];

let app: E2eTestApp;
let browser: Browser;
let founderCtx: BrowserContext;
let page: Page;
let user: { id: string; email: string; token: string };
let pdf: (pages: number, title: string) => Buffer;
let linkUrl = '';

const setTheme = (p: Page, theme: 'light' | 'dark') =>
  p.evaluate((t) => {
    localStorage.setItem('fundflow-theme', t);
    const r = document.documentElement;
    r.classList.remove('light', 'dark');
    r.classList.add(t);
    r.style.colorScheme = t;
  }, theme);

/** 1280 and 375 px, light and dark, of the page as it is (no reload: a viewer's step is not repeated). */
async function shots(p: Page, name: string, widths = [1280, 375]) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(p, theme);
    for (const width of widths) {
      await p.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await screenshot(p, { path: path.join(SHOTS, `${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
  await setTheme(p, 'light');
}

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<E2eTestApp>;
  };
  ({ deckPdf: pdf } = (await import(/* @vite-ignore */ DECK_PDF)) as { deckPdf: typeof pdf });
  app = await startTestApp();
  browser = await sharedChromium();
  founderCtx = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: DESKTOP_UA });
  await founderCtx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  page = await founderCtx.newPage();
  page.on('pageerror', (e) => console.error('[pageerror founder]', e.message));
  user = await app.createUser();
  expect(
    (await app.api('PATCH', '/api/startup-profile', { token: user.token, body: SAMPLE_COMPLETE_PROFILE })).status,
  ).toBe(200);
}, 120_000);

afterAll(async () => {
  await releaseChromium(browser);
  await app?.close();
});

describe('data rooms (e2e)', () => {
  it('the founder creates a room with an NDA and two PDFs on /deck and shares it', { timeout: 90_000 }, async () => {
    await signInThroughScreen(page, app.url, user.email);
    await page.getByRole('navigation').getByRole('link', { name: 'Deck' }).click();
    const rooms = page.getByTestId('deck-rooms');
    await rooms.getByText('No data rooms yet.', { exact: false }).waitFor();
    await rooms.getByRole('button', { name: 'New data room' }).click();
    const form = rooms.getByTestId('room-form');
    // The default NDA names the founder's company; it is theirs to edit.
    const nda = form.getByLabel('NDA text');
    await expect.poll(() => nda.inputValue()).toContain('Acme Robotics');
    await form.getByRole('button', { name: 'Create room' }).click();
    await form.getByText('Give the data room a name').waitFor();
    await form.getByLabel('Room name').fill(ROOM);
    await nda.fill(`${await nda.inputValue()}\n\nGoverned by the laws of Delaware.`);
    await form.getByRole('button', { name: 'Create room' }).click();
    const room = rooms.getByTestId('deck-room').filter({ hasText: ROOM });
    await room.getByText('No documents yet.', { exact: false }).waitFor();
    await room.getByTestId('room-file-input').setInputFiles([
      { name: 'seed-deck.pdf', mimeType: 'application/pdf', buffer: pdf(3, 'Acme seed deck') },
      { name: 'financial-model.pdf', mimeType: 'application/pdf', buffer: pdf(2, 'Financial model') },
    ]);
    await expect.poll(() => room.getByTestId('room-document').count(), { timeout: 20_000 }).toBe(2);
    // A file that is not a PDF is refused with the server's message.
    await room.getByTestId('room-file-input').setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('just text'),
    });
    await room.getByText('notes.pdf: The file is not a PDF. Upload a PDF.').waitFor();
    await room.getByRole('button', { name: 'Share room' }).click();
    const linkForm = room.getByTestId('room-link-form');
    await linkForm.getByLabel('Recipient name (optional)').fill('Maya Chen (Cedar Ventures)');
    await linkForm.getByLabel('Recipient e-mail (optional)').fill(READER);
    await linkForm.getByRole('button', { name: 'Create link' }).click();
    const row = room.getByTestId('deck-link').filter({ hasText: 'Maya Chen (Cedar Ventures)' });
    await row.waitFor();
    linkUrl = await row.getByLabel('Deck link').inputValue();
    expect(linkUrl).toMatch(/\/d\/[A-Za-z0-9_-]{43}$/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(linkUrl);
    // Room links are the room's: the deck's own list does not show them.
    expect(await page.getByTestId('deck-links').count()).toBe(0);
  });

  it(
    'an investor on a 375 px phone accepts the NDA by typing their name and reads a document',
    { timeout: 120_000 },
    async () => {
      const phone = await browser.newContext({
        viewport: { width: 375, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: PHONE_UA,
      });
      const reader = await phone.newPage();
      reader.on('pageerror', (e) => console.error('[pageerror reader]', e.message));
      await reader.goto(`${app.url}${new URL(linkUrl).pathname}`);
      const ndaText = reader.getByTestId('nda-text');
      await ndaText.waitFor();
      expect(await ndaText.innerText()).toContain('Governed by the laws of Delaware.');
      expect(await reader.getByTestId('deck-title').innerText()).toBe(`Acme Robotics — ${ROOM}`);
      await shots(reader, 'room-viewer-nda');
      await reader.setViewportSize({ width: 375, height: 740 });
      // Accepting without a name is refused on the screen (and the server would refuse it: 401).
      await reader.getByLabel('Your e-mail address').fill(READER);
      await reader.getByRole('button', { name: 'Accept and open' }).click();
      await reader.getByText('Type your full name to accept the NDA.').waitFor();
      await reader.getByLabel('Type your full name to accept').fill(SIGNER);
      await reader.getByRole('button', { name: 'Accept and open' }).click();
      const list = reader.getByTestId('room-document-list');
      await list.waitFor();
      await shots(reader, 'room-viewer-documents');
      await reader.setViewportSize({ width: 375, height: 740 });
      // Keyboard: the document opens from its button.
      await list.getByRole('button', { name: 'financial-model.pdf' }).focus();
      await reader.keyboard.press('Enter');
      const indicator = reader.getByTestId('page-indicator');
      for (const [i, seconds] of SCRIPT.entries()) {
        await expect.poll(() => indicator.innerText(), { timeout: 30_000 }).toBe(`Page ${i + 1} of 2`);
        await reader.waitForTimeout(seconds * 1000);
        if (i < SCRIPT.length - 1) await reader.getByRole('button', { name: 'Next page' }).click();
      }
      await shots(reader, 'room-viewer-reading', [375]);
      await reader.close({ runBeforeUnload: true });
      await phone.close();
    },
  );

  it("the founder sees the acceptance and the document's visit", { timeout: 120_000 }, async () => {
    // The last report arrives as the reader leaves (keepalive): wait for it on the server first.
    const roomId = (await app.api('GET', '/api/deck-rooms', { token: user.token })).body.rooms[0].id as string;
    await expect
      .poll(
        async () => {
          const an = (await app.api('GET', `/api/deck-rooms/${roomId}/analytics`, { token: user.token })).body;
          return an.visits[0]?.pages?.length ?? 0;
        },
        { timeout: 30_000 },
      )
      .toBe(2);
    await page.goto(`${app.url}/deck`);
    const room = page.getByTestId('deck-room').filter({ hasText: ROOM });
    await room.getByRole('button', { name: new RegExp(ROOM) }).click();
    const acceptance = room.getByTestId('room-acceptance');
    await acceptance.waitFor();
    const accepted = await acceptance.innerText();
    expect(accepted).toContain(SIGNER);
    expect(accepted).toContain(READER);
    const modelRow = room.getByTestId('room-document-row').filter({ hasText: 'financial-model.pdf' });
    await expect.poll(() => modelRow.innerText()).toMatch(/financial-model\.pdf\s+1\s+1/);
    const visit = room.getByTestId('room-visit').first();
    expect(await visit.innerText()).toContain(READER);
    expect(await visit.innerText()).toContain('financial-model.pdf');
    expect(await visit.innerText()).toContain('2 of 2 pages');
    // The page chart is of the read document, its seconds as spent (within 20 %, at least 1 s).
    const seconds = (await room.getByTestId('page-row').allInnerTexts()).map((t) => Number(/(\d+) s/.exec(t)?.[1]));
    expect(seconds).toHaveLength(2);
    for (const [i, want] of SCRIPT.entries())
      expect(Math.abs(seconds[i]! - want), `page ${i + 1}`).toBeLessThanOrEqual(Math.max(1, want * 0.2));
    await shots(page, 'room-founder');
  });
});
