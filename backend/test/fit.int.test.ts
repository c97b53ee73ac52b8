// Fit ranking through the API: GET /api/vc-firms?sort=fit and fitMin, for a founder
// whose profile names stage and industry, and the answer for one whose profile does not.
import { FIT_NEEDS_PROFILE, fitDay, fitScore, fitToday } from '@fp/contracts';
import type { VcFirm } from '@fp/contracts';
import { generateVcFirms } from '@fp/infra';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';

const SEED = 11;
const VC = 400;
const firms: VcFirm[] = [...generateVcFirms({ seed: SEED, count: VC })];
const PROFILE = {
  companyName: 'Ledgerly',
  industry: 'Fintech',
  stage: 'Seed',
  raising: '$500K',
  location: 'Berlin, Germany',
};

let app: TestApp;
let founder: string;
let other: string;
let blank: string;

beforeAll(async () => {
  app = await startTestApp();
  const r = await app.services.catalog.seed({ vc: VC, angels: 0, seed: SEED }, { now: new Date(), actor: 'test' });
  await app.ctx.projections.waitFor(r.checkpoint, 60_000);
  founder = (await app.createUser()).token;
  other = (await app.createUser()).token;
  blank = (await app.createUser()).token;
  expect((await app.api('PATCH', '/api/startup-profile', { token: founder, body: PROFILE })).status).toBe(200);
  const late = {
    companyName: 'Helix Bio',
    industry: 'HealthTech',
    stage: 'Series C',
    raising: '$20M',
    location: 'Austin, United States',
  };
  expect((await app.api('PATCH', '/api/startup-profile', { token: other, body: late })).status).toBe(200);
  // Only an industry: not enough to rank by.
  expect((await app.api('PATCH', '/api/startup-profile', { token: blank, body: { industry: 'Fintech' } })).status).toBe(
    200,
  );
});
afterAll(async () => app?.close());

const get = (path: string, token: string) => app.api('GET', path, { token });
/** The score fitScore gives a firm for a profile today: what the server must rank by. */
const score = (p: typeof PROFILE, f: VcFirm) => fitScore(p, f, fitToday(fitDay(new Date()))).score;
const byFit = (p: typeof PROFILE) => (a: VcFirm, b: VcFirm) => score(p, b) - score(p, a);

