import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SavedSearch } from '@fp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';

/**
 * Issue 16: saved searches with new-match counts. A founder saves "firms in Germany"; an import
 * adds two German firms and moves one from France to Germany; the list shows 3 new; opening it
 * shows them and clears the count. Names are unique, other founders get 404, bad filters 400.
 */
let app: TestApp;
let a: { id: string; token: string };
let b: { id: string; token: string };
const meta = () => ({ now: new Date(), actor: 'operator:test' });
const HEADER =
  'slug,name,fundraisingfox_url,domain,firm_type,hq_city,hq_country,founded_year,stages,sectors,check_min_usd,check_max_usd,check_size_source,leads_rounds,portfolio_count,exit_count,led_rounds';
const firm = (slug: string, name: string, country: string) =>
  `${slug},${name},https://fundraisingfox.example/firms/${slug},${slug}.example,vc,,${country},,seed,saas,,,,,,,`;

async function load(rows: string[]) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'fp-saved-')), 'firms.csv');
  writeFileSync(file, [HEADER, ...rows].join('\n'));
  const r = await app.services.catalog.importFirms({ source: 'fundraisingfox', file, dataDate: '2026-11-01' }, meta());
  await app.services.catalog.waitUntilLoaded(r.checkpoint, 60_000);
}

const emailOf = async (userId: string) =>
  (await app.ctx.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow())
    .email as string;
const matchMails = async (userId: string) =>
  (await app.services.mail.list({ to: await emailOf(userId) })).filter((m) => m.template === 'saved-search-matches');
const list = async (token: string) =>
  (await app.api('GET', '/api/saved-searches', { token })).body.savedSearches as SavedSearch[];

beforeAll(async () => {
  app = await startTestApp();
  await load([
    firm('rhein-capital', 'Rhein Capital', 'Germany'),
    firm('spree-ventures', 'Spree Ventures', 'Germany'),
    firm('seine-partners', 'Seine Partners', 'France'),
  ]);
  a = await app.createUser();
  b = await app.createUser();
}, 120_000);
afterAll(async () => app?.close());

