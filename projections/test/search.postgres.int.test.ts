import { createTestDatabase } from '@fp/infra';
import { inject } from 'vitest';
import { searchIndexContract } from './search.contract';
import { PostgresSearchIndex } from '../src/search/postgres';

searchIndexContract('postgres', async () => {
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  return { index: new PostgresSearchIndex(tdb.db), db: tdb.db, cleanup: () => tdb.drop() };
});

// The strategies a large catalog uses (count first, then walk the sort index or sort the matches).
searchIndexContract('postgres, large-catalog strategies', async () => {
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  return { index: new PostgresSearchIndex(tdb.db, { onePassRows: 0 }), db: tdb.db, cleanup: () => tdb.drop() };
});
