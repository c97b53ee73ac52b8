import { createTestDatabase } from '@fp/infra';
import { inject } from 'vitest';
import { searchIndexContract } from '../src/search/contract';
import { PostgresSearchIndex } from '../src/search/postgres';

searchIndexContract('postgres', async () => {
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  return { index: new PostgresSearchIndex(tdb.db), db: tdb.db, cleanup: () => tdb.drop() };
});