describe('saved searches', () => {
  let saved: SavedSearch;

  it('saves a search: what it matches now is seen, none new', async () => {
    const r = await app.api('POST', '/api/saved-searches', {
      token: a.token,
      body: { name: 'German seed funds', kind: 'vc', query: { country: ['Germany'] } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    saved = r.body;
    expect(saved).toMatchObject({
      name: 'German seed funds',
      kind: 'vc',
      query: { country: ['Germany'] },
      total: 2,
      newMatches: 0,
    });
    expect(await list(a.token)).toEqual([saved]);
  });

  it('counts the firms an import made match as new, and opening the search clears the count', async () => {
    await load([
      firm('rhein-capital', 'Rhein Capital', 'Germany'),
      firm('spree-ventures', 'Spree Ventures', 'Germany'),
      firm('seine-partners', 'Seine Partners', 'Germany'), // moved from France
      firm('isar-fund', 'Isar Fund', 'Germany'),
      firm('elbe-growth', 'Elbe Growth', 'Germany'), // new
    ]);
    const [now] = await list(a.token);
    expect(now).toMatchObject({ id: saved.id, total: 5, newMatches: 3 });

    // The daily e-mail tells the founder once about these three, however often it runs.
    const day = new Date();
    await app.services.savedSearches.notifyNewMatches(day);
    await app.services.savedSearches.notifyNewMatches(day);
    await app.services.savedSearches.notifyNewMatches(new Date(day.getTime() + 86_400_000));
    await app.ctx.projections.waitFor(undefined, 10_000);
    const mails = await matchMails(a.id);
    expect(mails.map((m) => m.subject)).toEqual(['3 new investors match “German seed funds”']);
    const text = (await app.services.mail.get(mails[0]!.id))!.text;
    expect(text).toContain('- German seed funds: 3 new investors');
    expect(text).toContain(`Open your dashboard: ${app.ctx.config.publicUrl}/`);
    expect(await matchMails(b.id)).toEqual([]);

    const opened = await app.api('POST', `/api/saved-searches/${saved.id}/open`, { token: a.token });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ id: saved.id, query: { country: ['Germany'] }, total: 5, newMatches: 3 });
    expect(Date.parse(opened.body.lastOpenedAt)).toBeGreaterThan(Date.parse(saved.lastOpenedAt));
    expect((await list(a.token))[0]).toMatchObject({ total: 5, newMatches: 0 });
  });

  it('e-mails about a match that is new again after the search was opened, the next day', async () => {
    await load([
      firm('rhein-capital', 'Rhein Capital', 'Germany'),
      firm('spree-ventures', 'Spree Ventures', 'Germany'),
      firm('seine-partners', 'Seine Partners', 'Germany'),
      firm('isar-fund', 'Isar Fund', 'Germany'),
      firm('elbe-growth', 'Elbe Growth', 'Germany'),
      firm('main-kapital', 'Main Kapital', 'Germany'),
    ]);
    await app.services.savedSearches.notifyNewMatches(new Date(Date.now() + 2 * 86_400_000));
    await app.ctx.projections.waitFor(undefined, 10_000);
    expect((await matchMails(a.id)).map((m) => m.subject).sort()).toEqual([
      '1 new investor match “German seed funds”',
      '3 new investors match “German seed funds”',
    ]);
  });

  it('renames; a name already used is refused; bad input gets a clear 400', async () => {
    const renamed = await app.api('PATCH', `/api/saved-searches/${saved.id}`, {
      token: a.token,
      body: { name: 'Germany, seed' },
    });
    expect(renamed.body).toMatchObject({ id: saved.id, name: 'Germany, seed' });
    const second = await app.api('POST', '/api/saved-searches', {
      token: a.token,
      body: { name: 'France', kind: 'vc', query: { country: 'France' } },
    });
    expect(second.status).toBe(201);
    expect(second.body.total).toBe(0);
    const clash = await app.api('PATCH', `/api/saved-searches/${second.body.id}`, {
      token: a.token,
      body: { name: 'germany, SEED' },
    });
    expect(clash).toMatchObject({ status: 409, body: { error: 'You already have a saved search with this name' } });

    const before = await app.writes();
    for (const [body, error] of [
      [{ name: '', kind: 'vc', query: {} }, 'name is required'],
      [{ name: 'X', kind: 'people', query: {} }, 'kind must be one of: vc, angel'],
      [{ name: 'X', kind: 'vc', query: { lastInvestmentFrom: 'yesterday' } }, /lastInvestmentFrom/],
      [{ name: 'X', kind: 'vc', query: { colour: 'red' } }, /colour|Unrecognized/i],
      [{ name: 'X', kind: 'vc', query: {}, extra: 1 }, /extra|Unrecognized/i],
    ] as const) {
      const r = await app.api('POST', '/api/saved-searches', { token: a.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toMatch(error);
    }
    expect(await app.writes()).toBe(before);
  });

  it('gives another founder nothing of it: 404 on each route, an empty list', async () => {
    for (const [method, p, body] of [
      ['PATCH', `/api/saved-searches/${saved.id}`, { name: 'Mine now' }],
      ['POST', `/api/saved-searches/${saved.id}/open`, undefined],
      ['DELETE', `/api/saved-searches/${saved.id}`, undefined],
    ] as const) {
      const r = await app.api(method, p, { token: b.token, body });
      expect(r, `${method} ${p}`).toMatchObject({ status: 404, body: { error: 'Saved search not found' } });
    }
    expect(await list(b.token)).toEqual([]);
    expect((await app.api('GET', '/api/saved-searches')).status).toBe(401);
  });

  it('keeps every search through a rebuild of the projections; a deleted one is gone', async () => {
    const before = await list(a.token);
    await app.ctx.projections.rebuild('saved_searches');
    expect(await list(a.token)).toEqual(before);
    const del = await app.api('DELETE', `/api/saved-searches/${saved.id}`, { token: a.token });
    expect(del.body).toEqual({ success: true });
    expect((await list(a.token)).map((s) => s.name)).toEqual(['France']);
    expect((await app.api('POST', `/api/saved-searches/${saved.id}/open`, { token: a.token })).status).toBe(404);
  });
});
