import { iso } from '@fp/contracts';
import type { OpsWorkflowRun, SubmissionStatus } from '@fp/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';

export interface RunsQuery {
  status?: SubmissionStatus;
  userId?: string;
  from?: string;
  to?: string;
  /** Keyset position: the last row of the previous page. */
  after?: { submittedAt: string; id: string };
  limit: number;
}

/** One run as the console lists it (its owner's e-mail is added by the ops module). */
export type RunRow = Omit<OpsWorkflowRun, 'kind' | 'email'> & { userId: string; firm: string };

function toRunRow(r: any): RunRow {
  const active = r.status === 'pending' || r.status === 'processing';
  return {
    id: r.id,
    userId: r.user_id,
    firm: r.firm_name,
    subject: null,
    test: r.test,
    status: r.status,
    step: r.sub_status ?? null,
    attempt: r.attempt,
    engine: r.engine ?? null,
    submittedAt: iso(r.submitted_at)!,
    startedAt: iso(r.started_at),
    endedAt: active ? null : iso(r.completed_at),
    error: r.error ?? null,
    canStop: active && !r.stop_requested,
    canRetry: r.status === 'failed' || r.status === 'stopped',
  };
}

/** One run as the console shows it, or null. */
export async function runById(ctx: Pick<AppContext, 'db'>, id: string): Promise<RunRow | null> {
  const r = await ctx.db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? toRunRow(r) : null;
}

/**
 * Submission runs over every founder for the operators' console: newest first, a keyset page at a
 * time (no OFFSET: the page after 100,000 runs costs what the first does), by status, user and time.
 */
export async function listRuns(ctx: Pick<AppContext, 'db'>, q: RunsQuery): Promise<{ rows: RunRow[]; more: boolean }> {
  let query = ctx.db.selectFrom('submissions').selectAll();
  if (q.status) query = query.where('status', '=', q.status);
  if (q.userId) query = query.where('user_id', '=', q.userId);
  if (q.from) query = query.where('submitted_at', '>=', new Date(q.from));
  if (q.to) query = query.where('submitted_at', '<', new Date(q.to));
  if (q.after)
    query = query.where(
      sql`(submitted_at, id)`,
      '<',
      sql`(${new Date(q.after.submittedAt)}::timestamptz, ${q.after.id}::text)`,
    );
  const rows = await query
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .execute();
  return {
    more: rows.length > q.limit,
    rows: rows.slice(0, q.limit).map(toRunRow),
  };
}

/** Who a submission belongs to (operators act on it through the owner's own commands). */
export async function ownerOf(ctx: Pick<AppContext, 'db'>, id: string): Promise<string | null> {
  const r = await ctx.db.selectFrom('submissions').select('user_id').where('id', '=', id).executeTakeFirst();
  return r?.user_id ?? null;
}

/** Queued, running and failed runs over every founder (the console's live counts). */
export async function runCounts(
  ctx: Pick<AppContext, 'db'>,
): Promise<{ queued: number; running: number; failed: number }> {
  const r = await sql<{ queued: string; running: string; failed: string }>`
    select count(*) filter (where status = 'pending') as queued, count(*) filter (where status = 'processing') as running,
           count(*) filter (where status = 'failed') as failed from submissions`.execute(ctx.db);
  return {
    queued: Number(r.rows[0]?.queued ?? 0),
    running: Number(r.rows[0]?.running ?? 0),
    failed: Number(r.rows[0]?.failed ?? 0),
  };
}
