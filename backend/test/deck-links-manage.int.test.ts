import type {
  DeckAnalytics,
  DeckLinkAnalytics,
  DeckLinkSummary,
  InvestorUpdateDetail,
  InvestorUpdatePreview,
} from '@fp/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { COMPLETE_PROFILE, testFirmId } from './submissions-helpers';
import { deckPdf } from './support/deck-pdf';

/**
 * The founder's side of deck links: one investor's visits page by page (device kind, reach,
 * completion) match a scripted reader; every link in one list (name, origin) that can be deleted with
 * its history kept; a turned-off link stays off when an investor update goes to that investor; an
 * expiry in the past is refused; readers count people, not links; another founder gets 404 everywhere.
 */
let app: TestApp;
let a: { id: string; email: string; token: string };
let b: { id: string; email: string; token: string };
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
vi.setConfig({ testTimeout: 180_000 });
const settle = () => app.ctx.projections.waitFor(undefined, 60_000);
const tokenOf = (url: string) => /\/d\/([A-Za-z0-9_-]{43})$/.exec(url)![1]!;
const links = async (token = a.token) =>
  (await app.api('GET', '/api/deck-links', { token })).body.links as DeckLinkSummary[];
async function create(body: Record<string, unknown>, token = a.token) {
  const r = await app.api('POST', '/api/deck-links', { token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: r.body.id as string, url: r.body.url as string, t: tokenOf(r.body.url) };
}
const visit = (t: string, email: string, ua?: string) =>
  app.api('POST', `/api/d/${t}/visits`, { body: { email }, headers: ua ? { 'user-agent': ua } : {} });
const report = (t: string, visitId: string, body: unknown) =>
  app.api('POST', `/api/d/${t}/visits/${visitId}/pages`, { body });
const analytics = async (id: string, query = '', token = a.token) =>
  (await app.api('GET', `/api/deck-links/${id}/analytics${query}`, { token })).body as DeckLinkAnalytics;
async function uploadDeck(token: string, pages: number) {
  const res = await fetch(`${app.url}/api/pitch-deck?name=deck-${pages}.pdf`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
    body: new Uint8Array(deckPdf(pages)),
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  app = await startTestApp();
  a = await app.createUser();
  b = await app.createUser();
  const p = await app.api('PATCH', '/api/startup-profile', { token: a.token, body: COMPLETE_PROFILE });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  await uploadDeck(a.token, 3);
}, 120_000);
afterAll(async () => app?.close());

describe('one investor, page by page', () => {
  it("matches a scripted reader's seconds per page within 20 %, with the device kind, reach and completion", async () => {
    const l = await create({ email: 'ann@cedar.example', name: 'Ann Lee (Cedar Ventures)' });
    const v = await visit(l.t, 'ann@cedar.example', PHONE_UA);
    expect(v.status, JSON.stringify(v.body)).toBe(201);
    const script = [
      [1, 3],
      [2, 1],
    ] as const;
    for (const [page, seconds] of script) {
      await sleep(seconds * 1000);
      expect(
        (await report(l.t, v.body.visitId, { pages: [{ page, seconds }], lastPage: page, pageCount: 3 })).status,
      ).toBe(204);
    }
    await settle();
    const an = await analytics(l.id);
    expect(an.visits).toHaveLength(1);
    const seen = an.visits[0]!;
    expect(seen).toMatchObject({ email: 'ann@cedar.example', device: 'phone', reach: 2, pageCount: 3, completion: 67 });
    expect(seen.downloaded).toBe(false);
    for (const [page, want] of script) {
      const got = seen.pages.find((p) => p.page === page)?.seconds ?? 0;
      expect(Math.abs(got - want) / want, `page ${page}: ${got} s`).toBeLessThanOrEqual(0.2);
    }
    expect(an.pageCount).toBe(3);
    expect(an.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    // Dates filter the visits (days, inclusive); an empty range lists none.
    const today = new Date().toISOString().slice(0, 10);
    expect((await analytics(l.id, `?from=${today}&to=${today}`)).visits).toHaveLength(1);
    expect((await analytics(l.id, '?from=2020-01-01&to=2020-01-02')).visits).toHaveLength(0);
    expect((await app.api('GET', `/api/deck-links/${l.id}/analytics?from=yesterday`, { token: a.token })).status).toBe(
      400,
    );
    // The list names the recipient and says where the link came from.
    expect((await links()).find((x) => x.id === l.id)).toMatchObject({
      name: 'Ann Lee (Cedar Ventures)',
      email: 'ann@cedar.example',
      origin: 'hand',
      visits: 1,
      pagesViewed: 2,
      pageCount: 3,
    });
  });

  it('keeps figures per deck version: a new version starts its own pages, never summed with the old', async () => {
    const u = await app.createUser();
    await uploadDeck(u.token, 3);
    const l = await create({ email: 'gp@versions.example' }, u.token);
    const v1 = (await visit(l.t, 'gp@versions.example')).body.visitId as string;
    await sleep(1200);
    await report(l.t, v1, { pages: [{ page: 3, seconds: 1 }], lastPage: 3, pageCount: 3 });
    await settle();
    const first = await analytics(l.id, '', u.token);
    await uploadDeck(u.token, 5);
    const v2 = (await visit(l.t, 'gp@versions.example')).body.visitId as string;
    await sleep(1200);
    await report(l.t, v2, { pages: [{ page: 1, seconds: 1 }], lastPage: 1, pageCount: 5 });
    await settle();
    const latest = await analytics(l.id, '', u.token);
    expect(latest.deckId).not.toBe(first.deckId);
    expect(latest.versions.map((v) => v.visits)).toEqual([1, 1]);
    expect(latest).toMatchObject({ pageCount: 5 });
    expect(latest.pages.map((p) => p.reached)).toEqual([1, 0, 0, 0, 0]);
    const old = await analytics(l.id, `?deckId=${first.deckId}`, u.token);
    expect(old).toMatchObject({ pageCount: 3 });
    expect(old.pages.map((p) => p.reached)).toEqual([1, 1, 1]);
    // The list's "N of M pages" is of the version the latest visit read: 1 of 5, not 2 pages of 5.
    expect((await links(u.token))[0]).toMatchObject({ pagesViewed: 1, pageCount: 5, deckId: latest.deckId });
  });
});

describe('valid settings only', () => {
  it('refuses an expiry in the past (400, clear message) on create and on change; the future is fine', async () => {
    for (const expiresAt of [
      '2020-01-01T00:00:00Z',
      '2024-01-01T00:00:00Z',
      new Date(Date.now() - 1000).toISOString(),
    ]) {
      const r = await app.api('POST', '/api/deck-links', { token: a.token, body: { expiresAt } });
      expect(r, expiresAt).toMatchObject({ status: 400, body: { error: 'The expiry date must be in the future.' } });
    }
    const l = await create({ expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(
      await app.api('PATCH', `/api/deck-links/${l.id}`, {
        token: a.token,
        body: { expiresAt: '2024-01-01T00:00:00Z' },
      }),
    ).toMatchObject({ status: 400, body: { error: 'The expiry date must be in the future.' } });
    for (const [body, error] of [
      [{ passcode: '12' }, 'The passcode must be at least 4 characters'],
      [{ name: '   ' }, 'Enter the recipient’s name, or leave it empty'],
      [{ email: 'not-an-address' }, 'Please enter a valid email address'],
    ] as const)
      expect(await app.api('POST', '/api/deck-links', { token: a.token, body })).toMatchObject({
        status: 400,
        body: { error },
      });
  });
});

describe('delete', () => {
  it('takes the link off the list and keeps it off; its visits still count for the deck', async () => {
    const l = await create({ email: 'gone@fund.example' });
    expect((await visit(l.t, 'gone@fund.example')).status).toBe(201);
    await settle();
    const before = (await app.api('GET', '/api/deck-analytics', { token: a.token })).body as DeckAnalytics;
    expect((await app.api('DELETE', `/api/deck-links/${l.id}`, { token: a.token })).status).toBe(204);
    expect((await links()).some((x) => x.id === l.id)).toBe(false);
    expect(await visit(l.t, 'gone@fund.example')).toMatchObject({ status: 410 });
    expect(
      (await app.api('PATCH', `/api/deck-links/${l.id}`, { token: a.token, body: { enabled: true } })).status,
    ).toBe(404);
    const after = (await app.api('GET', '/api/deck-analytics', { token: a.token })).body as DeckAnalytics;
    expect(after.visits).toBe(before.visits);
    expect((await analytics(l.id)).visits).toHaveLength(1);
    // Deleting again is harmless.
    expect((await app.api('DELETE', `/api/deck-links/${l.id}`, { token: a.token })).status).toBe(204);
  });
});

describe('readers are people', () => {
  it('counts one investor reading through two links once', async () => {
    const u = await app.createUser();
    await uploadDeck(u.token, 2);
    const one = await create({ email: 'same@fund.example' }, u.token);
    const two = await create({}, u.token);
    const other = await create({ requireEmail: false }, u.token);
    expect((await visit(one.t, 'same@fund.example')).status).toBe(201);
    expect((await visit(two.t, 'Same@Fund.example')).status).toBe(201);
    expect((await app.api('POST', `/api/d/${other.t}/visits`, { body: {} })).status).toBe(201);
    await settle();
    const deck = (await app.api('GET', '/api/deck-analytics', { token: u.token })).body as DeckAnalytics;
    expect(deck).toMatchObject({ visits: 3, readers: 2, readersThisWeek: 2 });
    expect(deck.versions[0]).toMatchObject({ visits: 3, readers: 2 });
  });
});

describe('off means off (investor updates)', () => {
  it('a turned-off link gets no new link from an update; the compose preview says so; Send needs the choice', async () => {
    const firm = testFirmId('atlas-ventures');
    expect(
      (
        await app.api('POST', '/api/pipeline', {
          token: a.token,
          body: { investorId: firm, investorKind: 'vc', stage: 'In conversation' },
        })
      ).status,
    ).toBe(201);
    const l = await create({ investorId: firm, investorKind: 'vc', email: 'gp@atlas.example', name: 'Atlas GP' });
    expect(
      (await app.api('PATCH', `/api/deck-links/${l.id}`, { token: a.token, body: { enabled: false } })).status,
    ).toBe(200);
    const d = (await app.api('POST', '/api/investor-updates', { token: a.token, body: {} }))
      .body as InvestorUpdateDetail;
    const edit = await app.api('PATCH', `/api/investor-updates/${d.id}`, {
      token: a.token,
      body: {
        content: { ...d.content, subject: 'March update', highlights: 'Shipped.' },
        recipients: { stages: ['In conversation'], emails: ['new@fund.example'], addresses: [] },
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const linkCount = async () =>
      Number((await app.ctx.pool.query(`select count(*) as n from deck_links where user_id = $1`, [a.id])).rows[0].n);
    const preview = (
      await app.api('POST', `/api/investor-updates/${d.id}/preview`, {
        token: a.token,
        body: { to: 'gp@atlas.example' },
      })
    ).body as InvestorUpdatePreview;
    expect(preview.linkOff).toEqual([
      expect.objectContaining({ email: 'gp@atlas.example', linkId: l.id, deleted: false, investorId: firm }),
    ]);
    expect(preview.message!.text).not.toContain('/d/');
    const beforeSend = await linkCount();
    // Without the founder's choice, Send is refused and nothing is minted.
    expect(await app.api('POST', `/api/investor-updates/${d.id}/send`, { token: a.token, body: {} })).toMatchObject({
      status: 409,
      body: { error: expect.stringMatching(/deck link turned off/) },
    });
    expect(await linkCount()).toBe(beforeSend);
    const sent = await app.api('POST', `/api/investor-updates/${d.id}/send`, {
      token: a.token,
      body: { withoutOffLinks: true },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await settle();
    // Only the other recipient got a new link; the investor's link is still off.
    expect(await linkCount()).toBe(beforeSend + 1);
    expect((await links()).find((x) => x.id === l.id)).toMatchObject({ enabled: false });
    const detail = (await app.api('GET', `/api/investor-updates/${d.id}`, { token: a.token }))
      .body as InvestorUpdateDetail;
    expect(detail.deliveries.find((x) => x.email === 'gp@atlas.example')).toMatchObject({
      deckLinkId: null,
      deckLinkOff: true,
    });
    expect(detail.deliveries.find((x) => x.email === 'new@fund.example')).toMatchObject({ deckLinkOff: false });
    // The new link for the other recipient says where it came from.
    expect((await links()).find((x) => x.email === 'new@fund.example')).toMatchObject({ origin: 'update' });
  });
});

describe('another founder', () => {
  it('gets 404 on every link route', async () => {
    const l = await create({ email: 'private@fund.example' });
    for (const [method, path, body] of [
      ['PATCH', `/api/deck-links/${l.id}`, { enabled: false }],
      ['DELETE', `/api/deck-links/${l.id}`, undefined],
      ['GET', `/api/deck-links/${l.id}/analytics`, undefined],
      ['GET', `/api/deck-links/${l.id}/analytics?from=2026-01-01`, undefined],
    ] as const) {
      const r = await app.api(method, path, { token: b.token, body });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    expect((await links(b.token)).some((x) => x.id === l.id)).toBe(false);
    expect((await links()).find((x) => x.id === l.id)).toMatchObject({ enabled: true });
    for (const [method, path] of [
      ['DELETE', `/api/deck-links/${l.id}`],
      ['GET', `/api/deck-links/${l.id}/analytics`],
    ] as const)
      expect((await app.api(method, path)).status, `${method} ${path} without a session`).toBe(401);
  });
});
