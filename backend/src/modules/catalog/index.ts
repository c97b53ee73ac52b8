import { moduleContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import type { CatalogDeps } from './context';
import type { CatalogContext } from './route-context';
import { catalogProjection, catalogSearchProjection } from './projection';
import { formsProjection } from './forms-projection';
import { catalogRoutes } from './routes';
import { seedOnStart } from './seed';
import { createCatalogService, type CatalogService } from './service';

export type { CatalogService } from './service';
export type { CatalogDeps } from './context';
export { buildTestFirms } from './test-catalog';
export { progressLogger } from './seed';
export { ImportFileError, parseColumnMap } from './parse-source-file';
/**
 * The investor catalog: VC firms, angel investors and test firms, loaded through the event log,
 * projected into read models and the search index it is given (docs/catalog.md).
 */
export function createCatalogModule({
  ctx: platform,
  credits,
  profile,
  searchIndex,
}: CatalogDeps): AppModule<CatalogService> {
  const catalog = createCatalogService(moduleContext(platform, { credits, profile }), searchIndex);
  const ctx: CatalogContext = moduleContext(platform, { credits, profile, searchIndex, catalog });
  return {
    name: 'catalog',
    service: catalog,
    projections: [catalogProjection, catalogSearchProjection(searchIndex), formsProjection],
    routes: (app) => catalogRoutes(app, ctx),
    async start() {
      searchIndex.warm?.();
      let stopping = false;
      // Diagnostics go to stderr, so that tools printing results on stdout (CLI --json) stay clean.
      const log = (m: string) => console.error(m);
      const work = (async () => {
        await catalog.syncTestCatalog();
        if (ctx.config.catalogSeed !== 'auto') return;
        // npm start: the test firms' forms first (a few dozen, minutes at most), so a founder can try them at once.
        const sandbox = await catalog
          .registerSandboxForms()
          .catch((err) => log(`[forms] sandbox firms not registered: ${(err as Error).message}`));
        if (sandbox) log(`[forms] registering the forms of ${sandbox.total} sandbox firms (run ${sandbox.runId})`);
        await seedOnStart(ctx, log, () => stopping);
      })().catch((err) => {
        if (!stopping) console.error(`[catalog] loading failed: ${(err as Error).message}`);
      });
      return async () => {
        stopping = true;
        await work;
      };
    },
  };
}
