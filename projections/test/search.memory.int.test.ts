import { createTestDatabase } from '@fp/infra';
import { inject } from 'vitest';
import { searchIndexContract } from '../src/search/contract';
import { InProcessSearchIndex, type InProcessOptions } from '../src/search/memory';

/** The in-process index over the Postgres tables (the default engine), at a small and a large size. */
const subject = (opts: InProcessOptions = {}, warmEmpty = false) => async () => {
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  const index = new InProcessSearchIndex(tdb.db, opts);
  // Loaded while the tables are empty: every document then arrives through the change log.
  if (warmEmpty) await index.ready();
  return { index, db: tdb.db, cleanup: async () => {
    await index.close();
    await tdb.drop();
  } };
};

searchIndexContract('in-process', subject());

// Documents read change by change beside an empty base (never rebuilt), merged into every page.
searchIndexContract('in-process, all from the change log', subject({ deltaMax: 1_000_000, rebuildOnOptimize: false }, true));

searchIndexContract('in-process, large', subject(), { vcFirms: 20_000, angels: 5_000 });
