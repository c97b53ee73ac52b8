import { DEFAULT_STALE_DAYS } from '@fp/contracts';
import { formDiscoveryStream, type FormCollection } from '@fp/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import { DomainError, handleCommand, type CommandMeta } from '../../platform/decider';
import { formDiscoveryDecider } from './form-discovery-decider';

export interface DiscoverFormsInput {
  collection: FormCollection;
  /** One firm; else every firm (all) or the stale ones. */
  firmId?: string;
  all?: boolean;
  /** Firms never checked, or checked longer ago than this many days (default 30). */
  staleDays?: number;
  /** Who asked, as operators read it (an e-mail); the command's actor when absent. */
  requestedBy?: string;
}

export interface DiscoverFormsStarted {
  runId: string | null;
  total: number;
  checkpoint: string | null;
}

const FIRMS: Record<FormCollection, string> = { vc: 'catalog_vc_firms', test: 'catalog_test_firms' };

/** The firms a run visits, in name order: one, all active ones, or those not checked for `staleDays`. */
async function pickFirms(ctx: Pick<AppContext, 'db'>, input: DiscoverFormsInput, now: Date): Promise<string[]> {
  const table = sql.table(FIRMS[input.collection]);
  if (input.firmId) {
    const r = await sql<{ id: string }>`select id from ${table} where id = ${input.firmId}`.execute(ctx.db);
    if (!r.rows.length)
      throw new DomainError(
        `No firm ${input.firmId} in the ${input.collection === 'test' ? 'test VC database' : 'VC database'}`,
        404,
        'not_found',
      );
    return [input.firmId];
  }
  // Firms that left every source are kept for their submissions, not visited again.
  const active = sql`coalesce((f.record ->> 'active')::boolean, true)`;
  if (input.all)
    return (
      await sql<{ id: string }>`select f.id from ${table} f where ${active} order by f.sort_key, f.id`.execute(ctx.db)
    ).rows.map((r) => r.id);
  const staleDays = input.staleDays ?? DEFAULT_STALE_DAYS;
  const before = new Date(now.getTime() - staleDays * 86_400_000);
  const r = await sql<{
    id: string;
  }>`select f.id from ${table} f left join firm_forms ff on ff.collection = ${input.collection} and ff.firm_id = f.id
    where ${active} and (ff.checked_at is null or ff.checked_at < ${before}) order by f.sort_key, f.id`.execute(ctx.db);
  return r.rows.map((x) => x.id);
}

/**
 * Starts a discovery run: the firms are fixed now (so a resumed run visits the same ones) and the
 * run goes to the workflow engine. One run per catalog at a time; nothing to visit starts nothing.
 */
export async function discoverForms(
  ctx: Pick<AppContext, 'db' | 'store' | 'newId'>,
  input: DiscoverFormsInput,
  meta: CommandMeta,
): Promise<DiscoverFormsStarted> {
  if (input.staleDays !== undefined && (!Number.isInteger(input.staleDays) || input.staleDays < 0))
    throw new DomainError('staleDays must be a whole number of days (0 or more)');
  const going = await sql<{
    run_id: string;
    checked: number;
    total: number;
  }>`select run_id, checked, total from form_discovery_runs
    where collection = ${input.collection} and finished_at is null order by started_at desc limit 1`.execute(ctx.db);
  if (going.rows.length) {
    const g = going.rows[0]!;
    throw new DomainError(
      `A discovery run is already going (${g.checked} of ${g.total} firms checked); wait for it to finish.`,
      409,
      'discovery_running',
    );
  }
  const firmIds = await pickFirms(ctx, input, meta.now);
  if (!firmIds.length) return { runId: null, total: 0, checkpoint: null };
  const runId = meta.ids?.runId ?? ctx.newId();
  const r = await handleCommand(
    ctx.store,
    formDiscoveryStream(runId),
    formDiscoveryDecider,
    {
      type: 'StartDiscovery',
      data: {
        runId,
        collection: input.collection,
        firmIds,
        staleDays: input.firmId || input.all ? null : (input.staleDays ?? DEFAULT_STALE_DAYS),
        requestedBy: input.requestedBy ?? meta.actor,
      },
    },
    meta,
  );
  return { runId, total: firmIds.length, checkpoint: r.checkpoint };
}
