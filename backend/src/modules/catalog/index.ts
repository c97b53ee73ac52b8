import { createSearchIndex, type SearchIndex } from '@fp/projections/search/index';
import type { AppContext } from '../../platform/context';
import type { Module } from '../../platform/module';
import { catalogProjection, catalogSearchProjection } from './projection';
import { catalogRoutes } from './routes';
import { seedOnStart } from './seed';
import { createCatalogService, type CatalogService } from './service';

export type { CatalogService, ScopeStatus } from './service';
export type { FirmSummary } from './queries';
export { buildTestFirms } from './test-catalog';
export { progressLogger } from './seed';

declare module '../../platform/context' {
  interface Services {
    catalog: CatalogService;
  }
}

// One search index per app context: the projection writes it, the queries read it.
const indexes = new WeakMap<object, SearchIndex>();
function searchIndexOf(ctx: AppContext): SearchIndex {
  let index = indexes.get(ctx);
  if (!index) {
    index = createSearchIndex(ctx.config, ctx.db);
    indexes.set(ctx, index);
  }
  return index;
}

/**
 * The investor catalog: VC firms, angel investors and test firms, loaded through the event log,
 * projected into read models and a search index (Postgres, or Meilisearch with MEILI_URL).
 */
export const catalogModule: Module = {
  name: 'catalog',
  projections: (ctx) => [catalogProjection, catalogSearchProjection(searchIndexOf(ctx))],
  init: (ctx) => {
    ctx.services.catalog = createCatalogService(ctx, searchIndexOf(ctx));
  },
  routes: catalogRoutes,
  async start(ctx) {
    let stopping = false;
    const log = (m: string) => console.log(m);
    const work = (async () => {
      await ctx.services.catalog.syncTestCatalog();
      if (ctx.config.catalogSeed === 'auto') await seedOnStart(ctx, log, () => stopping);
    })().catch((err) => {
      if (!stopping) console.error(`[catalog] loading failed: ${(err as Error).message}`);
    });
    return async () => {
      stopping = true;
      await work;
      await searchIndexOf(ctx).close();
    };
  },
};
