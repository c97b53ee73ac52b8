import type { FirmFormEntry } from '@fp/contracts';
import { firmFormStream, formDiscoveryStream, type FormCollection, type FormDiscoveryStarted } from '@fp/contracts';
import type { DiscoveryCheck, DiscoveryRun, DiscoveryStorePort, DiscoveryTarget } from '@fp/workflows';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import { handleCommand } from '../../platform/decider';
import { firmFormDecider } from './firm-form-decider';
import { formDiscoveryDecider } from './form-discovery-decider';

const FIRMS: Record<FormCollection, string> = { vc: 'catalog_vc_firms', test: 'catalog_test_firms' };
/** How long a step waits for the registry's read models to show what was written before it. */
const CATCH_UP_MS = 5 * 60_000;

/**
 * The discovery job's side of the catalog: which firms a run still has to visit (the read model of
 * its targets, once it shows everything this process wrote), and each check recorded as an event.
 */
export function createDiscoveryStore(
  ctx: Pick<AppContext, 'db' | 'store' | 'projections' | 'clock'>,
  ensureTestCatalog: () => Promise<void>,
): DiscoveryStorePort {
  const runs = new Map<string, { collection: FormCollection; checkpoint: string }>();
  let lastWritten: string | null = null;

  async function runOf(run: DiscoveryRun) {
    const known = runs.get(run.runId);
    if (known) return known;
    const { events } = await ctx.store.readStream(formDiscoveryStream(run.runId));
    const started = events.find((e) => e.type === 'FormDiscoveryStarted');
    if (!started) return null;
    const info = {
      collection: (started.data as FormDiscoveryStarted['data']).collection,
      checkpoint: started.checkpoint,
    };
    runs.set(run.runId, info);
    return info;
  }

  return {
    async unchecked(run, limit) {
      const info = await runOf(run);
      if (!info) return [];
      await ctx.projections.waitFor(info.checkpoint, CATCH_UP_MS);
      if (lastWritten) await ctx.projections.waitFor(lastWritten, CATCH_UP_MS);
      if (info.collection === 'test') await ensureTestCatalog();
      const r = await sql<{ firm_id: string; record: { website: string | null } | null }>`
        select t.firm_id, f.record from form_discovery_targets t left join ${sql.table(FIRMS[info.collection])} f on f.id = t.firm_id
        where t.run_id = ${run.runId} and not t.checked order by t.position limit ${limit}`.execute(ctx.db);
      return r.rows.map((x): DiscoveryTarget => ({
        firmId: x.firm_id,
        website: x.record?.website ?? null,
        test: info.collection === 'test',
      }));
    },

    async record(run, firmId, check: DiscoveryCheck) {
      const info = await runOf(run);
      if (!info) return;
      const now = ctx.clock.now();
      const entry: FirmFormEntry = { firmId, ...check, checkedAt: now.toISOString() };
      const r = await handleCommand(
        ctx.store,
        firmFormStream(info.collection, firmId),
        firmFormDecider,
        { type: 'RecordFormCheck', data: { runId: run.runId, collection: info.collection, entry } },
        { now, actor: 'system:form-discovery' },
      );
      if (r.checkpoint) lastWritten = r.checkpoint;
    },

    async finish(run) {
      const info = await runOf(run);
      if (!info) return;
      if (lastWritten) await ctx.projections.waitFor(lastWritten, CATCH_UP_MS);
      const row = await sql<{
        checked: number;
      }>`select checked from form_discovery_runs where run_id = ${run.runId}`.execute(ctx.db);
      await handleCommand(
        ctx.store,
        formDiscoveryStream(run.runId),
        formDiscoveryDecider,
        { type: 'FinishDiscovery', data: { runId: run.runId, checked: row.rows[0]?.checked ?? 0 } },
        { now: ctx.clock.now(), actor: 'system:form-discovery' },
      );
    },
  };
}
