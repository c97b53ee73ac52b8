import { freePort } from '@fp/infra';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../../src/runtime';
import { startTestApp, type TestApp } from '../../src/testing/app';
import {
  client,
  diffSnapshots,
  founder,
  killChildren,
  ledgerAuditCli,
  ledgerOf,
  long,
  noteShortVariant,
  outcomesOf,
  projectionsOf,
  serverEnv,
  snapshotTables,
  startServer,
  TERMINAL,
  testFirmId,
  waitUntil,
} from './support';

/**
 * Crash mid-flight (docs/reliability.md §2), the ledger's and the read models' side of it: the
 * real server (`node --import tsx backend/src/main.ts`) is killed with SIGKILL while 50 test
 * submissions run, then started again on the same database. Every submission must end, each
 * charged once and refunded exactly when it failed, the CLI's ledger audit must be clean, and
 * the projections must have resumed at their checkpoints: rebuilding every read model from the
 * log gives the very rows the restarted server left. (backend/test/submissions-recovery.int.test.ts
 * covers the workflow side: which firms complete and that no firm gets an application twice.)
 */
const USERS = long(2, 10);
const FIRMS = [
  'sentinel-capital',
  'forge-ventures',
  'atlas-ventures',
  'pinecone-vc',
  'granite-growth',
  'ember-capital',
  'orbit-fund',
  'cedar-ventures',
  'northwind-ventures',
  'beacon-ventures',
];
const CREDITS = FIRMS.length;

let setup: TestApp | undefined;
let cli: Runtime | undefined;
afterAll(async () => {
  killChildren();
  await cli?.stop();
  await setup?.db.drop();
});

