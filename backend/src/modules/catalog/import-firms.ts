import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { IMPORT_MAX_BYTES, type ImportSource, type ImportSummary } from '@fp/contracts';
import { CATALOG_SOURCES_STREAM, type CatalogSourceImported } from '@fp/contracts';
import type { AppContext } from '../../platform/context';
import { foldEvents, handleCommand, type CommandMeta } from '../../platform/decider';
import { ImportFileError, parseSourceFile, type ColumnMap } from './parse-source-file';
import { catalogSourcesDecider, type ImportSourceCommand } from './catalog-sources-decider';

export interface ImportFirmsInput {
  source: ImportSource;
  file: string;
  map?: ColumnMap;
  /** YYYY-MM-DD of the release; the file's modification date when not given. */
  dataDate?: string;
  dryRun?: boolean;
  importId: string;
}

export interface ImportFirmsResult extends ImportSummary {
  dryRun: boolean;
  /** Wait for the projections to pass it to read the imported firms. */
  checkpoint: string | null;
}

/**
 * Imports a real source file: parsed and checked whole first (a bad file is refused with its lines,
 * nothing written), then decided against every record the log holds and appended in one go.
 */
export async function importFirms(
  ctx: Pick<AppContext, 'store'>,
  input: ImportFirmsInput,
  meta: CommandMeta,
): Promise<ImportFirmsResult> {
  const info = await stat(input.file).catch(() => null);
  if (!info?.isFile()) throw new ImportFileError([{ line: 0, reason: `No such file: ${input.file}` }]);
  if (info.size > IMPORT_MAX_BYTES)
    throw new ImportFileError([
      { line: 0, reason: `The file is ${(info.size / 1048576).toFixed(1)} MB; one import takes at most 20 MB` },
    ]);
  const parsed = parseSourceFile(await readFile(input.file), input.source, input.map);
  const command: ImportSourceCommand = {
    type: 'ImportSource',
    data: {
      importId: input.importId,
      source: input.source,
      dataDate: input.dataDate ?? info.mtime.toISOString().slice(0, 10),
      fileName: basename(input.file),
      rows: parsed.rows,
      records: parsed.records,
    },
  };
  if (input.dryRun) {
    const { events } = await ctx.store.readStream(CATALOG_SOURCES_STREAM);
    const produced = catalogSourcesDecider.decide(command, foldEvents(catalogSourcesDecider, events), meta);
    return { ...summaryOf(produced), dryRun: true, checkpoint: null };
  }
  const r = await handleCommand(ctx.store, CATALOG_SOURCES_STREAM, catalogSourcesDecider, command, meta);
  return { ...summaryOf(r.events), dryRun: false, checkpoint: r.checkpoint };
}

function summaryOf(events: { type: string; data: unknown }[]): ImportSummary {
  const s = events.find((e) => e.type === 'CatalogSourceImported')?.data as CatalogSourceImported['data'] | undefined;
  return {
    imported: s?.imported ?? 0,
    updated: s?.updated ?? 0,
    unchanged: s?.unchanged ?? 0,
    inactive: s?.inactive ?? 0,
    rejected: [],
  };
}
