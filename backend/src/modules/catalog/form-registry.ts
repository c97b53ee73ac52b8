import { openDedicatedClient } from '@fp/infra';
import {
  DEFAULT_STALE_DAYS,
  type FirmFormEntry,
  type FormDiscoveryRun,
  type FormRegistryOverview,
} from '@fp/contracts';
import { formDiscoveryStream, type FormCollection } from '@fp/contracts';
import { createDiscoveryActivities, SharedBrowser, type DiscoveryActivities, type DiscoveryRun } from '@fp/workflows';
import { sql } from 'kysely';
import { allowedHostsFor } from '../../platform/automation';
import type { AppContext } from '../../platform/context';
import type { CommandMeta } from '../../platform/decider';
import { discoverForms, type DiscoverFormsInput } from './discover-forms';
import { createDiscoveryStore } from './discovery-store';

/** API processes ask the worker that holds the workflow engine to start a run. */
const DISCOVERY_CHANNEL = 'fp_form_discovery';

interface Engine {
  startDiscovery?(run: DiscoveryRun): Promise<void>;
}

export interface DiscoveryRunsQuery {
  status?: 'running' | 'finished';
  requestedBy?: string;
  from?: string;
  before?: string;
  /** Keyset position: the last row of the previous page. */
  after?: { startedAt: string; id: string };
  ids?: string[];
  limit: number;
}

interface RunRow {
  run_id: string;
  collection: FormCollection;
  total: number;
  checked: number;
  counts: Record<string, number>;
  requested_by: string;
  started_at: Date;
  finished_at: Date | null;
}
const toRun = (r: RunRow): FormDiscoveryRun => ({
  runId: r.run_id,
  collection: r.collection,
  total: r.total,
  checked: r.checked,
  counts: r.counts,
  requestedBy: r.requested_by,
  startedAt: new Date(r.started_at).toISOString(),
  finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
});

interface EntryRow {
  firm_id: string;
  outcome: FirmFormEntry['outcome'];
  url: string | null;
  kind: FirmFormEntry['kind'];
  fields: FirmFormEntry['fields'];
  blockers: FirmFormEntry['blockers'];
  detail: string | null;
  checked_at: Date;
}
const toEntry = (r: EntryRow): FirmFormEntry => ({
  firmId: r.firm_id,
  outcome: r.outcome,
  url: r.url,
  kind: r.kind,
  fields: r.fields,
  blockers: r.blockers,
  detail: r.detail,
  checkedAt: new Date(r.checked_at).toISOString(),
});

/**
 * The registry of application forms: starts discovery runs (on the workflow engine the composition
 * root hands over, or through the worker that has it), gives the engine its activities, and answers
 * the registry's reads (entries per firm, the operators' overview).
 */
