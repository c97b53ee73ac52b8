import { submissionStream, type Submission } from '@fp/contracts';
import { backendEntryArgs, freePort, loadConfig, PostgresEventStore, REPO_ROOT } from '@fp/infra';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/runtime';
import { startTestApp, TEST_SECURITY, type TestApp } from '../src/testing/app';
import { founder, testFirmId, TERMINAL, waitUntil } from './submissions-helpers';

/**
 * Crash recovery with the real server process: submissions are running in `npm start`'s process
 * when it is killed with SIGKILL (no shutdown code runs); started again on the same database, the
 * durable workflows resume and every submission reaches a terminal state, charged or refunded by
 * the refund policy, and no firm gets the application twice.
 */
let setup: TestApp | undefined;
const children: ChildProcess[] = [];
const dropLater: TestApp[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await setup?.db.drop();
  for (const a of dropLater) await a.db.drop();
});

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, backendEntryArgs('main'), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const check = () => {
      if (out.includes('ready in')) {
        clearTimeout(timer);
        resolve({ child, output: () => out });
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}

it('resumes every in-flight submission after the server is killed (SIGKILL) and started again', async () => {
  setup = await startTestApp();
  const user = await founder(setup, 4);
  const dbUrl = setup.db.url;
  // Keep the database; the app in this process must not run workers next to the server under test.
  await setup.runtime.stop();

  const port = await freePort();
  const env = {
    DATABASE_URL: dbUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    SANDBOX_PORT: '0',
    CATALOG_SEED: 'off',
    // A CAPTCHA firm fails at once, as before takeovers (nobody is there to take over).
    TAKEOVER_MINUTES: '0',
    WORKER_CONCURRENCY: '2',
    // This test's HTTP client is not a browser; abuse protection is the security module's test.
    SECURITY_USER_AGENT_MODE: 'off',
    RATE_LIMIT_STORE: 'memory',
    RATE_LIMIT_GENERAL: '100000',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fp-recovery-')),
  };
  const base = `http://127.0.0.1:${port}`;
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(base + p, {
      method,
      headers: { authorization: `Bearer ${user.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const list = async () => (await call('GET', '/api/submissions?limit=50')).body.submissions as Submission[];

  const first = await startServer(env);
  const firms = ['tortoise-capital', 'northwind-ventures', 'sentinel-capital', 'orbit-fund'];
  const submitted = await call('POST', '/api/submit-to-test-vcs', { testVcIds: firms.map(testFirmId) });
  expect(submitted.status).toBe(200);
  expect(submitted.body.creditsDeducted).toBe(4);

  // Kill it while browsers are running.
  await waitUntil(
    'a submission to be running',
    async () => (await list()).some((s) => s.status === 'processing'),
    60_000,
    100,
  );
  const atKill = await list();
  expect(atKill.some((s) => !TERMINAL.includes(s.status))).toBe(true);
  first.child.kill('SIGKILL');
  await new Promise((r) => first.child.once('exit', r));

  const second = await startServer(env);
  const final = await waitUntil(
    'every submission to reach a terminal state',
    async () => {
      const all = await list();
      // A failure and its refund are two writes (the outcome, then the ledger and its record), so
      // the list can show "failed" a moment before the refund lands: wait for both.
      const settled = all.every((s) => TERMINAL.includes(s.status) && (s.status !== 'failed' || s.creditRefunded));
      return all.length === firms.length && settled ? all : null;
    },
    120_000,
    500,
  );
  const byFirm = Object.fromEntries(final.map((s) => [s.vcFirmId.replace('test_vc_', ''), s]));
  expect(byFirm['northwind-ventures']!.status).toBe('completed');
  expect(byFirm['orbit-fund']!.status).toBe('completed');
  expect(byFirm['sentinel-capital']!.status).toBe('failed');
  // Tortoise was running when the server died: it either completed on resume, or (had the form
  // already been filled) failed honestly rather than being sent twice.
  expect(['completed', 'failed']).toContain(byFirm['tortoise-capital']!.status);

  // One outcome per attempt; the refund policy held: completed charged, failed refunded.
  const db = setup.db.db;
  const store = new PostgresEventStore(setup.db.pool);
  for (const s of final) {
    const { events } = await store.readStream(submissionStream(s.id));
    const outcomes = events.filter((e) =>
      ['SubmissionCompleted', 'SubmissionFailed', 'SubmissionStopped'].includes(e.type),
    );
    expect(outcomes, s.vcFirmId).toHaveLength(1);
    expect(s.creditRefunded).toBe(s.status === 'failed');
  }
  const failedCount = final.filter((s) => s.status === 'failed').length;
  const bal = await waitUntil('the balance', async () => {
    const r = await call('GET', '/api/credits/balance');
    return r.body.balance === failedCount ? r.body.balance : null;
  });
  expect(bal).toBe(failedCount);
  expect(
    (await db.selectFrom('submissions').select('id').where('status', 'in', ['pending', 'processing']).execute()).length,
  ).toBe(0);

  second.child.kill('SIGTERM');
  await new Promise((r) => second.child.once('exit', r));
}, 300_000);

it('leaves running submissions unfinished on a graceful stop, and the next start completes them', async () => {
  const first = await startTestApp();
  dropLater.push(first);
  const user = await founder(first, 1);
  const r = await first.api('POST', '/api/submit-to-test-vcs', {
    token: user.token,
    body: { testVcIds: [testFirmId('tortoise-capital')] },
  });
  const id = r.body.submissionIds[0] as string;
  const row = () =>
    first.db.db.selectFrom('submissions').select(['status', 'sub_status']).where('id', '=', id).executeTakeFirst();
  await waitUntil('the run to start', async () => (await row())?.status === 'processing', 60_000, 100);
  await first.runtime.stop();
  // Shutting down is not a failure: the submission waits for the next start.
  expect((await row())?.status).toBe('processing');
  const events = (await new PostgresEventStore(first.db.pool).readStream(submissionStream(id))).events.map(
    (e) => e.type,
  );
  expect(events).not.toContain('SubmissionFailed');

  const config = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(path.join(tmpdir(), 'fp-restart-')),
    sandboxPort: 0,
    catalogSeed: 'off' as const,
  };
  config.security = { ...config.security, ...TEST_SECURITY };
  let second: Runtime | undefined;
  try {
    second = await createRuntime({ config, role: 'all', databaseUrl: first.db.url, log: () => {} });
    const done = await waitUntil(
      'the submission to finish after the restart',
      async () => {
        const x = await row();
        return x && TERMINAL.includes(x.status) ? x : null;
      },
      120_000,
      250,
    );
    expect(['completed', 'failed']).toContain(done.status);
  } finally {
    await second?.stop();
  }
}, 300_000);
