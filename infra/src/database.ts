import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from './config';
import { ensureDatabase } from './db';
import { postmasterPid, startEmbeddedPostgres, stopAdoptedOnExit } from './postgres';

export interface DatabaseHandle {
  url: string;
  embedded: boolean;
  /** Stops the embedded server when this process started it (an adopted or external one is left running). */
  stop(): Promise<void>;
}

const APP_DB = 'fundflow';

async function reachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * The app's database: DATABASE_URL when set; otherwise the embedded server on DATA_DIR. When that
 * server is already running (the app is up and this is the CLI, a second API process, or a server
 * left behind by a killed process) it is reused instead of started twice on one data directory.
 */
export async function openDatabase(
  config: AppConfig,
  opts: { log?: (m: string) => void; ownAdopted?: boolean } = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, stop: async () => {} };
  const dataDir = path.join(config.dataDir, 'postgres');
  const port = runningPort(dataDir) ?? config.embeddedPgPort;
  const admin = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  if (await reachable(admin)) {
    await ensureDatabase(admin, APP_DB);
    const pid = postmasterPid(dataDir);
    // An owned server stops with this process, on a forced exit too (the exit hook signals it).
    const forget = opts.ownAdopted && pid ? stopAdoptedOnExit(dataDir, pid) : () => {};
    return {
      url: admin.replace(/\/postgres$/, `/${APP_DB}`),
      embedded: true,
      stop: async () => {
        forget();
        if (opts.ownAdopted && pid) {
          try {
            process.kill(pid, 'SIGINT');
          } catch {
            /* already gone */
          }
        }
      },
    };
  }
  opts.log?.(`Starting embedded PostgreSQL (data in ${dataDir}) …`);
  const server = await startEmbeddedPostgres({ dataDir, port: config.embeddedPgPort });
  await ensureDatabase(server.adminUrl, APP_DB);
  return { url: server.urlFor(APP_DB), embedded: true, stop: () => server.stop() };
}

function pidFile(dataDir: string): string[] | null {
  const f = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(f)) return null;
  return readFileSync(f, 'utf8').split('\n');
}
function runningPort(dataDir: string): number | null {
  const lines = pidFile(dataDir);
  const port = lines ? Number(lines[3]) : NaN;
  return Number.isFinite(port) && port > 0 ? port : null;
}
