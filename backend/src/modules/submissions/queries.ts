import {
  API_ROUTES,
  apiPath,
  runFigures,
  successRate,
  SUBMISSION_EVENT_TYPES,
  SUBMISSION_NOT_FOUND,
  submissionStream,
  type Submission,
  type TakeoverReason,
  type TakeoverRecord,
  type SubmissionActivityResponse,
  type SubmissionStatsResponse,
  iso,
} from '@fp/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import { DomainError } from '../../platform/decider';
import { signViewToken } from './tokens';

export interface SubmissionRow {
  id: string;
  user_id: string;
  vc_firm_id: string;
  test: boolean;
  firm_name: string;
  firm_location: string | null;
  firm_investor_type: string | null;
  firm_description: string | null;
  firm_website: string | null;
  status: Submission['status'];
  sub_status: Submission['submissionStatus'];
  attempt_id: string;
  attempt: number;
  task_id: string | null;
  engine: string | null;
  live_view: boolean;
  stop_requested: boolean;
  summary: string | null;
  ai_recap: string | null;
  recap_source: 'llm' | 'rules' | null;
  error: string | null;
  error_code: string | null;
  confirmation_text: string | null;
  fields_filled: { field: string; label: string; value: string }[] | string;
  not_sent: { question: string; reason: string; given: boolean }[] | string;
  screenshot: boolean;
  final_url: string | null;
  sent_request: { method: string; url: string; status: number } | string | null;
  page_html: boolean;
  credit_refunded: boolean;
  submitted_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  input_phase?: number;
  input_questions?: unknown;
  input_deadline?: Date | null;
  takeover_reason?: TakeoverReason | null;
  takeover_message?: string | null;
  takeover_deadline?: Date | null;
  takeovers?: TakeoverRecord[] | string;
}

const isActive = (status: string) => status === 'pending' || status === 'processing';

export const liveUrlFor = (ctx: Pick<AppContext, 'config' | 'clock'>, row: Pick<SubmissionRow, 'id' | 'user_id'>) =>
  `/live/${encodeURIComponent(row.id)}?token=${signViewToken(ctx.config.authSecret, row.id, row.user_id, ctx.clock.now())}`;

/** The row as the API shows it (spec §3 Submission plus proof); links are signed for the owner. */
export function toSubmission(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  row: SubmissionRow,
  opts: { liveNow?: boolean } = {},
): Submission {
  const active = isActive(row.status);
  const token = signViewToken(ctx.config.authSecret, row.id, row.user_id, ctx.clock.now());
  const fields = typeof row.fields_filled === 'string' ? JSON.parse(row.fields_filled) : row.fields_filled;
  return {
    id: row.id,
    vcFirmId: row.vc_firm_id,
    vcFirm: {
      name: row.firm_name,
      location: row.firm_location,
      investorType: row.firm_investor_type,
      description: row.firm_description,
      website: row.firm_website,
    },
    status: row.status,
    submissionStatus: row.sub_status,
    summary: row.summary,
    aiRecap: row.ai_recap,
    recapSource: row.ai_recap ? (row.recap_source ?? 'rules') : null,
    error: row.error,
    liveUrl:
      row.status === 'processing' && (row.live_view || opts.liveNow)
        ? `/live/${encodeURIComponent(row.id)}?token=${token}`
        : null,
    taskId: row.task_id,
    submittedAt: iso(row.submitted_at)!,
    completedAt: active ? null : iso(row.completed_at),
    canStop: active && !row.stop_requested,
    canRetry: row.status === 'failed' || row.status === 'stopped',
    screenshotUrl: row.screenshot
      ? `/live/${encodeURIComponent(row.id)}/screenshot?token=${token}&attempt=${encodeURIComponent(row.attempt_id)}`
      : null,
    confirmationText: row.confirmation_text,
    sentRequest: typeof row.sent_request === 'string' ? JSON.parse(row.sent_request) : (row.sent_request ?? null),
    proofUrl:
      !active && (row.screenshot || row.page_html || row.sent_request || row.confirmation_text)
        ? apiPath(API_ROUTES.submissionProof, { id: row.id })
        : null,
    fieldsFilled: fields ?? [],
    notSent: (typeof row.not_sent === 'string' ? JSON.parse(row.not_sent) : row.not_sent) ?? [],
    test: row.test,
    attempt: row.attempt,
    creditRefunded: row.credit_refunded,
    inputDeadline: row.sub_status === 'waiting_for_input' ? iso(row.input_deadline ?? null) : null,
    takeover:
      row.sub_status === 'waiting_for_takeover' && row.takeover_reason && row.takeover_deadline
        ? { reason: row.takeover_reason, message: row.takeover_message ?? '', deadline: iso(row.takeover_deadline)! }
        : null,
    takeovers: (typeof row.takeovers === 'string' ? JSON.parse(row.takeovers) : row.takeovers) ?? [],
  };
}

