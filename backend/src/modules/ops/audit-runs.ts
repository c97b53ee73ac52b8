import { iso } from '@fp/contracts';
import type { AuditProblem, AuditRun, AuditRunDetail } from '@fp/contracts';
import { csvRow, CSV_LINE_BREAK } from '@fp/contracts';
import { sql } from 'kysely';
import type { OpsContext } from './context';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

type RunRow = Record<string, any>;

async function toRuns(ctx: OpsContext, rows: RunRow[]): Promise<AuditRun[]> {
  const emails = await ctx.accounts.emails([...new Set(rows.map((r) => r.requested_by as string))]);
  return rows.map((r) => ({
    id: r.id,
    requestedBy: { id: r.requested_by, email: emails.get(r.requested_by) ?? null },
    requestedAt: iso(r.requested_at)!,
    status: r.status,
    finishedAt: iso(r.finished_at),
    progress: r.status === 'running' ? { done: Number(r.done ?? 0), total: num(r.total) } : null,
    ok: r.ok ?? null,
    streams: num(r.streams),
    events: num(r.events),
    problems: num(r.problems),
    ms: num(r.ms),
    error: r.error ?? null,
  }));
}

const runs = (ctx: OpsContext) =>
  ctx.db
    .selectFrom('ops_audit_runs as r')
    .leftJoin('ops_audit_jobs as j', 'j.run_id', 'r.id')
    .select([
      'r.id',
      'r.requested_by',
      'r.requested_at',
      'r.status',
      'r.finished_at',
      'r.ok',
      'r.streams',
      'r.events',
      'r.problems',
      'r.ms',
      'r.error',
      'j.done',
      'j.total',
    ]);

/** Past and running audit runs, newest first, with who asked for them. */
export async function listAuditRuns(ctx: OpsContext, limit: number): Promise<AuditRun[]> {
  return toRuns(ctx, await runs(ctx).orderBy('r.requested_at', 'desc').orderBy('r.id').limit(limit).execute());
}

export async function getAuditRun(ctx: OpsContext, id: string): Promise<AuditRunDetail | null> {
  const row = await runs(ctx).select(['r.findings', 'r.findings_omitted']).where('r.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [run] = await toRuns(ctx, [row]);
  const findings = (row.findings ?? []) as AuditProblem[];
  // Users and operators (actors of grants) by e-mail, as on the user's ledger.
  const emails = await ctx.accounts.emails([
    ...new Set(findings.flatMap((f) => [f.userId, ...f.lines.map((l) => l.actor)])),
  ]);
  return {
    ...run!,
    findings: findings.map((f) => ({
      ...f,
      email: emails.get(f.userId) ?? null,
      lines: f.lines.map((l) => ({ ...l, actor: emails.get(l.actor) ?? l.actor })),
    })),
    findingsOmitted: Number(row.findings_omitted ?? 0),
  };
}

/** Every ledger a finished run checked, problems first, as CSV lines (streamed page by page). */
export async function* auditRunCsv(ctx: OpsContext, id: string): AsyncGenerator<string> {
  yield (
    csvRow([
      'user_id',
      'email',
      'status',
      'events',
      'replayed_balance',
      'read_model_balance',
      'read_model_events',
      'problem',
    ]) + CSV_LINE_BREAK
  );
  let after: { rank: number; userId: string } | null = null;
  for (;;) {
    const page: {
      user_id: string;
      email: string | null;
      status: string;
      events: number;
      replayed: string;
      read_model: string | null;
      read_model_events: number | null;
      problem: string | null;
      rank: number;
    }[] = (
      await sql<any>`
        select a.user_id, u.email, a.status, a.events, a.replayed, a.read_model, a.read_model_events, a.problem, (a.status = 'ok')::int as rank
        from ops_audit_rows a left join users u on u.id = a.user_id
        where a.run_id = ${id} ${after ? sql`and ((a.status = 'ok')::int, a.user_id) > (${after.rank}, ${after.userId})` : sql``}
        order by (a.status = 'ok')::int, a.user_id limit 5000`.execute(ctx.db)
    ).rows;
    if (!page.length) return;
    yield page
      .map(
        (r) =>
          csvRow([
            r.user_id,
            r.email,
            r.status,
            r.events,
            num(r.replayed),
            num(r.read_model),
            r.read_model_events,
            r.problem,
          ]) + CSV_LINE_BREAK,
      )
      .join('');
    const last = page[page.length - 1]!;
    after = { rank: Number(last.rank), userId: last.user_id };
  }
}