it(`recovers ${USERS * FIRMS.length} in-flight submissions after SIGKILL: ledger exact, projections resumed without gaps or duplicates`, async () => {
  noteShortVariant('crash recovery');
  setup = await startTestApp();
  const users = [];
  for (let i = 0; i < USERS; i++) users.push(await founder(setup, CREDITS));
  const dbUrl = setup.db.url;
  // Keep the database, stop this process's app: only the server under test may run workers.
  await setup.runtime.stop();
  const pool = setup.db.pool;

  const port = await freePort();
  const env = serverEnv(dbUrl, {
    PORT: String(port),
    SANDBOX_PORT: String(await freePort()),
    WORKER_CONCURRENCY: '2',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fp-crash-')),
  });
  const call = client(`http://127.0.0.1:${port}`);

  const first = await startServer(env);
  const submitted = await Promise.all(
    users.map((u) =>
      call('POST', '/api/submit-to-test-vcs', { token: u.token, body: { testVcIds: FIRMS.map(testFirmId) } }),
    ),
  );
  for (const r of submitted) {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.creditsDeducted).toBe(FIRMS.length);
  }
  const ids = submitted.flatMap((r) => r.body.submissionIds as string[]);
  expect(ids).toHaveLength(USERS * FIRMS.length);

  // Kill it while browsers run: a few finished, some under way, most still queued.
  const statuses = async () =>
    (
      await pool.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from submissions group by status`,
      )
    ).rows;
  await waitUntil(
    'runs under way',
    async () => {
      const s = await statuses();
      const done = s.filter((r) => TERMINAL.includes(r.status)).reduce((n, r) => n + r.n, 0);
      return done >= 4 && s.some((r) => r.status === 'processing');
    },
    180_000,
    100,
  );
  first.child.kill('SIGKILL');
  const killedAt = performance.now();
  await first.exited;
  const atKill = await statuses();
  const checkpointsAtKill = new Map(
    (
      await pool.query<{ name: string; checkpoint: string | null }>(
        'select name, checkpoint from projection_checkpoints',
      )
    ).rows.map((r) => [r.name, r.checkpoint]),
  );
  expect(atKill.some((r) => !TERMINAL.includes(r.status))).toBe(true);

  const second = await startServer(env);
  const readyMs = Math.round(performance.now() - killedAt);
  await waitUntil(
    'every submission to reach a terminal state',
    async () => {
      const r = await pool.query<{ open: number }>(
        `select count(*) filter (where status not in ('completed', 'failed', 'stopped') or (status = 'failed' and not credit_refunded))::int as open from submissions`,
      );
      return r.rows[0]!.open === 0;
    },
    700_000,
    500,
  );
  const recoveredMs = Math.round(performance.now() - killedAt);

  // A services-only runtime on the same database (what the CLI boots): it stands by while the
  // server runs the projections, and waits until their stored checkpoints reach the log's head.
  cli = await createRuntime({
    role: 'cli',
    databaseUrl: dbUrl,
    log: () => undefined,
    config: { ...setup.ctx.config, catalogSeed: 'off' },
  });
  await cli.ctx.projections.waitFor(undefined, 60_000);
  const store = cli.ctx.store;

  // Checkpoints went forward from where the killed process left them, never back.
  for (const [name, cp] of (
    await pool.query<{ name: string; checkpoint: string | null }>('select name, checkpoint from projection_checkpoints')
  ).rows.map((r) => [r.name, r.checkpoint] as const)) {
    expect(store.compare(cp, checkpointsAtKill.get(name) ?? null), `checkpoint of ${name}`).toBeGreaterThanOrEqual(0);
  }

  // Every run ended once; charged once, refunded exactly when it did not complete.
  const rows = new Map(
    (
      await pool.query<{ id: string; user_id: string; status: string; credit_refunded: boolean; attempt_id: string }>(
        'select id, user_id, status, credit_refunded, attempt_id from submissions',
      )
    ).rows.map((r) => [r.id, r]),
  );
  expect(rows.size).toBe(ids.length);
  for (const id of ids) {
    const row = rows.get(id)!;
    expect(TERMINAL, id).toContain(row.status);
    expect(await outcomesOf(store, id), `outcomes of ${id}`).toHaveLength(1);
  }
  let completed = 0;
  for (const [i, u] of users.entries()) {
    const ledger = await ledgerOf(store, u.id);
    expect(ledger.problems, `ledger of user ${i}`).toEqual([]);
    const mine = submitted[i]!.body.submissionIds as string[];
    expect([...ledger.spent].sort()).toEqual([...mine].sort());
    const notCompleted = mine.filter((id) => rows.get(id)!.status !== 'completed');
    expect([...ledger.refunded].sort(), `refunds of user ${i}`).toEqual(
      notCompleted.map((id) => rows.get(id)!.attempt_id).sort(),
    );
    const done = mine.length - notCompleted.length;
    completed += done;
    // Starting credit + grant = CREDITS; what is left is one credit per firm that did not get the application.
    expect(ledger.balance).toBe(CREDITS - done);
    expect((await call('GET', '/api/credits/balance', { token: u.token })).body).toEqual({ balance: ledger.balance });
  }

  // The operator's audit, the real CLI in its own process, while the server runs.
  const audit = await ledgerAuditCli(dbUrl);
  expect(
    audit.result.rows.filter((r) => r.status !== 'ok'),
    audit.output,
  ).toEqual([]);
  expect(audit.result.ok).toBe(true);
  expect(audit.exitCode).toBe(0);

  // Live read models after the restart equal a rebuild from the log (no event skipped or applied twice).
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
  const tables = projectionsOf(cli).flatMap((p) => p.tables);
  const live = await snapshotTables(pool, tables);
  const rebuilt = await cli.ctx.projections.rebuild();
  expect(rebuilt.map((r) => r.name).sort()).toEqual(cli.ctx.projections.names.sort());
  const after = await snapshotTables(pool, tables);
  expect(diffSnapshots(live, after)).toEqual([]);
  expect(live.get('submissions')).toHaveLength(ids.length);

  const atKillText = atKill.map((r) => `${r.n} ${r.status}`).join(', ');
  console.log(
    `[reliability] crash: killed with ${atKillText}; restarted and ready ${readyMs} ms after SIGKILL; all ${ids.length} terminal ${recoveredMs} ms after SIGKILL ` +
      `(${completed} completed, ${ids.length - completed} refunded); audit ${audit.result.events} events clean; ${tables.length} tables equal to a rebuild`,
  );
}, 900_000);
