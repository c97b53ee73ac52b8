import { createTestDatabase, type TestDatabase } from '@fp/infra';
import { generateVcFirms } from '@fp/infra';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { searchIndexContract } from './search.contract';
import { vcSearchDoc, type VcSearchDoc } from '../src/search/documents';
import { InProcessSearchIndex, type InProcessOptions } from '../src/search/memory';
import type { VcFilter } from '../src/search/port';
import { matchesVc, referencePage } from '../src/search/reference';

/** The in-process index over the Postgres tables (the default engine), at a small and a large size. */
const subject =
  (opts: InProcessOptions = {}, warmEmpty = false) =>
  async () => {
    const tdb = await createTestDatabase(inject('pgAdminUrl'));
    const index = new InProcessSearchIndex(tdb.db, opts);
    // Loaded while the tables are empty: every document then arrives through the change log.
    if (warmEmpty) await index.ready();
    return {
      index,
      db: tdb.db,
      cleanup: async () => {
        await index.close();
        await tdb.drop();
      },
    };
  };

searchIndexContract('in-process', subject());

// Documents read change by change beside an empty base (never rebuilt), merged into every page.
searchIndexContract(
  'in-process, all from the change log',
  subject({ deltaMax: 1_000_000, rebuildOnOptimize: false }, true),
);

searchIndexContract('in-process, large', subject(), { vcFirms: 20_000, angels: 5_000 });

// Two indexes on one database stand for two processes (API and projections roles): what one writes
// and commits, the other answers at once, from memory.
describe('in-process index: freshness across processes', () => {
  let tdb: TestDatabase;
  let writer: InProcessSearchIndex;
  let reader: InProcessSearchIndex;
  const docs = [...generateVcFirms({ seed: 7, count: 300 })].map(vcSearchDoc);
  const page = { page: 1, limit: 100 };
  const expectSame = async (f: VcFilter, current: VcSearchDoc[]) =>
    expect(await reader.searchVcFirms('vc', f, page)).toEqual(referencePage(current, (d) => matchesVc(d, f), page));

  beforeAll(async () => {
    tdb = await createTestDatabase(inject('pgAdminUrl'));
    writer = new InProcessSearchIndex(tdb.db);
    reader = new InProcessSearchIndex(tdb.db, { deltaMax: 100 });
    await tdb.db.transaction().execute((tx) => writer.putVcFirms(tx, 'vc', docs));
    await reader.ready();
  });
  afterAll(async () => {
    await writer.close();
    await reader.close();
    await tdb.drop();
  });

  it('answers from memory once loaded, and sees each committed change on the next query', async () => {
    const before = reader.answered.memory;
    await expectSame({ words: ['capital'] }, docs);
    const moved = { ...docs[10]!, country: 'Atlantis', sortKey: 'aaaa' };
    await tdb.db.transaction().execute((tx) => writer.putVcFirms(tx, 'vc', [moved]));
    const now = docs.map((d) => (d.id === moved.id ? moved : d));
    await expectSame({ countries: ['Atlantis'] }, now);
    await expectSame({}, now);
    await tdb.db.transaction().execute((tx) => writer.removeVcFirms(tx, 'vc', [docs[20]!.id]));
    const after = now.filter((d) => d.id !== docs[20]!.id);
    await expectSame({}, after);
    expect(reader.answered.memory - before).toBe(4);
  });

  it('after a bulk change answers from Postgres until it has reloaded, then from memory again', async () => {
    const renamed = docs.map((d) => ({ ...d, text: `${d.text} bulkword` }));
    await tdb.db.transaction().execute((tx) => writer.putVcFirms(tx, 'vc', renamed));
    // Every document put again, the removed one back, the moved one back in place.
    const current = renamed;
    const fallbacks = reader.answered.postgres;
    // 300 changes, more than the reader's delta takes: it reloads.
    await expectSame({ words: ['bulkword'] }, current);
    expect(reader.answered.postgres).toBe(fallbacks + 1);
    await reader.ready();
    const fromMemory = reader.answered.memory;
    await expectSame({ words: ['bulkword'] }, current);
    expect(reader.answered.memory).toBe(fromMemory + 1);
  });

  it('sees a truncate (a projection rebuild) as the removal of every document', async () => {
    await tdb.db.transaction().execute(async (tx) => {
      await sql`truncate table search_vc_firms`.execute(tx);
    });
    expect(await reader.searchVcFirms('vc', {}, page)).toEqual({ ids: [], total: 0 });
    expect(await reader.vcFacets('vc')).toEqual({ countries: [], investorTypes: [] });
  });
});