export function createFormRegistry(
  ctx: Pick<AppContext, 'db' | 'pool' | 'store' | 'projections' | 'clock' | 'newId' | 'config' | 'sandboxUrl'>,
  ensureTestCatalog: () => Promise<void>,
) {
  let engine: Engine | null = null;
  const store = createDiscoveryStore(ctx, ensureTestCatalog);

  async function dispatch(runId: string) {
    if (engine?.startDiscovery) await engine.startDiscovery({ runId });
    else await sql`select pg_notify(${DISCOVERY_CHANNEL}, ${runId})`.execute(ctx.db);
  }

  async function unfinished(): Promise<string[]> {
    return (
      await sql<{
        run_id: string;
      }>`select run_id from form_discovery_runs where finished_at is null order by started_at`.execute(ctx.db)
    ).rows.map((r) => r.run_id);
  }

  return {
    /** The job's activities for the engine, with a browser of their own (closed with `close`). */
    activities(log: (m: string) => void): DiscoveryActivities & { close(): Promise<void> } {
      const browser = new SharedBrowser();
      const acts = createDiscoveryActivities({
        store,
        browser,
        allowedHosts: allowedHostsFor(ctx),
        sandboxUrl: ctx.sandboxUrl,
        concurrency: ctx.config.formDiscoveryConcurrency,
        hostDelayMs: ctx.config.formDiscoveryHostDelayMs,
        timeouts: ctx.config.automationWaits,
        log,
      });
      return {
        ...acts,
        close: async () => {
          acts.stop?.();
          await browser.close();
        },
      };
    },

    /**
     * The engine of this process (roles all and worker): runs are started on it from now on, and the
     * runs left unfinished (requested while no worker ran, or cut by a crash) are started again
     * (idempotent: a run already under way is left alone).
     */
    async attach(e: Engine, log: (m: string) => void): Promise<() => Promise<void>> {
      engine = e;
      for (const runId of await unfinished())
        await dispatch(runId).catch((err) => log(`[forms] run ${runId} not resumed: ${(err as Error).message}`));
      const listener = await openDedicatedClient(ctx.pool, 'fundflow form discovery listener');
      listener.on('notification', (n) => {
        if (n.channel === DISCOVERY_CHANNEL && n.payload)
          void dispatch(n.payload).catch((err) =>
            log(`[forms] run ${n.payload} not started: ${(err as Error).message}`),
          );
      });
      await listener.query(`listen ${DISCOVERY_CHANNEL}`);
      return async () => {
        engine = null;
        await listener.end().catch(() => undefined);
      };
    },

    /** Starts a run (docs/catalog.md, "Registry of application forms"). */
    async discover(input: DiscoverFormsInput, meta: CommandMeta) {
      if (input.collection === 'test') await ensureTestCatalog();
      const started = await discoverForms(ctx, input, meta);
      if (started.runId) {
        await ctx.projections.waitFor(started.checkpoint, 60_000);
        await dispatch(started.runId);
      }
      return started;
    },

    async run(runId: string): Promise<FormDiscoveryRun | null> {
      const r = await sql<RunRow>`select * from form_discovery_runs where run_id = ${runId}`.execute(ctx.db);
      return r.rows[0] ? toRun(r.rows[0]) : null;
    },

    /**
     * Discovery runs over both collections as the operators' workflow console lists them: newest
     * first, a keyset page at a time, by state (running or finished), who asked and when.
     */
    async runs(q: DiscoveryRunsQuery): Promise<{ rows: FormDiscoveryRun[]; more: boolean }> {
      let query = ctx.db.selectFrom('form_discovery_runs').selectAll();
      if (q.ids) query = query.where('run_id', 'in', q.ids.length ? q.ids : ['']);
      if (q.status === 'running') query = query.where('finished_at', 'is', null);
      if (q.status === 'finished') query = query.where('finished_at', 'is not', null);
      if (q.requestedBy) query = query.where(sql`lower(requested_by)`, '=', q.requestedBy.toLowerCase());
      if (q.from) query = query.where('started_at', '>=', new Date(q.from));
      if (q.before) query = query.where('started_at', '<', new Date(q.before));
      if (q.after)
        query = query.where(
          sql`(started_at, run_id)`,
          '<',
          sql`(${new Date(q.after.startedAt)}::timestamptz, ${q.after.id}::text)`,
        );
      const rows = (await query
        .orderBy('started_at', 'desc')
        .orderBy('run_id', 'desc')
        .limit(q.limit + 1)
        .execute()) as RunRow[];
      return { rows: rows.slice(0, q.limit).map(toRun), more: rows.length > q.limit };
    },

    /** Runs going now (the console's live count; discovery runs neither queue nor fail as a whole). */
    async runCounts() {
      const r = await sql<{
        n: number;
      }>`select count(*)::int as n from form_discovery_runs where finished_at is null`.execute(ctx.db);
      return { queued: 0, running: r.rows[0]?.n ?? 0, failed: 0 };
    },

    /** A run's own events (asked for, finished), for the console's timeline. */
    events: async (runId: string) => (await ctx.store.readStream(formDiscoveryStream(runId))).events,

    /** The registry's entries of these firms (firms never checked are absent). */
    async entries(collection: FormCollection, ids: readonly string[]): Promise<Map<string, FirmFormEntry>> {
      if (!ids.length) return new Map();
      const r =
        await sql<EntryRow>`select * from firm_forms where collection = ${collection} and firm_id = any(${ids as string[]}::text[])`.execute(
          ctx.db,
        );
      return new Map(r.rows.map((row) => [row.firm_id, toEntry(row)]));
    },

    /** What the operators' screen shows: counts by outcome, the run going (with progress), recent runs, the last errors. */
    async overview(collection: FormCollection, staleDays = DEFAULT_STALE_DAYS): Promise<FormRegistryOverview> {
      const table = sql.table(collection === 'test' ? 'catalog_test_firms' : 'catalog_vc_firms');
      const before = new Date(ctx.clock.now().getTime() - staleDays * 86_400_000);
      const [counts, stale, runs, errors] = await Promise.all([
        sql<{
          outcome: string;
          n: number;
        }>`select outcome, count(*)::int as n from firm_forms where collection = ${collection} group by outcome`.execute(
          ctx.db,
        ),
        sql<{
          n: number;
        }>`select count(*)::int as n from ${table} f left join firm_forms ff on ff.collection = ${collection} and ff.firm_id = f.id
          where coalesce((f.record ->> 'active')::boolean, true) and (ff.checked_at is null or ff.checked_at < ${before})`.execute(
          ctx.db,
        ),
        sql<RunRow>`select * from form_discovery_runs where collection = ${collection} order by started_at desc limit 6`.execute(
          ctx.db,
        ),
        sql<
          EntryRow & { name: string | null }
        >`select ff.*, f.record ->> 'vcName' as name from firm_forms ff left join ${table} f on f.id = ff.firm_id
          where ff.collection = ${collection} and ff.outcome in ('unreachable', 'blocked') order by ff.checked_at desc, ff.firm_id limit 10`.execute(
          ctx.db,
        ),
      ]);
      const all = runs.rows.map(toRun);
      return {
        counts: Object.fromEntries(counts.rows.map((r) => [r.outcome, r.n])),
        stale: stale.rows[0]?.n ?? 0,
        staleDays,
        current: all.find((r) => !r.finishedAt) ?? null,
        recent: all,
        errors: errors.rows.map((r) => ({
          firmId: r.firm_id,
          firmName: r.name,
          outcome: r.outcome,
          detail: r.detail,
          checkedAt: new Date(r.checked_at).toISOString(),
        })),
      };
    },
  };
}
export type FormRegistry = ReturnType<typeof createFormRegistry>;