describe('VC database: best fit first', () => {
  it("ranks every firm by the founder's fit, highest first, each with its score and reasons", async () => {
    const r = await get('/api/vc-firms?sort=fit', founder);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(VC);
    expect(r.body.firms).toHaveLength(25);
    const best = Math.max(...firms.map((f) => score(PROFILE, f)));
    expect(r.body.firms[0].fit.score).toBe(best);
    for (const f of r.body.firms) {
      const record = firms.find((x) => x.id === f.id)!;
      expect(f.fit).toEqual(fitScore(PROFILE, record, fitToday(fitDay(new Date()))));
      expect(f.fit.reasons.map((x: { factor: string }) => x.factor)).toEqual([
        'stage',
        'sector',
        'check',
        'geography',
        'activity',
      ]);
    }
    const scores = r.body.firms.map((f: { fit: { score: number } }) => f.fit.score);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
    // A stage reason a founder can read, not a code.
    expect(r.body.firms[0].fit.reasons[0]).toMatchObject({ match: 'yes', label: 'Invests at Seed' });
  });

  it('pages through the same ranking with exact totals, and keeps it with text and filters', async () => {
    const ids: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const r = await get(`/api/vc-firms?sort=fit&limit=100&page=${page}`, founder);
      expect(r.body.total).toBe(VC);
      ids.push(...r.body.firms.map((f: VcFirm) => f.id));
    }
    expect(new Set(ids).size).toBe(VC);
    const scores = ids.map((id) =>
      score(
        PROFILE,
        firms.find((f) => f.id === id)!,
      ),
    );
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Text and a country: the same matches as the name order, in fit order.
    const q = 'search=capital&country=United%20States&country=Germany';
    const named = await get(`/api/vc-firms?${q}&limit=100`, founder);
    const fitted = await get(`/api/vc-firms?${q}&limit=100&sort=fit`, founder);
    expect(fitted.body.total).toBe(named.body.total);
    expect(fitted.body.total).toBeGreaterThan(0);
    expect(new Set(fitted.body.firms.map((f: VcFirm) => f.id))).toEqual(
      new Set(named.body.firms.map((f: VcFirm) => f.id)),
    );
    const expected = [...named.body.firms].sort(byFit(PROFILE)).map((f: VcFirm) => score(PROFILE, f));
    expect(fitted.body.firms.map((f: { fit: { score: number } }) => f.fit.score)).toEqual(expected);
  });

  it('keeps only firms fitting at least N (fitMin), in any order, in the list and in Select All', async () => {
    const n = 60;
    const expected = firms
      .filter((f) => score(PROFILE, f) >= n)
      .map((f) => f.id)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(VC);
    const r = await get(`/api/vc-firms?fitMin=${n}&sort=fit&limit=100`, founder);
    expect(r.body.total).toBe(expected.length);
    expect(r.body.firms.every((f: { fit: { score: number } }) => f.fit.score >= n)).toBe(true);
    const named = await get(`/api/vc-firms?fitMin=${n}&limit=100`, founder);
    expect(named.body.total).toBe(expected.length);
    const all = await get(`/api/vc-firms/all-ids?fitMin=${n}`, founder);
    expect([...all.body.vcIds].sort()).toEqual(expected);
  });

  it('ranks for each founder by their own profile', async () => {
    const mine = await get('/api/vc-firms?sort=fit&limit=5', founder);
    const theirs = await get('/api/vc-firms?sort=fit&limit=5', other);
    const late = {
      ...PROFILE,
      industry: 'HealthTech',
      stage: 'Series C',
      raising: '$20M',
      location: 'Austin, United States',
    };
    expect(theirs.body.firms[0].fit.score).toBe(Math.max(...firms.map((f) => score(late, f))));
    expect(theirs.body.firms[0].fit.reasons[0].label).toBe('Invests at Series C');
    expect(mine.body.firms[0].fit.reasons[0].label).toBe('Invests at Seed');
  });

  it('answers a founder whose profile lacks stage or industry with what to do (400), and lists by name without fit', async () => {
    for (const token of [blank, (await app.createUser()).token]) {
      for (const path of ['/api/vc-firms?sort=fit', '/api/vc-firms?fitMin=50', '/api/vc-firms/all-ids?fitMin=50']) {
        const r = await get(path, token);
        expect(r.status, path).toBe(400);
        expect(r.body).toEqual({ error: FIT_NEEDS_PROFILE });
      }
      const plain = await get('/api/vc-firms', token);
      expect(plain.status).toBe(200);
      expect(plain.body.firms[0].fit).toBeUndefined();
    }
    // With a complete profile the name order carries the fit too (the cards show it).
    const named = await get('/api/vc-firms', founder);
    expect(named.body.firms[0].fit.score).toBe(
      score(
        PROFILE,
        firms.find((f) => f.id === named.body.firms[0].id)!,
      ),
    );
  });

  it('refuses bad sort and fitMin values with a clear message', async () => {
    expect((await get('/api/vc-firms?sort=best', founder)).body).toEqual({ error: 'sort must be one of: name, fit' });
    for (const bad of ['101', '-1', '5.5', 'high']) {
      const r = await get(`/api/vc-firms?fitMin=${bad}`, founder);
      expect(r.status, bad).toBe(400);
      expect(r.body).toEqual({ error: 'fitMin must be a whole number from 0 to 100' });
    }
    expect((await get('/api/vc-firms?fitMin=50&fitMin=60', founder)).body).toEqual({
      error: 'fitMin must be given once',
    });
  });

  // Last: it adds firms to the catalog the cases above counted.
  it("ranks an imported firm whose sectors name the founder's industry first, with the sector as a reason", async () => {
    const file = join(import.meta.dirname, 'fixtures/catalog/fundraisingfox-2026-01.csv');
    const r = await app.services.catalog.importFirms(
      { source: 'fundraisingfox', file, dataDate: '2026-01-15' },
      { now: new Date(), actor: 'test' },
    );
    await app.services.catalog.waitUntilLoaded(r.checkpoint, 60_000);
    const top = (await get('/api/vc-firms?sort=fit&limit=3', founder)).body.firms;
    // Northpeak Ventures: Berlin, pre-seed and seed, fintech and SaaS, cheques $100K–$1M.
    expect(top[0].vcName).toBe('Northpeak Ventures');
    expect(top[0].fit.reasons.map((x: { label: string; match: string }) => [x.label, x.match])).toEqual([
      ['Invests at Seed', 'yes'],
      ['Fintech', 'yes'],
      ['Checks $100K–$1M fit your $500K round', 'yes'],
      ['Based in Germany', 'yes'],
      ['Activity unknown', 'unknown'],
    ]);
    expect(top[0].fit.score).toBe(90);
    expect(top[0].fit.confidence).toBe(0.9);
  });
});
