import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { deckPdf } from './support/deck-pdf';

/**
 * What the public viewer loads to show the first page fast: the link names whose deck it is, the
 * first page comes as an image drawn at upload (only once a visit passed the link's gates), and the
 * PDF is served by byte ranges. The page itself is its own small bundle (viewer.html).
 */
let app: TestApp;
let founder: { id: string; email: string; token: string };
let other: { id: string; email: string; token: string };
const DECK = deckPdf(12, 'Lumen Grid seed deck');

async function uploadDeck(token: string) {
  const res = await fetch(`${app.url}/api/pitch-deck?name=lumen.pdf`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
    body: new Uint8Array(DECK),
  });
  expect(res.status).toBe(200);
}
async function link(body: Record<string, unknown>) {
  const r = await app.api('POST', '/api/deck-links', { token: founder.token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return (r.body.url as string).split('/d/')[1]!;
}
const get = (p: string, headers: Record<string, string> = {}) => fetch(`${app.url}${p}`, { headers });
/** WebP files start with RIFF….WEBP. */
const isWebp = (b: Buffer) => b.subarray(0, 4).toString() === 'RIFF' && b.subarray(8, 12).toString() === 'WEBP';

/** Each page's text, as pdf.js reads it. */
async function pageTexts(bytes: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const out: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    out.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  await doc.destroy();
  return out;
}

beforeAll(async () => {
  app = await startTestApp();
  founder = await app.createUser();
  other = await app.createUser();
  const saved = await app.api('PATCH', '/api/startup-profile', {
    token: founder.token,
    body: { companyName: 'Lumen Grid' },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await uploadDeck(founder.token);
}, 120_000);
afterAll(async () => app?.close());

describe('the deck viewer', () => {
  it("names the founder's company", async () => {
    const t = await link({ requireEmail: false });
    const info = await app.api('GET', `/api/d/${t}`);
    expect(info.body).toMatchObject({ companyName: 'Lumen Grid', requireEmail: false });
  });

  it('shows the first page as an image only after the gates, for that link and visit', async () => {
    const t = await link({ requireEmail: true, passcode: 'orchid-42' });
    // No visit yet: an invented visit id gets nothing.
    expect((await get(`/api/d/${t}/visits/made-up-visit/cover`)).status).toBe(404);
    const wrong = await app.api('POST', `/api/d/${t}/visits`, {
      body: { email: 'ann@fund.example', passcode: 'nope' },
    });
    expect(wrong.status).toBe(403);
    const v = await app.api('POST', `/api/d/${t}/visits`, {
      body: { email: 'ann@fund.example', passcode: 'orchid-42' },
    });
    expect(v.status).toBe(201);
    const cover = await get(`/api/d/${t}/visits/${v.body.visitId}/cover`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/webp');
    expect(cover.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await cover.arrayBuffer());
    expect(isWebp(bytes)).toBe(true);
    expect(bytes.length).toBeGreaterThan(1000);
    // Another link's visit id does not open this link's cover.
    const t2 = await link({ requireEmail: false });
    expect((await get(`/api/d/${t2}/visits/${v.body.visitId}/cover`)).status).toBe(404);
  });

  it('draws the cover on first view when the upload did not leave one', async () => {
    // A deck stored before covers existed: its cover is gone from storage.
    const row = await app.ctx.db
      .selectFrom('pitch_decks')
      .select('storage_key')
      .where('user_id', '=', founder.id)
      .executeTakeFirstOrThrow();
    const cover = path.join(app.ctx.config.dataDir, 'files', row.storage_key.replace(/\.pdf$/, '.cover.webp'));
    expect(existsSync(cover)).toBe(true);
    rmSync(cover);
    const t = await link({ requireEmail: false });
    const v = await app.api('POST', `/api/d/${t}/visits`, { body: {} });
    const drawn = await get(`/api/d/${t}/visits/${v.body.visitId}/cover`);
    expect(drawn.status).toBe(200);
    expect(isWebp(Buffer.from(await drawn.arrayBuffer()))).toBe(true);
    expect(isWebp(readFileSync(cover))).toBe(true);
  });

  it('serves the PDF by byte ranges (206), whole without a Range header, 416 past the end', async () => {
    const t = await link({ requireEmail: false });
    const v = await app.api('POST', `/api/d/${t}/visits`, { body: {} });
    const file = `/api/d/${t}/visits/${v.body.visitId}/file`;
    const whole = await get(file);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(DECK)).toBe(true);
    const part = await get(file, { range: 'bytes=100-1123' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1123/${DECK.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(DECK.subarray(100, 1124))).toBe(true);
    const tail = await get(file, { range: 'bytes=-50' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(DECK.subarray(DECK.length - 50))).toBe(true);
    const past = await get(file, { range: `bytes=${DECK.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${DECK.length}`);
  });

  it("a watermarked link's download carries the viewer's e-mail on every page; a plain one is the file as uploaded", async () => {
    const marked = await link({ requireEmail: true, allowDownload: true, watermark: true });
    const v = await app.api('POST', `/api/d/${marked}/visits`, { body: { email: 'ann@fund.example' } });
    const res = await get(`/api/d/${marked}/visits/${v.body.visitId}/download`);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(DECK)).toBe(false);
    const pages = await pageTexts(bytes);
    expect(pages).toHaveLength(12);
    for (const text of pages) expect(text).toContain('ann@fund.example');
    expect(pages[0]).toContain('Lumen Grid seed deck');

    const plain = await link({ requireEmail: false, allowDownload: true });
    const w = await app.api('POST', `/api/d/${plain}/visits`, { body: {} });
    const original = Buffer.from(await (await get(`/api/d/${plain}/visits/${w.body.visitId}/download`)).arrayBuffer());
    expect(original.equals(DECK)).toBe(true);
  });

  it("keeps the founder's own view a preview, and other founders out", async () => {
    const t = await link({ requireEmail: true });
    const auth = { authorization: `Bearer ${founder.token}` };
    const v = await app.api('POST', `/api/d/${t}/visits`, { body: {}, token: founder.token });
    expect(v.body).toMatchObject({ visitId: 'preview', preview: true });
    expect((await get(`/api/d/${t}/visits/preview/cover`, auth)).status).toBe(200);
    // Another founder's session is no owner: no preview id for them.
    expect((await get(`/api/d/${t}/visits/preview/cover`, { authorization: `Bearer ${other.token}` })).status).toBe(
      404,
    );
  });

  it('serves the viewer its own page, not the app', async () => {
    const t = await link({ requireEmail: false });
    const page = await (await get(`/d/${t}`)).text();
    const app_ = await (await get('/pipeline')).text();
    // The built screens (npm test builds them first).
    expect(app_).toContain('<div id="root">');
    expect(page).toContain('<title>Pitch deck · FundFlow</title>');
    expect(page).not.toEqual(app_);
    expect(page).toMatch(/assets\/viewer-[\w-]+\.js/);
  });
});
