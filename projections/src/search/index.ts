import type { AppConfig, Db } from '@fp/infra';
import { MeilisearchIndex } from './meilisearch';
import { PostgresSearchIndex } from './postgres';
import type { SearchIndex } from './port';

export * from './port';
export * from './documents';
export { PostgresSearchIndex, tsQuery } from './postgres';
export { MeilisearchIndex, vcMeiliFilter, angelMeiliFilter, meiliString, type MeilisearchOptions } from './meilisearch';
export { matchesVc, matchesAngel, matchesWords, compareDocs, referencePage, referenceFacet, sortFacets } from './reference';

/** The search index for this configuration: Meilisearch when MEILI_URL is set, else Postgres. */
export function createSearchIndex(config: Pick<AppConfig, 'meiliUrl' | 'meiliKey'>, db: Db): SearchIndex {
  if (config.meiliUrl) return new MeilisearchIndex({ host: config.meiliUrl, apiKey: config.meiliKey });
  return new PostgresSearchIndex(db);
}
