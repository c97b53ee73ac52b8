import { createTestDatabase } from '@fp/infra';
import { randomBytes } from 'node:crypto';
import { describe, inject, it } from 'vitest';
import { searchIndexContract } from './search.contract';
import { MeilisearchIndex } from '../src/search/meilisearch';

const url = process.env.MEILI_URL;
if (!url) {
  console.log(
    '[search contract] Meilisearch run skipped: MEILI_URL is unset (set it, and MEILI_MASTER_KEY if needed, to run it)',
  );
  describe('search index contract: meilisearch', () => {
    it.skip('needs MEILI_URL', () => {});
  });
} else {
  searchIndexContract('meilisearch', async () => {
    // Writes ignore the transaction; a database is still needed to open one.
    const tdb = await createTestDatabase(inject('pgAdminUrl'));
    const index = new MeilisearchIndex({
      host: url,
      apiKey: process.env.MEILI_MASTER_KEY,
      prefix: `fp_test_${randomBytes(4).toString('hex')}_`,
    });
    return {
      index,
      db: tdb.db,
      cleanup: async () => {
        await index.drop();
        await tdb.drop();
      },
    };
  });
}
