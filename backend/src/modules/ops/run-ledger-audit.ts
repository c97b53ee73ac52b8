import { ledgerAuditStream, type AuditProblem } from '@fp/contracts';
import { sql } from 'kysely';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import { auditLedger, ledgerHistory, type AuditReport } from '../credits/index';
import type { OpsContext } from './context';
import { auditRunDecider } from './audit-run-decider';

/** A worker holds a run this long; it renews the lease well before, so only a lost worker lets it run out. */
const LEASE_MS = 30_000;
const RENEW_MS = 5_000;
const POLL_MS = 2_000;
/** Findings kept with the run's result (the CSV has every ledger), and lines kept per finding. */
const MAX_FINDINGS = 500;
const LINES_PER_FINDING = 25;

/**
 * The full ledger audit as a durable job: a run is an event (who asked, when); workers in any
 * process take a run with a lease, replay every ledger with the CLI's own `auditLedger`, write the
 * checked ledgers for the CSV and record the result as an event. A worker that dies mid-run loses
 * its lease and another (or the restarted one) runs it again from the start.
 */
export function createAuditJobs(ctx: OpsContext) {
  let wake: (() => void) | null = null;

  async function request(meta: CommandMeta): Promise<string> {
    const runId = meta.ids?.runId ?? ctx.newId();
    const r = await handleCommand(
      ctx.store,
      ledgerAuditStream(runId),
      auditRunDecider,
      { type: 'RequestAudit', data: { runId } },
      meta,
    );
    await ctx.projections.waitFor(r.checkpoint, 10_000).catch(() => undefined);
    wake?.();
    return runId;
  }

  /** Takes one run that is under way and not held by a live worker; null when there is none. */
  async function claim(): Promise<string | null> {
    const r = await sql<{ run_id: string }>`
      with due as (
        select r.id from ops_audit_runs r left join ops_audit_jobs j on j.run_id = r.id
        where r.status = 'running' and (j.run_id is null or j.lease_until < now())
        order by r.requested_at limit 1)
      insert into ops_audit_jobs (run_id, lease_until) select id, now() + ${`${LEASE_MS} milliseconds`}::interval from due
      on conflict (run_id) do update set lease_until = excluded.lease_until, attempts = ops_audit_jobs.attempts + 1, done = 0
        where ops_audit_jobs.lease_until < now()
      returning run_id`.execute(ctx.db);
    return r.rows[0]?.run_id ?? null;
  }

  async function run(runId: string): Promise<void> {
    const renew = () =>
      sql`update ops_audit_jobs set lease_until = now() + ${`${LEASE_MS} milliseconds`}::interval where run_id = ${runId}`.execute(
        ctx.db,
      );
    const renewer = setInterval(() => void renew().catch(() => undefined), RENEW_MS);
    let lastReport = 0;
    const meta = (): CommandMeta => ({ now: ctx.clock.now(), actor: 'ledger-audit' });
    try {
      const report = await auditLedger(ctx, {
        onProgress: async ({ done, total }) => {
          if (Date.now() - lastReport < 250) return;
          lastReport = Date.now();
          await sql`update ops_audit_jobs set done = ${done}, total = ${total} where run_id = ${runId}`.execute(ctx.db);
        },
      });
      await sql`update ops_audit_jobs set done = ${report.events}, total = ${report.events} where run_id = ${runId}`.execute(
        ctx.db,
      );
      await saveRows(runId, report);
      const findings = await findingsOf(report);
      const r = await handleCommand(
        ctx.store,
        ledgerAuditStream(runId),
        auditRunDecider,
        {
          type: 'FinishAudit',
          data: {
            runId,
            ok: report.ok,
            streams: report.streams,
            events: report.events,
            problems: report.problems,
            ms: report.ms,
            findings,
            findingsOmitted: Math.max(0, report.problems - findings.length),
          },
        },
        meta(),
      );
      await ctx.projections.waitFor(r.checkpoint, 10_000).catch(() => undefined);
    } catch (err) {
      await handleCommand(
        ctx.store,
        ledgerAuditStream(runId),
        auditRunDecider,
        { type: 'FailAudit', data: { runId, error: (err as Error).message.slice(0, 500) } },
        meta(),
      ).catch(() => undefined);
    } finally {
      clearInterval(renewer);
    }
  }

  /** Every ledger checked, for the CSV (a taken-over run replaces what its first worker wrote). */
  async function saveRows(runId: string, report: AuditReport) {
    await ctx.db.deleteFrom('ops_audit_rows').where('run_id', '=', runId).execute();
    for (let i = 0; i < report.rows.length; i += 5000) {
      const part = report.rows.slice(i, i + 5000);
      await sql`insert into ops_audit_rows (run_id, user_id, events, replayed, read_model, read_model_events, status, problem)
        select ${runId}, * from unnest(${part.map((r) => r.userId)}::text[], ${part.map((r) => r.events)}::int[], ${part.map((r) => r.replayed)}::bigint[],
          ${part.map((r) => r.readModel)}::bigint[], ${part.map((r) => r.readModelEvents)}::int[], ${part.map((r) => r.status)}::text[], ${part.map((r) => r.problem)}::text[])`.execute(
        ctx.db,
      );
    }
  }

  /** The ledgers found wrong, each with its last events from the event store (the ones involved). */
  async function findingsOf(report: AuditReport): Promise<AuditProblem[]> {
    const out: AuditProblem[] = [];
    for (const row of report.rows.filter((r) => r.status !== 'ok').slice(0, MAX_FINDINGS)) {
      const lines = row.status === 'orphan' ? [] : await ledgerHistory(ctx.store, row.userId);
      out.push({
        userId: row.userId,
        status: row.status as AuditProblem['status'],
        problem: row.problem,
        events: row.events,
        replayed: row.replayed,
        readModel: row.readModel,
        readModelEvents: row.readModelEvents,
        lines: lines.slice(-LINES_PER_FINDING),
        linesOmitted: Math.max(0, lines.length - LINES_PER_FINDING),
      });
    }
    return out;
  }

  /** Runs every run that is due, one after the other; answers how many it ran. */
  async function workDue(): Promise<number> {
    let n = 0;
    for (let id = await claim(); id; id = await claim()) {
      await run(id);
      n++;
    }
    return n;
  }

  /** The worker: woken by a request in this process, and polling for requests made by others and for lost leases. */
  function start(): () => Promise<void> {
    let stopped = false;
    let current: Promise<unknown> = Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    const tick = () => {
      if (stopped) return;
      clearTimeout(timer);
      current = current
        .then(() => workDue())
        .catch(() => undefined)
        .finally(() => {
          clearTimeout(timer);
          if (!stopped) timer = setTimeout(tick, POLL_MS);
        });
    };
    wake = tick;
    tick();
    return async () => {
      stopped = true;
      wake = null;
      clearTimeout(timer);
      await current;
    };
  }

  return { request, workDue, start };
}
export type AuditJobs = ReturnType<typeof createAuditJobs>;
