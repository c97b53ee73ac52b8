import { CATALOG_SOURCES_STREAM } from '@fp/contracts';
import type { VcFirm } from '@fp/contracts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError } from '../src/modules/catalog/index';
import { startTestApp, type TestApp } from '../src/testing/app';
import { founder } from './submissions-helpers';

const FIXTURES = join(import.meta.dirname, 'fixtures/catalog');
const file = (name: string) => join(FIXTURES, name);
const meta = () => ({ now: new Date(), actor: 'test' });

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  // A little demo data beside the real imports: a reload of it must not touch imported firms.
  const r = await app.services.catalog.seed({ vc: 50, angels: 0, seed: 6 }, meta());
  await app.ctx.projections.waitFor(r.checkpoint, 60_000);
  token = (await app.createUser()).token;
});
afterAll(async () => app?.close());

async function importFile(
  name: string,
  opts: { source?: 'fundraisingfox' | 'csv'; map?: Record<string, string>; dataDate?: string; dryRun?: boolean } = {},
) {
  const r = await app.services.catalog.importFirms(
    {
      source: opts.source ?? 'fundraisingfox',
      file: file(name),
      map: opts.map,
      dataDate: opts.dataDate ?? '2026-01-15',
      dryRun: opts.dryRun,
    },
    meta(),
  );
  await app.services.catalog.waitUntilLoaded(r.checkpoint, 60_000);
  return r;
}
const search = async (words: string) =>
  (await app.api('GET', `/api/vc-firms?search=${encodeURIComponent(words)}&limit=100`, { token })).body as {
    firms: VcFirm[];
    total: number;
  };
const firm = async (id: string) => (await app.services.catalog.getFirms([id], { test: false }))[0];
const stored = async (id: string) =>
  (
    (await app.ctx.db
      .selectFrom('catalog_vc_firms' as never)
      .select('record' as never)
      .where('id' as never, '=', id as never)
      .executeTakeFirst()) as { record: VcFirm } | undefined
  )?.record;
const logLength = async () => (await app.ctx.store.readStream(CATALOG_SOURCES_STREAM)).events.length;

