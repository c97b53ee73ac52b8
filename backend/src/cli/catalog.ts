import { CATALOG_SIZES } from '@fp/infra';
import { IMPORT_SOURCES, type ImportSource } from '@fp/contracts';
import { ImportFileError, parseColumnMap, progressLogger } from '../modules/catalog/index';
import { CliError, type CliCommand } from './command';

const count = (name: string, v: unknown): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(String(v).replace(/[_,]/g, ''));
  if (!Number.isSafeInteger(n) || n < 0 || n > 10_000_000)
    throw new CliError(`--${name} must be a whole number from 0 to 10,000,000`);
  return n;
};

export const catalogCommands: CliCommand[] = [
  {
    name: 'catalog seed',
    summary: `[--vc N] [--angels M] [--seed S]  (re)load the generated catalog; no flags: ${CATALOG_SIZES.vcFirms.toLocaleString('en-US')} VC firms and ${CATALOG_SIZES.angels.toLocaleString('en-US')} angels`,
    options: { vc: { type: 'string' }, angels: { type: 'string' }, seed: { type: 'string' } },
    async run(rt, { values }, out) {
      let vc = count('vc', values.vc);
      let angels = count('angels', values.angels);
      if (vc === undefined && angels === undefined) ({ vcFirms: vc, angels } = CATALOG_SIZES);
      const seed = values.seed === undefined ? undefined : Number(values.seed);
      if (seed !== undefined && !Number.isSafeInteger(seed)) throw new CliError('--seed must be a whole number');
      const started = performance.now();
      const actor = `operator:${process.env.USER ?? 'cli'}`;
      const r = await rt.services.catalog.seed(
        { vc, angels, seed, onProgress: progressLogger((m) => out.info(m)) },
        { now: new Date(), actor },
      );
      const written = performance.now();
      out.info(`[catalog] events written in ${((written - started) / 1000).toFixed(1)} s; indexing …`);
      // The projections may run in this process or in a running app: either way, wait for them.
      await rt.services.catalog.waitUntilLoaded(r.checkpoint, 60 * 60_000);
      const seconds = (performance.now() - started) / 1000;
      const loaded = Object.fromEntries(r.results.map((x) => [x.scope, x.count]));
      out.result(
        { ...loaded, seconds: Number(seconds.toFixed(1)) },
        `Loaded ${r.results.map((x) => `${x.count.toLocaleString('en-US')} ${x.scope === 'vc' ? 'VC firms' : 'angel investors'}`).join(' and ')} in ${seconds.toFixed(1)} s`,
      );
    },
  },
  {
    name: 'catalog import',
    summary:
      '--source fundraisingfox|csv --file PATH [--map field=column,...] [--data-date YYYY-MM-DD] [--dry-run]  import real investor data',
    options: {
      source: { type: 'string' },
      file: { type: 'string' },
      map: { type: 'string' },
      'data-date': { type: 'string' },
      'dry-run': { type: 'boolean' },
    },
    async run(rt, { values }, out) {
      const source = values.source as ImportSource;
      if (!IMPORT_SOURCES.includes(source)) throw new CliError(`--source must be one of ${IMPORT_SOURCES.join(', ')}`);
      if (!values.file) throw new CliError('--file is required');
      const started = performance.now();
      try {
        const r = await rt.services.catalog.importFirms(
          {
            source,
            file: String(values.file),
            map: parseColumnMap(values.map),
            dataDate: values['data-date'],
            dryRun: Boolean(values['dry-run']),
          },
          { now: new Date(), actor: `operator:${process.env.USER ?? 'cli'}` },
        );
        if (!r.dryRun) await rt.services.catalog.waitUntilLoaded(r.checkpoint, 10 * 60_000);
        const { imported, updated, unchanged, inactive, rejected } = r;
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        out.result(
          { imported, updated, unchanged, inactive, rejected },
          `${r.dryRun ? 'Dry run, nothing written: would import' : 'Imported'} ${imported} new, ${updated} updated, ${unchanged} unchanged, ${inactive} now inactive (${seconds} s)`,
        );
      } catch (err) {
        if (!(err instanceof ImportFileError)) throw err;
        out.result(
          { imported: 0, updated: 0, unchanged: 0, inactive: 0, rejected: err.rejected },
          `Refused, nothing imported:\n${err.rejected.map((x) => `  line ${x.line}: ${x.reason}`).join('\n')}`,
        );
        process.exitCode = 1;
      }
    },
  },
  {
    name: 'catalog status',
    summary: 'what the read models and the search index hold per scope',
    async run(rt, _args, out) {
      const rows = await rt.services.catalog.status();
      if (!rows.length)
        out.result(
          [],
          `The catalog is empty: run \`npm run cli -- catalog seed\`. (search index: ${rt.services.catalog.searchIndexKind})`,
        );
      for (const s of rows)
        out.result(
          s,
          `${s.scope.padEnd(7)} ${s.completed ? 'loaded ' : 'loading'} ${s.loaded.toLocaleString('en-US')}${s.expected != null ? ` / ${s.expected.toLocaleString('en-US')}` : ''} records, ${s.indexed.toLocaleString('en-US')} indexed (${rt.services.catalog.searchIndexKind})`,
        );
    },
  },
];
