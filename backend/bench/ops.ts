import { startTestApp } from '../src/testing/app';
import { auditLedger } from '../src/modules/credits/index';
import { benchPostgres, percentile, round, writeCreditLedgers } from './support';

const RUNS = 100_000;
const REQUESTS = 200;

/**
 * Issue 18: the workflow console's list over 100,000 runs (seeded into the read model), through
 * HTTP as an operator: first pages, status filters, a user's runs and deep keyset pages. Aim p95 ≤ 100 ms.
 * Then the full ledger audit started from the screen over 1,000,000 credit events, run by the
 * durable job to its result, beside the CLI's audit of the same log (aim: within the CLI's time).
 */
export async function bench(): Promise<Record<string, number | string>> {
  const server = await benchPostgres({ durable: false });
  const app = await startTestApp({ pgAdminUrl: server.adminUrl, workers: false });
  try {
    const admin = await app.createUser({ admin: true });
    await app.ctx.pool.query(
      `insert into submissions (id, user_id, vc_firm_id, test, firm_name, status, attempt_id, attempt, submitted_at, completed_at, updated_at)
       select 'bench-' || i, 'bench-user-' || (i % 2000), 'test_vc_bench', true, 'Bench Firm ' || (i % 500),
              (array['completed','failed','stopped','pending','processing'])[1 + i % 5], 'bench-attempt-' || i, 1 + i % 3,
              timestamptz '2026-01-01' + i * interval '7 seconds', timestamptz '2026-01-01' + i * interval '7 seconds' + interval '40 seconds', now()
       from generate_series(1, ${RUNS}) i`,
    );
    await app.ctx.pool.query('analyze submissions');
    // A cursor deep in the list (page 500 of 50), to check keyset pages cost what the first does.
    let deep: string | null = null;
    {
      let cursor: string | null = null;
      for (let p = 0; p < 500; p++) {
        const r: { body: { nextCursor: string | null } } = await app.api(
          'GET',
          `/api/ops/workflows?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
          { token: admin.token },
        );
        cursor = r.body.nextCursor;
      }
      deep = cursor;
    }
    const queries = [
      '',
      'status=failed',
      'status=processing',
      `cursor=${deep}`,
      'status=completed&from=2026-01-03T00:00:00Z&to=2026-01-05T00:00:00Z',
    ];
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      const r = await app.api('GET', `/api/ops/workflows?limit=50&${queries[i % queries.length]}`, {
        token: admin.token,
      });
      times.push(performance.now() - t);
      if (r.status !== 200 || r.body.runs.length !== 50)
        throw new Error(`workflow list answered ${r.status} with ${r.body.runs?.length} runs`);
    }

    await writeCreditLedgers(app.ctx.store, 1000, 1000);
    await app.ctx.projections.waitFor(undefined, 30 * 60_000);
    const cli = await auditLedger(app.ctx);
    // The job as a worker process runs it (this app was started without workers).
    const stopJobs = app.services.ops.audits.start();
    const t0 = performance.now();
    const started = await app.api('POST', '/api/ops/audits', { token: admin.token, body: {} });
    if (started.status !== 202) throw new Error(`audit request answered ${started.status}`);
    let run: { status: string; events: number | null; ok: boolean | null } = started.body.run;
    while (run.status === 'running') {
      await new Promise((r) => setTimeout(r, 200));
      run = (await app.api('GET', `/api/ops/audits/${started.body.run.id}`, { token: admin.token })).body.run;
    }
    const screenMs = performance.now() - t0;
    await stopJobs();
    if (run.status !== 'done' || !run.ok) throw new Error(`the audit ended ${run.status}, ok=${run.ok}`);
    return {
      'opsAudit.events': run.events ?? 0,
      'opsAudit.fromScreenMs': Math.round(screenMs),
      'opsAudit.fromScreenMs.aim': `≤ the CLI's (${cli.ms} ms here)`,
      'opsAudit.cliMs': cli.ms,
      'opsWorkflows.runs': RUNS,
      'opsWorkflows.listP50Ms': round(percentile(times, 50)),
      'opsWorkflows.listP95Ms': round(percentile(times, 95)),
      'opsWorkflows.listP95Ms.aim': '≤ 100',
    };
  } finally {
    await app.close();
    await server.stop();
  }
}
