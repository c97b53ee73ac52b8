import { CATALOG_SIZES, DEFAULT_CATALOG_SEED, generateAngels, generateVcFirms } from '@fp/infra';
import { openDedicatedClient } from '@fp/infra';
import type { AppContext } from '../../platform/context';
import type { CommandMeta } from '../../platform/decider';
import { isLoaded } from './catalog-import-decider';
import { importCatalog, importsState, type ImportProgress, type ImportResult } from './import-catalog';

export interface SeedOptions {
  /** Number of VC firms to load (the scope is left alone when undefined). */
  vc?: number;
  /** Number of angel investors to load (the scope is left alone when undefined). */
  angels?: number;
  /** Generator seed; the same seed always gives the same catalog. */
  seed?: number;
  meta: CommandMeta;
  newId: () => string;
  onProgress?: (p: ImportProgress) => void;
  shouldStop?: () => boolean;
}

/** (Re)loads scopes of the catalog from the deterministic generator, replacing what they show. */
export async function seedCatalog(ctx: Pick<AppContext, 'store'>, opts: SeedOptions): Promise<ImportResult[]> {
  const seed = opts.seed ?? DEFAULT_CATALOG_SEED;
  const results: ImportResult[] = [];
  const common = { meta: opts.meta, onProgress: opts.onProgress, shouldStop: opts.shouldStop };
  if (opts.vc !== undefined) {
    results.push(
      await importCatalog(ctx, 'vc', generateVcFirms({ seed, count: opts.vc }), {
        ...common,
        importId: opts.newId(),
        expected: opts.vc,
        source: `generator seed=${seed}`,
      }),
    );
  }
  if (opts.angels !== undefined) {
    results.push(
      await importCatalog(ctx, 'angels', generateAngels({ seed, count: opts.angels }), {
        ...common,
        importId: opts.newId(),
        expected: opts.angels,
        source: `generator seed=${seed}`,
      }),
    );
  }
  return results;
}

/** Logs a line per scope at every 10% of progress. */
export function progressLogger(log: (m: string) => void): (p: ImportProgress) => void {
  const shown = new Map<string, number>();
  return ({ scope, done, expected }) => {
    const pct = expected ? Math.floor((done / expected) * 10) * 10 : 100;
    if ((shown.get(scope) ?? -1) >= pct) return;
    shown.set(scope, pct);
    const label = scope === 'vc' ? 'VC firms' : 'angel investors';
    log(`[catalog] ${label}: ${done.toLocaleString('en-US')} / ${expected.toLocaleString('en-US')} (${pct}%)`);
  };
}

/**
 * First run of `npm start`: loads the spec-sized catalog (29,000 VC firms, 43,500 angels) for every
 * scope the event log does not show as loaded, then waits until read models and index have it.
 * One process does it: the others skip while a Postgres advisory lock is held.
 */
export async function seedOnStart(
  ctx: Pick<AppContext, 'store' | 'pool' | 'clock' | 'newId'> & {
    /** The catalog service's wait for the read models and index (given, not imported: no cycle). */
    catalog: { waitUntilLoaded(checkpoint: string | null): Promise<void> };
  },
  log: (m: string) => void,
  shouldStop: () => boolean,
): Promise<void> {
  // The lock's holder waits minutes for the seed's own pool work: it must not be a pool connection.
  const client = await openDedicatedClient(ctx.pool, 'fundflow catalog seed lock');
  try {
    const lock = await client.query('select pg_try_advisory_lock(hashtext($1)) as ok', ['catalog-seed']);
    if (!lock.rows[0].ok) return;
    try {
      const state = await importsState(ctx);
      const vc = isLoaded(state.vc) ? undefined : CATALOG_SIZES.vcFirms;
      const angels = isLoaded(state.angels) ? undefined : CATALOG_SIZES.angels;
      if (vc === undefined && angels === undefined) return;
      const started = performance.now();
      log(
        `[catalog] first run: loading the investor catalog (${[vc && `${vc.toLocaleString('en-US')} VC firms`, angels && `${angels.toLocaleString('en-US')} angel investors`].filter(Boolean).join(', ')}) …`,
      );
      const results = await seedCatalog(ctx, {
        vc,
        angels,
        meta: { now: ctx.clock.now(), actor: 'system:catalog-seed' },
        newId: ctx.newId,
        onProgress: progressLogger(log),
        shouldStop,
      });
      log('[catalog] indexing …');
      const last =
        results
          .map((r) => r.checkpoint)
          .filter(Boolean)
          .at(-1) ?? null;
      await ctx.catalog.waitUntilLoaded(last);
      log(`[catalog] ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', ['catalog-seed']).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
