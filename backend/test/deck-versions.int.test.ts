import type { DeckAnalytics } from '@fp/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { deckPdf } from './support/deck-pdf';

/**
 * Issue 27, item 3: figures per deck version. A link always serves the founder's current deck; each
 * visit counts for the version it read; GET /api/deck-analytics gives every version's totals and one
 * version's page figures (?deckId=, default the current deck), kept by the projection (the same after a
 * rebuild) and recounted when old visits leave by the retention. Another founder gets 404.
 */
let app: TestApp;
let a: { id: string; email: string; token: string };
let b: { id: string; email: string; token: string };
const V1 = deckPdf(3, 'Acme seed deck v1');
const V2 = deckPdf(4, 'Acme seed deck v2');

beforeAll(async () => {
  app = await startTestApp();
  a = await app.createUser();
  b = await app.createUser();
}, 120_000);
afterAll(async () => app?.close());

async function upload(bytes: Buffer, name: string): Promise<string> {
  const res = await fetch(`${app.url}/api/pitch-deck?name=${name}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/pdf' },
    body: new Uint8Array(bytes),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { current: { id: string } }).current.id;
}
/** One visit through the viewer's API: the file it was served, then a report of its pages. */
async function read(t: string, pages: { page: number; seconds: number }[], lastPage: number, pageCount: number) {
  const v = await app.api('POST', `/api/d/${t}/visits`, { body: { email: 'gp@fund.example' } });
  expect(v.status, JSON.stringify(v.body)).toBe(201);
  const file = Buffer.from(await (await fetch(`${app.url}/api/d/${t}/visits/${v.body.visitId}/file`)).arrayBuffer());
  const r = await app.api('POST', `/api/d/${t}/visits/${v.body.visitId}/pages`, {
    body: { pages, lastPage, pageCount },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(204);
  return file;
}
const analytics = async (token: string, deckId?: string) =>
  app.api('GET', deckId ? `/api/deck-analytics?deckId=${encodeURIComponent(deckId)}` : '/api/deck-analytics', {
    token,
  });
// Generous: on a loaded machine (2 cores, many test runs) every projection of the app lags behind,
// and a test may wait for the read side a few times.
vi.setConfig({ testTimeout: 180_000 });
const settle = () => app.ctx.projections.waitFor(undefined, 60_000);

describe('figures per deck version', () => {
  it('counts each visit for the version it read; the page figures of any version; 404 for another founder', async () => {
    const v1 = await upload(V1, 'v1.pdf');
    const link = await app.api('POST', '/api/deck-links', { token: a.token, body: {} });
    const t = /\/d\/([A-Za-z0-9_-]{43})$/.exec(link.body.url)![1]!;
    expect(
      await read(
        t,
        [
          { page: 1, seconds: 1.5 },
          { page: 2, seconds: 0.5 },
        ],
        2,
        3,
      ),
    ).toEqual(V1);
    expect(await read(t, [{ page: 1, seconds: 1 }], 1, 3)).toEqual(V1);

    const v2 = await upload(V2, 'v2.pdf');
    // The same link now serves the new version.
    expect(
      await read(
        t,
        [
          { page: 1, seconds: 1 },
          { page: 4, seconds: 1 },
        ],
        4,
        4,
      ),
    ).toEqual(V2);
    await settle();

    const current = await analytics(a.token);
    expect(current.status).toBe(200);
    const now = current.body as DeckAnalytics;
    expect(now).toMatchObject({ deck: { id: v2, fileName: 'v2.pdf' }, pageCount: 4, visits: 1, readers: 1 });
    expect(now.pages).toEqual([
      { page: 1, reached: 1, avgSeconds: 1 },
      { page: 2, reached: 1, avgSeconds: 0 },
      { page: 3, reached: 1, avgSeconds: 0 },
      { page: 4, reached: 1, avgSeconds: 1 },
    ]);
    expect(now.versions).toEqual([
      expect.objectContaining({ deckId: v2, fileName: 'v2.pdf', current: true, visits: 1, readers: 1, pageCount: 4 }),
      expect.objectContaining({ deckId: v1, fileName: 'v1.pdf', current: false, visits: 2, readers: 1, pageCount: 3 }),
    ]);

    const old = (await analytics(a.token, v1)).body as DeckAnalytics;
    expect(old).toMatchObject({ deck: { id: v1, fileName: 'v1.pdf' }, pageCount: 3, visits: 2, readers: 1 });
    // Page 1: both visits, (1.5 + 1) / 2; page 2: the first only; page 3: nobody got there.
    expect(old.pages).toEqual([
      { page: 1, reached: 2, avgSeconds: 1.3 },
      { page: 2, reached: 1, avgSeconds: 0.5 },
      { page: 3, reached: 0, avgSeconds: 0 },
    ]);

    expect(await analytics(a.token, 'no-such-deck')).toMatchObject({
      status: 404,
      body: { error: 'Deck version not found' },
    });
    expect(await analytics(b.token, v1)).toMatchObject({ status: 404, body: { error: 'Deck version not found' } });
    expect((await analytics(b.token)).body).toMatchObject({ deck: null, visits: 0, versions: [] });
    expect((await app.api('GET', '/api/deck-analytics?deckId=')).status).toBe(401);
  });

  it('a rebuild gives the same figures; the retention recounts them from the visits that stay', async () => {
    const before = (await analytics(a.token)).body as DeckAnalytics;
    await app.ctx.projections.rebuild('deck_links');
    await settle();
    expect((await analytics(a.token)).body).toEqual(before);

    expect(await app.services.deckLinks.purgeOldVisits(new Date(Date.now() + 400 * 86_400_000))).toBe(3);
    const after = (await analytics(a.token)).body as DeckAnalytics;
    expect(after).toMatchObject({ visits: 0, readers: 0, pages: [] });
    expect(after.versions.map((v) => v.visits)).toEqual([0, 0]);
  });
});
