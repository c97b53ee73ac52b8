import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../src/testing/app';
import { founder, ledgerAuditCli, ledgerOf, outcomesOf, settledSubmissions, testFirmId, waitUntil } from './support';

/**
 * The database restarted mid-run, as the app sees it (docs/reliability.md): every connection to the
 * app's database — the API's pool, the projection runner, the workers, DBOS — is cut three times
 * while applications run, as a restart or a failover does. Every run must still end terminal, with
 * one outcome, charged once, refunded exactly when it failed, and the CLI's ledger audit clean.
 * (Only this file's database is touched: the other files' databases on the same server run on.)
 */
const FIRMS = [
  'northwind-ventures',
  'orbit-fund',
  'sentinel-capital',
  'pinecone-vc',
  'ember-capital',
  'cedar-ventures',
];
const CREDITS = FIRMS.length;
const CUTS = 3;

let app: TestApp | undefined;
afterAll(async () => {
  await app?.runtime.stop();
  await app?.db.drop();
});

it('ends every run terminal with the right credits when every database connection is cut mid-run', async () => {
  app = await startTestApp();
  const user = await founder(app, CREDITS);
  const dbName = new URL(app.db.url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: app.db.url });
  await admin.connect();
  let cut = 0;
  try {
    const submitted = await app.api('POST', '/api/submit-to-test-vcs', {
      token: user.token,
      body: { testVcIds: FIRMS.map(testFirmId) },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const ids = submitted.body.submissionIds as string[];
    expect(ids).toHaveLength(FIRMS.length);

    // Cut while runs are under way: once the first has started, then twice more a moment apart.
    await waitUntil(
      'a run under way',
      async () => (await admin.query(`select 1 from submissions where status = 'processing' limit 1`)).rowCount === 1,
      120_000,
      100,
    );
    for (let i = 0; i < CUTS; i++) {
      const r = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [dbName],
      );
      expect(r.rowCount).toBeGreaterThan(0);
      cut++;
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }

    const rows = await settledSubmissions(admin, ids, 240_000);
    expect(cut).toBe(CUTS);
    for (const id of ids) expect(await outcomesOf(app.ctx.store, id)).toHaveLength(1);
    const completed = rows.filter((s) => s.status === 'completed').length;
    const ledger = await ledgerOf(app.ctx.store, user.id);
    expect(ledger.problems).toEqual([]);
    expect(ledger.spent).toHaveLength(FIRMS.length);
    expect(ledger.balance).toBe(CREDITS - completed);
    // The app still answers, from read models that caught up after the cuts.
    await app.ctx.projections.waitFor(undefined, 60_000);
    const list = await app.api('GET', '/api/submissions', { token: user.token });
    expect(list.status).toBe(200);
    const audit = await ledgerAuditCli(app.db.url);
    expect(audit.exitCode, audit.output).toBe(0);
    expect(audit.result.ok).toBe(true);
  } finally {
    await admin.end().catch(() => undefined);
  }
}, 400_000);
