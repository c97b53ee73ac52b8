import type { DeckLinkEvent, DeckRoomAnalytics, DeckRoomSummary } from '@fp/contracts';
import { deckLinkStream } from '@fp/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { COMPLETE_PROFILE } from './submissions-helpers';
import { deckPdf } from './support/deck-pdf';

/**
 * Data rooms: several PDFs behind one deck link, optionally behind an NDA. An NDA room records the
 * acceptance (time, name, e-mail, exact text) and serves nothing without it; per-document figures
 * match a scripted reader; another founder gets 404 on every room route; bad input is a 400.
 */
let app: TestApp;
let a: { id: string; email: string; token: string };
let b: { id: string; email: string; token: string };
const NDA =
  'Confidentiality agreement. You keep what you read in this room confidential for two years and use it only to evaluate an investment.';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
vi.setConfig({ testTimeout: 180_000 });
const settle = () => app.ctx.projections.waitFor(undefined, 60_000);
const tokenOf = (url: string) => /\/d\/([A-Za-z0-9_-]{43})$/.exec(url)![1]!;

async function upload(token: string, roomId: string, name: string, bytes: Buffer) {
  const res = await fetch(`${app.url}/api/deck-rooms/${roomId}/documents?name=${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: (await res.json()) as DeckRoomSummary & { error?: string } };
}
async function room(body: Record<string, unknown>, token = a.token) {
  const r = await app.api('POST', '/api/deck-rooms', { token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as DeckRoomSummary;
}
async function link(roomId: string, body: Record<string, unknown> = {}) {
  const r = await app.api('POST', `/api/deck-rooms/${roomId}/links`, { token: a.token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: r.body.id as string, t: tokenOf(r.body.url) };
}
const analytics = async (roomId: string) =>
  (await app.api('GET', `/api/deck-rooms/${roomId}/analytics`, { token: a.token })).body as DeckRoomAnalytics;

let nda: DeckRoomSummary;
let deckId: string;
let modelId: string;
let ndaLink: { id: string; t: string };

beforeAll(async () => {
  app = await startTestApp();
  a = await app.createUser();
  b = await app.createUser();
  const p = await app.api('PATCH', '/api/startup-profile', { token: a.token, body: COMPLETE_PROFILE });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  nda = await room({ name: 'Seed round', ndaText: NDA });
  const up1 = await upload(a.token, nda.id, 'deck.pdf', deckPdf(3, 'Seed deck'));
  expect(up1.status, JSON.stringify(up1.body)).toBe(201);
  const up2 = await upload(a.token, nda.id, 'financial-model.pdf', deckPdf(2, 'Financial model'));
  expect(up2.status).toBe(201);
  expect(up2.body.documents.map((d) => d.fileName)).toEqual(['deck.pdf', 'financial-model.pdf']);
  [deckId, modelId] = up2.body.documents.map((d) => d.id) as [string, string];
  ndaLink = await link(nda.id, { requireEmail: true });
}, 120_000);
afterAll(async () => app?.close());

describe('an NDA room', () => {
  it('refuses everything without the acceptance: no entry, no visit, no file bytes', async () => {
    const info = await app.api('GET', `/api/d/${ndaLink.t}`);
    expect(info.status).toBe(200);
    expect(info.body.room).toEqual({ name: 'Seed round', nda: { text: NDA, version: 1 } });
    // No name typed: 401, and nothing recorded.
    const noName = await app.api('POST', `/api/d/${ndaLink.t}/room`, {
      body: { email: 'ann@cedar.example', ndaVersion: 1 },
    });
    expect(noName.status).toBe(401);
    expect(noName.body.error).toMatch(/accept the NDA/);
    // A made-up entry opens no document; the deck route of a room's link opens nothing either.
    const fake = await app.api('POST', `/api/d/${ndaLink.t}/room/not-an-entry/documents/${deckId}/visits`, {});
    expect(fake.status).toBe(401);
    const asDeck = await app.api('POST', `/api/d/${ndaLink.t}/visits`, { body: { email: 'ann@cedar.example' } });
    expect(asDeck.status).toBe(400);
    const file = await fetch(`${app.url}/api/d/${ndaLink.t}/visits/made-up-visit/file`);
    expect(file.status).toBe(404);
    expect(file.headers.get('content-type')).not.toMatch(/pdf/);
    expect((await file.text()).includes('%PDF')).toBe(false);
    await settle();
    expect((await analytics(nda.id)).acceptances).toEqual([]);
    const { events } = await app.ctx.store.readStream(deckLinkStream(ndaLink.id));
    expect(events.map((e) => e.type)).toEqual(['DeckLinkCreated']);
  });

  it('refuses an acceptance of an NDA that changed since it was shown (409)', async () => {
    const r = await app.api('POST', `/api/d/${ndaLink.t}/room`, {
      body: { email: 'ann@cedar.example', ndaName: 'Ann Lee', ndaVersion: 0 },
    });
    expect(r.status).toBe(409);
  });

  it('records the acceptance (time, name, e-mail, exact text) and then opens the documents', async () => {
    const before = Date.now();
    const r = await app.api('POST', `/api/d/${ndaLink.t}/room`, {
      body: { email: 'ann@cedar.example', ndaName: '  Ann Lee ', ndaVersion: 1 },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.documents.map((d: { fileName: string }) => d.fileName)).toEqual(['deck.pdf', 'financial-model.pdf']);
    const { events } = await app.ctx.store.readStream(deckLinkStream(ndaLink.id));
    const entered = (events as unknown as DeckLinkEvent[]).find((e) => e.type === 'DeckRoomEntered');
    expect(entered?.data).toMatchObject({
      entryId: r.body.entryId,
      email: 'ann@cedar.example',
      nda: { name: 'Ann Lee', text: NDA },
    });
    expect(Date.parse((entered!.data as { at: string }).at)).toBeGreaterThanOrEqual(before - 1000);
    await settle();
    const an = await analytics(nda.id);
    expect(an.acceptances).toEqual([
      expect.objectContaining({ name: 'Ann Lee', email: 'ann@cedar.example', ndaText: NDA, linkId: ndaLink.id }),
    ]);
    // The entry opens a document; its bytes are that document's.
    const v = await app.api('POST', `/api/d/${ndaLink.t}/room/${r.body.entryId}/documents/${modelId}/visits`, {});
    expect(v.status, JSON.stringify(v.body)).toBe(201);
    expect(v.body.fileName).toBe('financial-model.pdf');
    const file = await fetch(`${app.url}/api/d/${ndaLink.t}/visits/${v.body.visitId}/file`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(deckPdf(2, 'Financial model'))).toBe(true);
    // An entry of one link opens nothing through another link of the same room.
    const other = await link(nda.id, { requireEmail: false });
    const cross = await app.api('POST', `/api/d/${other.t}/room/${r.body.entryId}/documents/${modelId}/visits`, {});
    expect(cross.status).toBe(401);
  });
});

describe('per-document analytics', () => {
  it("match a scripted reader's seconds per page within 20 %, per document", async () => {
    const plain = await room({ name: 'Series A', ndaText: null });
    const up = await upload(a.token, plain.id, 'one-pager.pdf', deckPdf(2, 'One pager'));
    await upload(a.token, plain.id, 'deck.pdf', deckPdf(3, 'Series A deck'));
    const [onePager, deck] = (await app.api('GET', `/api/deck-rooms/${plain.id}`, { token: a.token })).body
      .documents as { id: string }[];
    expect(up.status).toBe(201);
    const l = await link(plain.id, { requireEmail: false });
    const info = await app.api('GET', `/api/d/${l.t}`);
    expect(info.body.room).toEqual({ name: 'Series A', nda: null });
    const entry = await app.api('POST', `/api/d/${l.t}/room`, { body: {} });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    const script: [string, number, [number, number][]][] = [
      [
        deck!.id,
        3,
        [
          [1, 2],
          [2, 1],
          [3, 1],
        ],
      ],
      [onePager!.id, 2, [[1, 1.5]]],
    ];
    for (const [documentId, pageCount, pages] of script) {
      const v = await app.api('POST', `/api/d/${l.t}/room/${entry.body.entryId}/documents/${documentId}/visits`, {
        headers: { 'user-agent': PHONE_UA },
      });
      expect(v.status).toBe(201);
      for (const [page, seconds] of pages) {
        await sleep(seconds * 1000);
        const rep = await app.api('POST', `/api/d/${l.t}/visits/${v.body.visitId}/pages`, {
          body: { pages: [{ page, seconds }], lastPage: page, pageCount },
        });
        expect(rep.status).toBe(204);
      }
    }
    await settle();
    const an = await analytics(plain.id);
    const byDoc = new Map(an.documents.map((d) => [d.documentId, d]));
    for (const [documentId, pageCount, pages] of script) {
      const d = byDoc.get(documentId)!;
      expect(d).toMatchObject({ visits: 1, readers: 1, pageCount });
      for (const [page, seconds] of pages) {
        const got = d.pages.find((p) => p.page === page)!;
        expect(Math.abs(got.avgSeconds - seconds) / seconds, `page ${page}`).toBeLessThanOrEqual(0.2);
        expect(got.reached).toBe(1);
      }
    }
    expect(an.visits).toHaveLength(2);
    expect(an.visits.map((v) => v.documentId).sort()).toEqual([deck!.id, onePager!.id].sort());
    expect(an.visits.every((v) => v.device === 'phone' && v.linkId === l.id)).toBe(true);
    // The deck's alerts ("opened your deck") are not sent for a room's documents.
    const notices = await app.api('GET', '/api/deck-notifications', { token: a.token });
    expect(notices.body.notifications).toEqual([]);
    // The room's visits are not the deck's readers.
    const deckPage = await app.api('GET', '/api/deck-analytics', { token: a.token });
    expect(deckPage.body.readersThisWeek).toBe(0);
    // The room's link is listed with the room, not among the deck's links.
    const rooms = (await app.api('GET', '/api/deck-rooms', { token: a.token })).body.rooms as DeckRoomSummary[];
    expect(rooms.find((r) => r.id === plain.id)!.links.map((x) => x.id)).toEqual([l.id]);
    const deckLinks = (await app.api('GET', '/api/deck-links', { token: a.token })).body.links as { id: string }[];
    expect(deckLinks.some((x) => x.id === l.id)).toBe(false);
    // A removed document opens no more; its figures stay.
    const rm = await app.api('DELETE', `/api/deck-rooms/${plain.id}/documents/${onePager!.id}`, { token: a.token });
    expect(rm.status).toBe(200);
    const again = await app.api(
      'POST',
      `/api/d/${l.t}/room/${entry.body.entryId}/documents/${onePager!.id}/visits`,
      {},
    );
    expect(again.status).toBe(404);
    expect((await analytics(plain.id)).documents.find((d) => d.documentId === onePager!.id)).toMatchObject({
      current: false,
      visits: 1,
    });
  });
});

describe('security and bad input', () => {
  it('another founder gets 404 on every room route, and sees no room', async () => {
    const id = nda.id;
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/deck-rooms/${id}`],
      ['PATCH', `/api/deck-rooms/${id}`, { name: 'Mine now' }],
      ['DELETE', `/api/deck-rooms/${id}/documents/${deckId}`],
      ['POST', `/api/deck-rooms/${id}/links`, {}],
      ['GET', `/api/deck-rooms/${id}/analytics`],
      ['PATCH', `/api/deck-links/${ndaLink.id}`, { enabled: false }],
      ['GET', `/api/deck-links/${ndaLink.id}/analytics`],
      ['DELETE', `/api/deck-links/${ndaLink.id}`],
    ];
    for (const [method, path, body] of routes) {
      const r = await app.api(method, path, { token: b.token, ...(body !== undefined ? { body } : {}) });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    const put = await upload(b.token, id, 'x.pdf', deckPdf(1));
    expect(put.status).toBe(404);
    expect((await app.api('GET', '/api/deck-rooms', { token: b.token })).body.rooms).toEqual([]);
    // Still the founder's, unchanged.
    const mine = (await app.api('GET', `/api/deck-rooms/${id}`, { token: a.token })).body as DeckRoomSummary;
    expect(mine.name).toBe('Seed round');
    expect(mine.documents).toHaveLength(2);
    // Without a session: 401.
    expect((await app.api('GET', '/api/deck-rooms')).status).toBe(401);
  });

  it('answers bad input with 400 and a clear message, never 500', async () => {
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', '/api/deck-rooms', {}, /name/i],
      ['POST', '/api/deck-rooms', { name: '  ' }, /Give the data room a name/],
      ['POST', '/api/deck-rooms', { name: 'X', ndaText: 'short' }, /NDA text is too short/],
      ['POST', '/api/deck-rooms', { name: 'X', extra: 1 }, /./],
      ['PATCH', `/api/deck-rooms/${nda.id}`, {}, /Nothing to change/],
      ['POST', `/api/deck-rooms/${nda.id}/links`, { expiresAt: '2020-01-01T00:00:00Z' }, /future/],
      ['POST', `/api/deck-rooms/${nda.id}/links`, { passcode: 'ab' }, /at least 4/],
      ['POST', `/api/deck-rooms/${nda.id}/links`, { email: 'not-an-email' }, /valid email/],
    ];
    for (const [method, path, body, message] of cases) {
      const r = await app.api(method, path, { token: a.token, body });
      expect(r.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.error).toMatch(message);
    }
    const notPdf = await upload(a.token, nda.id, 'model.xlsx', Buffer.from('not a pdf at all'));
    expect(notPdf.status).toBe(400);
    expect(notPdf.body.error).toMatch(/not a PDF/);
    const noName = await fetch(`${app.url}/api/deck-rooms/${nda.id}/documents`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/pdf' },
      body: new Uint8Array(deckPdf(1)),
    });
    expect(noName.status).toBe(400);
    const viewerBad = await app.api('POST', `/api/d/${ndaLink.t}/room`, {
      body: { email: 'ann@cedar.example', ndaName: 'A', ndaVersion: 'one' },
    });
    expect(viewerBad.status).toBe(400);
    expect(viewerBad.body.error).toBeTruthy();
  });
});
