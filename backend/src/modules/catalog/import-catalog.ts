import type { AngelInvestorDetail, VcFirm } from '@fp/contracts';
import { CATALOG_IMPORTS_STREAM, CATALOG_RECORDS_PER_EVENT, catalogDataStream, type CatalogScope } from '@fp/contracts';
import type { ExpectedRevision } from '@fp/infra';
import { inChunks } from '@fp/infra';
import type { AppContext } from '../../platform/context';
import { appendDecided, foldEvents, handleCommand, type CommandMeta } from '../../platform/decider';
import { catalogImportDecider, type CatalogImportsState } from './catalog-import-decider';

export interface ImportProgress {
  scope: CatalogScope;
  done: number;
  expected: number;
}

export interface ImportOptions {
  importId: string;
  expected: number;
  /** Where the records come from, e.g. 'generator seed=6'. */
  source: string;
  meta: CommandMeta;
  onProgress?: (p: ImportProgress) => void;
  /** Checked between batches: true stops the import (it stays unfinished and does not show). */
  shouldStop?: () => boolean;
}

export interface ImportResult {
  importId: string;
  scope: CatalogScope;
  count: number;
  /** Checkpoint of the completion event: wait for projections to pass it to see the catalog. */
  checkpoint: string | null;
}

class ImportStopped extends Error {
  constructor() {
    super('Catalog import stopped');
  }
}

/**
 * Loads a whole scope through the event log: a start event, then the records in events of
 * CATALOG_RECORDS_PER_EVENT, each appended in its own short transaction (a long one would hold
 * back every projection), then a completion event. Memory stays flat: records are streamed.
 */
export async function importCatalog(
  ctx: Pick<AppContext, 'store'>,
  scope: 'vc',
  records: Iterable<VcFirm>,
  opts: ImportOptions,
): Promise<ImportResult>;
export async function importCatalog(
  ctx: Pick<AppContext, 'store'>,
  scope: 'angels',
  records: Iterable<AngelInvestorDetail>,
  opts: ImportOptions,
): Promise<ImportResult>;
export async function importCatalog(
  ctx: Pick<AppContext, 'store'>,
  scope: CatalogScope,
  records: Iterable<VcFirm | AngelInvestorDetail>,
  opts: ImportOptions,
): Promise<ImportResult> {
  const { importId, expected, source, meta } = opts;
  await handleCommand(
    ctx.store,
    CATALOG_IMPORTS_STREAM,
    catalogImportDecider,
    { type: 'StartImport', data: { importId, scope, expected, source } },
    meta,
  );
  const stream = catalogDataStream(scope, importId);
  const metadata = { now: meta.now.toISOString(), actor: meta.actor };
  let revision: ExpectedRevision = 'no_stream';
  let count = 0;
  for (const chunk of inChunks(records, CATALOG_RECORDS_PER_EVENT)) {
    if (opts.shouldStop?.()) throw new ImportStopped();
    const event =
      scope === 'vc'
        ? { type: 'VcFirmsImported', data: { importId, firms: chunk as VcFirm[] }, metadata }
        : { type: 'AngelsImported', data: { importId, investors: chunk as AngelInvestorDetail[] }, metadata };
    const [appended] = await appendDecided(ctx.store, [{ streamId: stream, events: [event], expected: revision }]);
    revision = appended!.nextRevision;
    count += chunk.length;
    opts.onProgress?.({ scope, done: count, expected });
  }
  const done = await handleCommand(
    ctx.store,
    CATALOG_IMPORTS_STREAM,
    catalogImportDecider,
    { type: 'CompleteImport', data: { importId, scope, count } },
    meta,
  );
  return { importId, scope, count, checkpoint: done.checkpoint };
}

/** What the event log says about the imports (not the read models, which may lag). */
export async function importsState(ctx: Pick<AppContext, 'store'>): Promise<CatalogImportsState> {
  const { events } = await ctx.store.readStream(CATALOG_IMPORTS_STREAM);
  return foldEvents(catalogImportDecider, events);
}
