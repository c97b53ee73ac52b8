// Issue 26, item 7: an import large enough to be a bulk change for the in-process search index
// (more than 5,000 changed documents, fewer than the memory holds: merged in). The new firms are found through the API from the moment
// the projection has committed them (from the tables while the memory catches up, then from the
// memory), readiness says "search index loading" until the memory has merged them, and liveness
// stays up throughout.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogging } from '../src/platform/logging';
import { startTestApp, type TestApp } from '../src/testing/app';
import { COMPLETE_PROFILE } from './submissions-helpers';

const meta = () => ({ now: new Date(), actor: 'test' });
const FIRMS = 6_000;
// More than the import, so the memory merges the import's rows instead of reading everything again.
const SEEDED = 8_000;
const HEADER =
  'slug,name,fundraisingfox_url,domain,firm_type,hq_city,hq_country,founded_year,stages,sectors,check_min_usd,check_max_usd,check_size_source,leads_rounds,portfolio_count,exit_count,led_rounds';

let app: TestApp;
let token: string;
/** The app's log lines: the index says how it caught up. */
const lines: string[] = [];

beforeAll(async () => {
  app = await startTestApp({
    logging: createLogging({
      role: 'all',
      level: 'info',
      format: 'json',
      destination: { write: (line: string) => void lines.push(line) },
    }),
  });
  const r = await app.services.catalog.seed({ vc: SEEDED, angels: 0, seed: 6 }, meta());
  await app.services.catalog.waitUntilLoaded(r.checkpoint, 120_000);
  token = (await app.createUser()).token;
  const profiled = await app.api('PATCH', '/api/startup-profile', { token, body: COMPLETE_PROFILE });
  expect(profiled.status, JSON.stringify(profiled.body)).toBe(200);
}, 240_000);
afterAll(async () => app?.close());

/** A Fundraising Fox release of `n` firms named "Okapi …", on reserved names. */
function release(n: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'fp-okapi-'));
  const lines = [HEADER];
  for (let i = 0; i < n; i++) {
    const slug = `okapi-${i}`;
    lines.push(
      `${slug},Okapi Fund ${i},https://fundraisingfox.example/firms/${slug},${slug}.example,vc,Berlin,${i % 2 ? 'DE' : 'FR'},,seed; series_a,fintech,${100_000 + (i % 7) * 50_000},2000000,website,True,,,`,
    );
  }
  const file = join(dir, 'okapi.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const search = async (query: string) => {
  const r = await app.api('GET', `/api/vc-firms?${query}`, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { firms: Array<{ id: string; vcName: string }>; total: number };
};

describe('search index during an import', () => {
  it('finds the imported firms at once; readiness says loading until the memory has them; liveness stays up', async () => {
    await expect
      .poll(async () => (await app.api('GET', '/api/ready')).status, { timeout: 60_000, interval: 250 })
      .toBe(200);
    expect((await search('search=okapi')).total).toBe(0);

    const loadsBefore = lines.filter((l) => l.includes('in-process index loaded')).length;
    const r = await app.services.catalog.importFirms(
      { source: 'fundraisingfox', file: release(FIRMS), dataDate: '2026-11-01' },
      meta(),
    );
    expect(r.imported).toBe(FIRMS);
    // The projection has the firms; nothing waited for the in-process index.
    await app.ctx.projections.waitFor(r.checkpoint, 180_000);

    // Readiness notices the bulk change itself (its check is the index's catch-up, which starts the
    // merge and answers "loading" before it runs), so its first answer now is "not ready". On a busy
    // machine the whole check may outlast readiness's 1.5 s instead: not ready as well.
    const NOT_READY =
      /^(search index loading: (starting|[\d,]+ of [\d,]+ documents read)|the engines did not answer within)/;
    const first = await app.api('GET', '/api/ready');
    expect(first.status, JSON.stringify(first.body)).toBe(503);
    expect(first.body.reasons.join(' ')).toMatch(NOT_READY);
    expect((await app.api('GET', '/api/health')).status).toBe(200);

    // No window where the new firms are missing: every answer has all of them, in any order asked.
    const t0 = Date.now();
    for (;;) {
      const ready = await app.api('GET', '/api/ready');
      expect((await search('search=okapi&limit=5')).total).toBe(FIRMS);
      expect((await search('search=okapi%20fund&country=Germany&limit=5')).total).toBe(FIRMS / 2);
      expect((await search('search=okapi&sort=fit&limit=5')).total).toBe(FIRMS);
      expect((await app.api('GET', '/api/health')).status).toBe(200);
      if (ready.status === 200) break;
      expect(ready.body.reasons.join(' ')).toMatch(NOT_READY);
      expect(Date.now() - t0, `still not ready: ${JSON.stringify(ready.body)}`).toBeLessThan(180_000);
      await new Promise((done) => setTimeout(done, 200));
    }

    // Ready: the memory answers, with the imported firms in words, filters, order and the fit order.
    const page = await search('search=okapi%20fund%201234');
    expect(page.firms.map((f) => f.vcName)).toEqual(['Okapi Fund 1234']);
    expect((await search('search=okapi&country=France&limit=1')).total).toBe(FIRMS / 2);
    const fit = await search('search=okapi&sort=fit&limit=3');
    expect(fit.total).toBe(FIRMS);
    expect(fit.firms).toHaveLength(3);
    // The firms already there are still found.
    expect((await search('limit=1')).total).toBe(SEEDED + FIRMS);
    // The memory merged the import's rows into what it held: it did not read the catalog again.
    const merged = lines.filter((l) => l.includes('in-process index merged'));
    expect(
      merged.length,
      lines.filter((l) => l.includes('[search]') || l.includes('in-process')).join('\n'),
    ).toBeGreaterThan(0);
    expect(
      merged.some(
        (l) =>
          /merged [\d,]+ changed documents/.test(l) &&
          Number(/merged ([\d,]+)/.exec(l)![1]!.replace(/,/g, '')) >= FIRMS,
      ),
    ).toBe(true);
    expect(lines.filter((l) => l.includes('in-process index loaded')).length).toBe(loadsBefore);
  }, 600_000);
});
