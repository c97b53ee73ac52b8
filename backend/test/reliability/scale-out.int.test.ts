import { backendEntryArgs, createTestDatabase, freePort, REPO_ROOT, type TestDatabase } from '@fp/infra';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import {
  client,
  COMPLETE_PROFILE,
  killChildren,
  serverEnv,
  startServer,
  TERMINAL,
  testFirmId,
  waitUntil,
  type ServerProcess,
} from './support';

/**
 * Scale-out (docs/scale-out.md): the same code as separate processes on one database — two API
 * processes on two ports (`--role=api`), a projection runner (`--role=projections`) with a second
 * one standing by, and a workflow worker (`--role=worker`), all started at once on a fresh
 * database. Shown here: a write through API 1 is read through API 2; the rate limit is one budget
 * across both API processes; an IP blocked through API 1 is refused by API 2 and let in again
 * everywhere by the CLI; each projection runs in exactly one process, and the standby takes over
 * when that process is killed; an application submitted through API 2 is run by the worker. And
 * the same four roles on the embedded Postgres, started at once, sharing one server.
 */
const LIST_LIMIT = 6;
let db: TestDatabase | undefined;
afterAll(async () => {
  killChildren();
  await db?.drop();
});

/** Which process (by application_name) holds each projection's advisory lock. */
async function lockHolders(): Promise<Map<string, string[]>> {
  const r = await db!.pool.query<{ name: string; holders: string[] | null }>(`
    select c.name, (
      select array_agg(a.application_name order by a.application_name)
      from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.objsubid = 1 and l.database = (select oid from pg_database where datname = current_database())
        and ((l.classid::bigint << 32) | l.objid::bigint) = hashtext('projection:' || c.name)::bigint
    ) as holders
    from projection_checkpoints c order by c.name`);
  return new Map(r.rows.map((row) => [row.name, row.holders ?? []]));
}