/**
 * The submission if it belongs to the user; another user's (or an unknown id) is a 404, never a 403.
 * One just submitted may not be in the read model yet: its stream says so, and the answer waits for it.
 */
export async function ownedRow(
  ctx: Pick<AppContext, 'db' | 'store'>,
  userId: string,
  id: string,
): Promise<SubmissionRow> {
  const find = async () =>
    (await ctx.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()) as SubmissionRow | undefined;
  let row = await find();
  if (!row) {
    const { events } = await ctx.store.readStream(submissionStream(id));
    const first = events[0];
    if (first?.type === 'SubmissionRequested' && (first.data as { userId?: string }).userId === userId) {
      await waitForSubmissionsProjection(ctx);
      row = await find();
    }
  }
  if (!row) throw new DomainError(SUBMISSION_NOT_FOUND, 404, 'not_found');
  return row;
}

export async function listSubmissions(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  userId: string,
  q: { limit: number; status: string },
) {
  let query = ctx.db.selectFrom('submissions').where('user_id', '=', userId);
  if (q.status === 'processing') query = query.where('status', 'in', ['pending', 'processing']);
  else if (q.status !== 'all') query = query.where('status', '=', q.status);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('submitted_at', 'desc').orderBy('id').limit(q.limit).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { submissions: (rows as SubmissionRow[]).map((r) => toSubmission(ctx, r)), total: Number(count?.n ?? 0) };
}

export async function submissionStats(ctx: Pick<AppContext, 'db'>, userId: string): Promise<SubmissionStatsResponse> {
  // One row per application (a retry reuses its row), so a retry is never an extra application.
  const r = await sql<{
    status: string;
    n: number;
  }>`select status, count(*)::int as n from submissions where user_id = ${userId} group by status`.execute(ctx.db);
  const f = runFigures(r.rows.map((row) => [row.status, row.n] as const));
  return { ...f, successRate: successRate(f) };
}

/** Whether the founder has a submission to a test firm and one to a real firm (the first-run checklist). */
export async function submissionKinds(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
): Promise<{ test: boolean; real: boolean }> {
  const r = await sql<{ test: boolean; real: boolean }>`
    select coalesce(bool_or(test), false) as test, coalesce(bool_or(not test), false) as real
    from submissions where user_id = ${userId}`.execute(ctx.db);
  return { test: r.rows[0]?.test ?? false, real: r.rows[0]?.real ?? false };
}

/** Per UTC day of submitting, the last `days` days (today included), each day present. */
export async function submissionActivity(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  days: number,
): Promise<SubmissionActivityResponse> {
  const today = new Date(ctx.clock.now().toISOString().slice(0, 10) + 'T00:00:00Z');
  const from = new Date(today.getTime() - (days - 1) * 86_400_000);
  const r = await sql<{ day: string; completed: number; failed: number; processing: number }>`
    select to_char(submitted_at at time zone 'UTC', 'YYYY-MM-DD') as day,
           count(*) filter (where status = 'completed')::int as completed,
           count(*) filter (where status = 'failed')::int as failed,
           count(*) filter (where status in ('pending', 'processing'))::int as processing
    from submissions where user_id = ${userId} and submitted_at >= ${from}
    group by 1`.execute(ctx.db);
  const byDay = new Map(r.rows.map((row) => [row.day, row]));
  return {
    days: Array.from({ length: days }, (_, i) => {
      const date = new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      const row = byDay.get(date);
      return { date, completed: row?.completed ?? 0, failed: row?.failed ?? 0, processing: row?.processing ?? 0 };
    }),
  };
}

/**
 * Read-your-writes for this module only: waits until the submissions projection has applied every
 * submission event in the log now (other projections, e.g. a catalog import, are not waited for).
 */
export async function waitForSubmissionsProjection(
  ctx: Pick<AppContext, 'db' | 'store'>,
  timeoutMs = 5000,
): Promise<void> {
  const target = await ctx.store.head();
  if (!target) return;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await ctx.db
      .selectFrom('projection_checkpoints')
      .select('checkpoint')
      .where('name', '=', 'submissions')
      .executeTakeFirst();
    const cp = (row?.checkpoint as string | undefined) ?? null;
    if (ctx.store.compare(cp, target) >= 0) return;
    if ((await ctx.store.countAfter(cp, [...SUBMISSION_EVENT_TYPES])) === 0) return;
    if (Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** Submissions per user (operators' user list). */
export async function submissionCounts(ctx: Pick<AppContext, 'db'>, userIds: string[]): Promise<Map<string, number>> {
  const rows = userIds.length
    ? await ctx.db
        .selectFrom('submissions')
        .select(['user_id', sql<string>`count(*)`.as('n')])
        .where('user_id', 'in', userIds)
        .groupBy('user_id')
        .execute()
    : [];
  return new Map(userIds.map((id) => [id, Number(rows.find((r) => r.user_id === id)?.n ?? 0)]));
}