describe('catalog import: Fundraising Fox', () => {
  it('refuses a file with bad rows whole, with every line and reason, and writes nothing', async () => {
    const err = await app.services.catalog
      .importFirms({ source: 'fundraisingfox', file: file('fundraisingfox-bad-rows.csv') }, meta())
      .catch((e) => e);
    expect(err).toBeInstanceOf(ImportFileError);
    expect(err.rejected).toEqual([
      { line: 5, reason: "check_min_usd is not a number: 'lots'" },
      { line: 8, reason: '12 columns where the header has 17' },
      { line: 10, reason: 'name is empty' },
    ]);
    expect(await logLength()).toBe(0);
  });

  it('refuses a wrong header on line 1 and an unclosed quote with its line', async () => {
    const header = await app.services.catalog
      .importFirms({ source: 'fundraisingfox', file: file('fundraisingfox-bad-header.csv') }, meta())
      .catch((e) => e);
    expect(header.rejected[0].line).toBe(1);
    expect(header.rejected[0].reason).toMatch(/Wrong header/);
    const quote = await app.services.catalog
      .importFirms({ source: 'fundraisingfox', file: file('fundraisingfox-unclosed-quote.csv') }, meta())
      .catch((e) => e);
    expect(quote).toBeInstanceOf(ImportFileError);
    // Line 3 opens a quote that never closes: reported there, not at the end of the file.
    expect(quote.rejected).toEqual([{ line: 3, reason: 'Malformed CSV: a quote opened in this row is never closed' }]);
    expect(await logLength()).toBe(0);
  });

  it('a dry run says what would change and writes nothing', async () => {
    const r = await importFile('fundraisingfox-2026-01.csv', { dryRun: true });
    expect(r).toMatchObject({ imported: 39, updated: 0, unchanged: 0, inactive: 0, dryRun: true });
    expect(await logLength()).toBe(0);
  });

  it('imports a release: search finds the firm with its website, stages, sectors, cheque and attribution; unknown stays unknown', async () => {
    const r = await importFile('fundraisingfox-2026-01.csv');
    expect(r).toMatchObject({ imported: 39, updated: 0, unchanged: 0, inactive: 0, rejected: [] });
    const found = (await search('saltmarsh')).firms;
    expect(found.map((f) => f.vcName)).toEqual(['Saltmarsh Capital']);
    const f = found[0]!;
    expect(f).toMatchObject({
      id: 'd-saltmarsh-capital.example',
      website: 'https://saltmarsh-capital.example',
      city: 'London',
      country: 'United Kingdom',
      primaryInvestorType: 'Venture Capital',
      stagesInvested: ['Seed', 'Series A'],
      sectors: ['climate', 'energy'],
      checkSizeMin: 250,
      checkSizeMax: 2000,
      totalInvestment: 12,
      totalExits: 1,
      leadsRounds: false,
      active: true,
      // Not in the source: unknown, never invented.
      aum: null,
      primaryContactEmail: null,
      phone: null,
      firstName: null,
    });
    expect(f.foundedYear).toBeUndefined();
    expect(f.provenance).toEqual([
      {
        source: 'fundraisingfox',
        sourceName: 'Fundraising Fox Open Dataset',
        licence: 'CC BY 4.0',
        attribution: 'Fundraising Fox Open Dataset, CC BY 4.0',
        recordUrl: 'https://fundraisingfox.example/firms/saltmarsh-capital',
        dataDate: '2026-01-15',
        fields: expect.arrayContaining(['vcName', 'website', 'checkSizeMin']),
      },
    ]);
    // Quirks: a quoted name with a comma, a scheme and www. on the domain, an unknown type code.
    expect((await search('hale marsh')).firms[0]).toMatchObject({
      vcName: 'Hale, Marsh & Co. Capital',
      website: 'https://hale-marsh.example',
      checkSizeMin: 250,
      checkSizeMax: 750,
      foundedYear: 1998,
    });
    expect((await firm('d-kelpie-capital.example'))?.investorType).toBe('Other');
    // An unknown country code is unknown, not a made-up name; no domain: keyed by source and slug.
    expect((await stored('s-fundraisingfox-umbra-ventures'))?.country).toBeNull();
  });

  it('two slugs on one domain are one firm, the newer record filling what the other lacks', async () => {
    const f = await stored('d-northpeak-ventures.example');
    expect(f?.provenance?.map((p) => p.recordUrl)).toEqual([
      'https://fundraisingfox.example/firms/northpeak-ventures',
      'https://fundraisingfox.example/firms/northpeak-ventures-europe',
    ]);
    expect((await search('northpeak')).total).toBe(1);
  });

  it('the same file again changes nothing', async () => {
    const before = await logLength();
    const r = await importFile('fundraisingfox-2026-01.csv');
    expect(r).toMatchObject({ imported: 0, updated: 0, unchanged: 39, inactive: 0 });
    // Only the import's own record (for the sources list): no record or firm event.
    expect(await logLength()).toBe(before + 1);
  });

  it('a newer release updates changed firms and marks the ones that left inactive: hidden from search, kept for submissions', async () => {
    const r = await importFile('fundraisingfox-2026-04.csv', { dataDate: '2026-04-01' });
    expect(r).toMatchObject({ imported: 1, updated: 1, unchanged: 36, inactive: 2 });
    expect((await search('saltmarsh')).firms[0]).toMatchObject({ checkSizeMin: 300, checkSizeMax: 3000 });
    expect((await search('umbra')).total).toBe(0);
    expect(await firm('s-fundraisingfox-umbra-ventures')).toMatchObject({ name: 'Umbra Ventures' });
    expect((await stored('s-fundraisingfox-umbra-ventures'))?.active).toBe(false);
    expect((await search('quayside')).total).toBe(1);
  });

  it('a second source merges by domain, each field keeping its source; a demo reload leaves imported firms alone', async () => {
    const r = await importFile('partner-list.csv', {
      source: 'csv',
      map: {
        name: 'Firm',
        website: 'Website',
        type: 'Type',
        city: 'City',
        country: 'Country',
        checkMinUsd: 'Min cheque (USD)',
        checkMaxUsd: 'Max cheque (USD)',
        stages: 'Stages',
      },
      dataDate: '2026-05-01',
    });
    expect(r).toMatchObject({ imported: 3, updated: 0, unchanged: 0, inactive: 0 });
    const f = await stored('d-saltmarsh-capital.example');
    // The newer CSV gives name and city; the cheque it lacks still comes from Fundraising Fox.
    expect(f).toMatchObject({ vcName: 'Saltmarsh Capital LLP', city: 'London', checkSizeMin: 300, checkSizeMax: 3000 });
    const bySource = Object.fromEntries(f!.provenance!.map((p) => [p.source, p.fields]));
    expect(bySource.csv).toEqual(expect.arrayContaining(['vcName', 'website', 'city', 'country']));
    expect(bySource.fundraisingfox).toEqual(expect.arrayContaining(['checkSizeMin', 'checkSizeMax', 'stagesInvested']));
    expect((await search('glenmore')).total).toBe(1);

    const seeded = await app.services.catalog.seed({ vc: 20, angels: 0, seed: 7 }, meta());
    await app.services.catalog.waitUntilLoaded(seeded.checkpoint, 60_000);
    expect((await search('saltmarsh')).total).toBe(1);
    expect((await search('glenmore')).total).toBe(1);
  });

  it('GET /api/catalog/sources lists each source with licence, records, last import and demo flag', async () => {
    expect((await app.api('GET', '/api/catalog/sources')).status).toBe(401);
    const r = await app.api('GET', '/api/catalog/sources', { token });
    expect(r.status).toBe(200);
    const by = Object.fromEntries(r.body.sources.map((s: { source: string }) => [s.source, s]));
    expect(by.fundraisingfox).toMatchObject({
      name: 'Fundraising Fox Open Dataset',
      licence: 'CC BY 4.0',
      records: 38,
      demo: false,
    });
    expect(by.csv).toMatchObject({ records: 3, demo: false });
    expect(by['demo-vc']).toMatchObject({ records: 20, demo: true });
    expect(Date.parse(by.fundraisingfox.lastImportAt)).toBeGreaterThan(0);
  });

  it('submitting skips firms on reserved names without charging, and says why', async () => {
    const u = await founder(app, 3);
    const demoId = (await search('')).firms.find((f) => f.website?.endsWith('.example') && !f.provenance)!.id;
    const r = await app.api('POST', '/api/submit-to-selected-vcs', {
      token: u.token,
      body: { vcIds: [demoId, 'd-glenmore.example'] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ creditsDeducted: 0, submissionIds: [] });
    expect(r.body.skipped).toEqual(
      [demoId, 'd-glenmore.example'].map((vcId) => ({
        vcId,
        reason: 'reserved_domain',
        message: expect.stringMatching(/reserved demo address/),
      })),
    );
    expect((await app.api('GET', '/api/credits', { token: u.token })).body).toMatchObject({ balance: 3 });
  });

  it("a row whose domain changed at the source retires the old firm (by the row's id), so search shows only the new one", async () => {
    // Runs last: this csv import replaces the partner list (rows not in a source's file leave it).
    const dir = mkdtempSync(join(tmpdir(), 'fp-moved-'));
    const v1 = join(dir, 'v1.csv');
    const v2 = join(dir, 'v2.csv');
    writeFileSync(v1, 'id,name,website,city\nmv-1,Relocating Capital,https://relocating-old.example,Porto\n');
    writeFileSync(v2, 'id,name,website,city\nmv-1,Relocating Capital,https://relocating-new.example,Lisbon\n');
    for (const [f, dataDate] of [
      [v1, '2026-06-01'],
      [v2, '2026-07-01'],
    ] as const) {
      const r = await app.services.catalog.importFirms({ source: 'csv', file: f, dataDate }, meta());
      await app.services.catalog.waitUntilLoaded(r.checkpoint, 60_000);
    }
    const found = (await search('relocating')).firms;
    expect(found.map((f) => [f.id, f.website, f.city])).toEqual([
      ['d-relocating-new.example', 'https://relocating-new.example', 'Lisbon'],
    ]);
    expect(await stored('d-relocating-old.example')).toMatchObject({
      active: false,
      replacedBy: 'd-relocating-new.example',
      city: 'Porto',
    });
  });
});
