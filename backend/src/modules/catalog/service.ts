import type { SearchIndex } from '@fp/projections';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import type { CreditsService } from '../credits/index';
import type { ProfileService } from '../profile/index';
import type { CommandMeta } from '../../platform/decider';
import { exportAngels, type LoadBatch } from './export-angels';
import type { ImportProgress } from './import-catalog';
import { allowedHostsFor } from '../../platform/automation';
import { createDomainCheck } from './domain-check';
import { createCatalogQueries } from './queries';
import { createFormRegistry } from './form-registry';
import { seedCatalog } from './seed';
import { registerSandboxForms } from './register-sandbox-forms';
import { createTestCatalogSync } from './test-catalog';
import { importFirms, type ImportFirmsInput } from './import-firms';
import { SOURCE_INFO, type CatalogSource, type ImportSource } from '@fp/contracts';

export interface ScopeStatus {
  scope: string;
  importId: string;
  expected: number | null;
  loaded: number;
  completed: boolean;
  /** Records the search index holds for the same import. */
  indexed: number;
}

/** The catalog's public face (what other modules receive as `catalog`). */
export function createCatalogService(
  ctx: AppContext & { credits: CreditsService; profile: ProfileService },
  index: SearchIndex,
) {
  const testCatalog = createTestCatalogSync(ctx);
  const forms = createFormRegistry(ctx, () => testCatalog.ensure());
  const domains = createDomainCheck({ allowedHosts: () => allowedHostsFor(ctx) });
  const queries = createCatalogQueries(ctx, index, () => testCatalog.ensure(), forms.entries, domains);
  return {
    ...queries,
    /** The registry of application forms: discovery runs and what they found (docs/catalog.md). */
    forms,
    searchIndexKind: index.kind,

    /** Imports the test firms again when the sandbox address changed (cheap otherwise). */
    syncTestCatalog: () => testCatalog.ensure(),

    /** Registers the sandbox firms' forms once (first start; see register-sandbox-forms.ts). */
    registerSandboxForms: () => registerSandboxForms(ctx, forms),

    /**
     * (Re)loads scopes from the deterministic generator. Resolves when the events are written;
     * wait for `ctx.projections.waitFor(checkpoint)` to read them.
     */
    async seed(
      opts: { vc?: number; angels?: number; seed?: number; onProgress?: (p: ImportProgress) => void },
      meta: CommandMeta,
    ) {
      const results = await seedCatalog(ctx, { ...opts, meta, newId: ctx.newId });
      return {
        results,
        checkpoint:
          results
            .map((r) => r.checkpoint)
            .filter(Boolean)
            .at(-1) ?? null,
      };
    },

    /** Waits until read models and index show everything up to `checkpoint`, then lets the index settle. */
    async waitUntilLoaded(checkpoint: string | null, timeoutMs = 30 * 60_000): Promise<void> {
      await ctx.projections.waitFor(checkpoint, timeoutMs);
      await index.optimize();
    },

    /** Imports a real source file (docs/catalog.md, "Sources"); refused whole with its lines when bad. */
    importFirms: (input: Omit<ImportFirmsInput, 'importId'>, meta: CommandMeta) =>
      importFirms(ctx, { ...input, importId: ctx.newId() }, meta),

    /** Every source the catalog holds: real imports with their licence, and the generated demo data. */
    async sources(): Promise<CatalogSource[]> {
      const real = await sql<{ source: ImportSource; records: number; last_import_at: Date }>`
        select source, records, last_import_at from catalog_sources order by source`.execute(ctx.db);
      const demo = await sql<{ scope: string; loaded: number; updated_at: Date }>`
        select scope, loaded, updated_at from catalog_imports where scope in ('vc', 'angels') and loaded > 0 order by scope`.execute(
        ctx.db,
      );
      return [
        ...real.rows.map((r) => ({
          source: r.source,
          name: SOURCE_INFO[r.source].name,
          licence: SOURCE_INFO[r.source].licence,
          licenceUrl: SOURCE_INFO[r.source].licenceUrl,
          attribution: SOURCE_INFO[r.source].attribution,
          records: r.records,
          lastImportAt: new Date(r.last_import_at).toISOString(),
          demo: false,
        })),
        ...demo.rows.map((r) => ({
          source: `demo-${r.scope}`,
          name: r.scope === 'vc' ? 'Generated demo VC firms' : 'Generated demo angel investors',
          licence: 'Generated (no real data)',
          licenceUrl: null,
          attribution: 'Demo data',
          records: r.loaded,
          lastImportAt: new Date(r.updated_at).toISOString(),
          demo: true,
        })),
      ];
    },

    exportAngels: (
      userId: string,
      ids: string[],
      meta: CommandMeta,
      opts: { loadBatch?: LoadBatch; requestKey?: string | null } = {},
    ) => exportAngels({ ctx, loadBatch: opts.loadBatch }, userId, ids, meta, opts.requestKey ?? null),

    /** What the read models and the index hold per scope. */
    async status(): Promise<ScopeStatus[]> {
      const r = await sql<ScopeStatus>`
        select i.scope, i.import_id as "importId", i.expected, i.loaded, i.completed,
               coalesce(case when s.import_id = i.import_id then s.loaded end, 0) as indexed
        from catalog_imports i left join catalog_search_imports s on s.scope = i.scope order by i.scope`.execute(
        ctx.db,
      );
      return r.rows;
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