function cli(args: string[], databaseUrl: string): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [...backendEntryArgs('cli/index'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

it('runs as two API processes, a projection runner (plus a standby) and a worker on one database', async () => {
  db = await createTestDatabase(inject('pgAdminUrl'));
  const as = (name: string) => `${db!.url}${db!.url.includes('?') ? '&' : '?'}application_name=${name}`;
  const [port1, port2, sandboxPort] = [await freePort(), await freePort(), await freePort()];
  const common = {
    // Production-like abuse protection: counters in Postgres, shared by every API process.
    RATE_LIMIT_STORE: 'postgres',
    RATE_LIMIT_LIST: String(LIST_LIMIT),
    SECURITY_AUTO_BLOCK: 'true',
    SECURITY_BLOCK_THRESHOLD: '3',
    SECURITY_VIOLATION_DEDUP_MS: '0',
    SECURITY_BLOCKLIST_REFRESH_MS: '200',
    WORKER_CONCURRENCY: '1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fp-scale-')),
  };
  const env = (name: string, extra: Record<string, string> = {}) => serverEnv(as(name), { ...common, ...extra });
  const t0 = performance.now();
  // All at once on a fresh database: migrations and first starts must not trip over each other.
  const [api1, api2, projections, worker] = await Promise.all([
    startServer(env('fp-api-1', { PORT: String(port1) }), 'api'),
    startServer(env('fp-api-2', { PORT: String(port2) }), 'api'),
    startServer(env('fp-projections-1'), 'projections'),
    startServer(env('fp-worker', { SANDBOX_PORT: String(sandboxPort) }), 'worker'),
  ]);
  const startMs = Math.round(performance.now() - t0);
  const standby = await startServer(env('fp-projections-2'), 'projections');
  const one = client(`http://127.0.0.1:${port1}`);
  const two = client(`http://127.0.0.1:${port2}`);

  // A founder signs up through API 1; the session works on API 2 (sessions live in the database).
  const email = `scale.${Date.now().toString(36)}@example.com`;
  const signUp = await one('POST', '/api/identity/sign-up/email', {
    body: { email, password: 'scale-out-password', name: 'Scale Founder' },
  });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
  const token = signUp.body.token as string;
  const userId = signUp.body.user.id as string;
  expect(
    (
      await two('POST', '/api/auth/sync-user', {
        token,
        body: { id: userId, email, firstName: 'Scale', lastName: 'Founder' },
      })
    ).status,
  ).toBe(200);

  // Written through API 1, read through API 2 (projected by the projections process).
  const w = performance.now();
  expect((await one('PATCH', '/api/startup-profile', { token, body: COMPLETE_PROFILE })).status).toBe(200);
  // A fixture setting: granite-growth requires a privacy agreement, which this founder allows to be accepted for them.
  expect((await one('PUT', '/api/settings/choices', { token, body: { acceptTerms: true } })).status).toBe(200);
  const seen = await waitUntil(
    'API 2 to show the profile',
    async () => {
      const r = await two('GET', '/api/startup-profile', { token });
      return r.status === 200 && r.body.profile?.companyName === COMPLETE_PROFILE.companyName ? r.body : null;
    },
    15_000,
    20,
  );
  const readYourWriteMs = Math.round(performance.now() - w);
  expect(seen.completion.isComplete).toBe(true);

  // One rate-limit budget across both API processes (per user and per IP), from one client address.
  const limited = { 'x-forwarded-for': '203.0.113.60' };
  const statuses: number[] = [];
  for (let i = 0; i < LIST_LIMIT * 2 + 2; i++)
    statuses.push((await (i % 2 ? two : one)('GET', '/api/vc-firms', { token, headers: limited })).status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(LIST_LIMIT);
  expect(statuses.slice(LIST_LIMIT)).toEqual(Array(statuses.length - LIST_LIMIT).fill(429));
  expect(statuses.slice(0, LIST_LIMIT)).toEqual(Array(LIST_LIMIT).fill(200));

  // An address that trips honeypots on API 1 is blocked there, and on API 2 within a refresh.
  const bad = { 'x-forwarded-for': '203.0.113.50' };
  for (let i = 0; i < 3; i++) expect((await one('GET', '/wp-login.php', { headers: bad })).status).toBe(404);
  expect((await one('GET', '/api/health', { headers: bad })).status).toBe(403);
  const b = performance.now();
  await waitUntil(
    'API 2 to refuse the blocked address',
    async () => (await two('GET', '/api/health', { headers: bad })).status === 403,
    15_000,
    20,
  );
  const blockPropagationMs = Math.round(performance.now() - b);
  expect((await two('GET', '/api/health')).status).toBe(200);
  // The operator's CLI (a process of its own) lifts it; both API processes let the address in again.
  const unblocked = await cli(['security', 'unblock-ip', '--ip', '203.0.113.50'], as('fp-cli'));
  expect(unblocked.code, unblocked.out).toBe(0);
  for (const api of [one, two])
    await waitUntil(
      'the unblock to reach every API process',
      async () => (await api('GET', '/api/health', { headers: bad })).status === 200,
      15_000,
      50,
    );

  // Each projection runs in exactly one process: the projection runner; the standby and the others hold none.
  await waitUntil(
    'projections to catch up',
    async () => (await one('GET', '/api/health')).body.projections.every((p: { lag: number }) => p.lag === 0),
    15_000,
    50,
  );
  const holders = await lockHolders();
  expect(holders.size).toBeGreaterThanOrEqual(6);
  for (const [name, h] of holders) expect(h, name).toEqual(['fp-projections-1']);
  // Kill it: the standby takes every projection over and goes on from the checkpoints.
  projections.child.kill('SIGKILL');
  await projections.exited;
  const f = performance.now();
  await waitUntil(
    'the standby to take over',
    async () => [...(await lockHolders()).values()].every((h) => h.length === 1 && h[0] === 'fp-projections-2'),
    15_000,
    50,
  );
  const failoverMs = Math.round(performance.now() - f);
  expect((await one('PATCH', '/api/startup-profile', { token, body: { raising: '$3M' } })).status).toBe(200);
  await waitUntil(
    'API 2 to show the change projected by the standby',
    async () => (await two('GET', '/api/startup-profile', { token })).body.profile?.raising === '$3M',
    15_000,
    20,
  );

  // An application submitted through API 2 is run by the worker process (the only one with a workflow engine).
  await waitUntil(
    'the test catalog (imported by the worker)',
    async () => (await two('GET', '/api/test-vc-firms', { token })).body.total > 0,
    30_000,
    100,
  );
  const r0 = performance.now();
  const sub = await two('POST', '/api/submit-to-test-vcs', {
    token,
    body: { testVcIds: [testFirmId('granite-growth')] },
  });
  expect(sub.status, JSON.stringify(sub.body)).toBe(200);
  const id = sub.body.submissionIds[0] as string;
  const done = await waitUntil(
    'the worker to run it',
    async () => {
      const r = await one('GET', `/api/submissions/${id}`, { token });
      return TERMINAL.includes(r.body.status) ? r.body : null;
    },
    120_000,
    200,
  );
  const runMs = Math.round(performance.now() - r0);
  expect(done.status).toBe('completed');
  expect(worker.output()).toContain('DBOS workflow engine running');
  for (const p of [api1, api2, standby]) expect(p.output()).not.toContain('DBOS workflow engine running');

  // Every process stops cleanly on SIGTERM.
  const all: ServerProcess[] = [api1, api2, standby, worker];
  for (const p of all) p.child.kill('SIGTERM');
  expect(await Promise.all(all.map((p) => p.exited))).toEqual([0, 0, 0, 0]);
  console.log(
    `[reliability] scale-out: 4 processes ready in ${startMs} ms; write on API 1 readable on API 2 after ${readYourWriteMs} ms; ` +
      `block seen by API 2 after ${blockPropagationMs} ms; projections failover in ${failoverMs} ms; worker ran a submission from API 2 in ${runMs} ms`,
  );
}, 300_000);

/**
 * The same on the embedded Postgres (`npm start`'s default, no DATABASE_URL): four roles started at
 * once on one DATA_DIR with no server running race to boot it; one does, the others adopt it
 * (backend/src/runtime.ts, openSharedDatabase). The process that booted it owns it and is stopped
 * last.
 */
it('runs the roles as separate processes on one embedded Postgres, started all at once', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-scale-embedded-'));
  // The embedded server runs as its own user, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  try {
    const [port1, port2, pgPort] = [await freePort(), await freePort(), await freePort()];
    // No DATABASE_URL: each process looks for the embedded server under DATA_DIR.
    const env = (extra: Record<string, string>) =>
      serverEnv('', { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), ...extra });
    const procs = await Promise.all([
      startServer(env({ PORT: String(port1) }), 'api'),
      startServer(env({ PORT: String(port2) }), 'api'),
      startServer(env({}), 'projections'),
      startServer(env({ SANDBOX_PORT: '0' }), 'worker'),
    ]);
    const one = client(`http://127.0.0.1:${port1}`);
    const two = client(`http://127.0.0.1:${port2}`);
    const email = `embedded.${Date.now().toString(36)}@example.com`;
    const signUp = await one('POST', '/api/identity/sign-up/email', {
      body: { email, password: 'scale-out-password', name: 'Embedded Founder' },
    });
    expect(signUp.status).toBe(200);
    const token = signUp.body.token as string;
    expect(
      (
        await two('POST', '/api/auth/sync-user', {
          token,
          body: { id: signUp.body.user.id, email, firstName: 'Embedded', lastName: 'Founder' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await one('PATCH', '/api/startup-profile', { token, body: { companyName: 'Embedded Robotics' } })).status,
    ).toBe(200);
    await waitUntil(
      'API 2 to show the profile',
      async () =>
        (await two('GET', '/api/startup-profile', { token })).body.profile?.companyName === 'Embedded Robotics',
      15_000,
      50,
    );

    // One server, owned by the process that booted it (the parent of the postmaster).
    const postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const parent = Number(readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
    const owner = procs.find((p) => p.child.pid === parent);
    expect(owner, 'the embedded Postgres belongs to one of the four').toBeDefined();
    const others = procs.filter((p) => p !== owner);
    for (const p of others) p.child.kill('SIGTERM');
    expect(await Promise.all(others.map((p) => p.exited))).toEqual([0, 0, 0]);
    owner!.child.kill('SIGTERM');
    expect(await owner!.exited).toBe(0);
    expect(() => process.kill(postmaster, 0), 'the embedded Postgres stopped with its owner').toThrow();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 300_000);
