import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from './config';
import { createDb, createPool, type Db } from './db';
import { migrate } from './migrations';

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  db: Db;
  drop(): Promise<void>;
}

/**
 * The migrated template the test run's global setup made on each test Postgres server (one name
 * for the whole run). A file's database is a copy of it, so the migrations run once per run.
 */
export const TEST_TEMPLATE_ENV = 'FP_TEST_TEMPLATE_DB';

/** Set by the test run's global setup once the compiled backend (each package's dist/) is current. */
export const TEST_BUILD_ENV = 'FP_TEST_COMPILED_BUILD';

/**
 * Node's arguments for a backend entry ('main', the server; 'cli/index', the CLI) in a child process:
 * the compiled build when the run's global setup found or made it current (half the CPU of a start),
 * else the TypeScript sources through tsx.
 */
export function backendEntryArgs(entry: 'main' | 'cli/index'): string[] {
  return process.env[TEST_BUILD_ENV] === '1'
    ? ['--enable-source-maps', path.join(REPO_ROOT, 'backend', 'dist', `${entry}.js`)]
    : ['--import', 'tsx', path.join(REPO_ROOT, 'backend', 'src', `${entry}.ts`)];
}

function databaseUrl(adminUrl: string, name: string): string {
  return adminUrl.replace(/\/[^/?]+(\?|$)/, `/${name}$1`);
}

/** Makes (and migrates) the template database; leaves no connection open on it, as CREATE DATABASE … TEMPLATE needs. */
export async function createTestTemplate(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const pool = createPool(databaseUrl(adminUrl, name), 1);
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CREATE DATABASE from the template; false when this server has no template (the caller migrates). */
async function copyTemplate(admin: pg.Client, name: string, template: string): Promise<boolean> {
  // Another process's copy briefly holds the template; a copy is refused while it does, so retry (bounded).
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template} strategy file_copy`);
      return true;
    } catch (err) {
      const msg = (err as Error).message;
      if (/does not exist/.test(msg)) return false;
      if (!/being accessed by other users/.test(msg) || attempt >= 50) throw err;
      await sleep(100);
    }
  }
}

/**
 * A fresh database on the test run's Postgres server (real Postgres, never a mock): migrated (a copy
 * of the run's migrated template when there is one), or empty with `migrate: false`.
 */
export async function createTestDatabase(adminUrl: string, opts: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = opts.migrate !== false ? process.env[TEST_TEMPLATE_ENV] : undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let migrated = false;
  try {
    if (template) migrated = await copyTemplate(admin, name, template);
    if (!migrated) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, name);
  const pool = createPool(url, 20);
  if (opts.migrate !== false && !migrated) await migrate(pool);
  const db = createDb(pool);
  return {
    url,
    pool,
    db,
    async drop() {
      // A test that failed midway may leave clients checked out: don't let pool.end() wait for them forever.
      await Promise.race([db.destroy().catch(() => undefined), new Promise((r) => setTimeout(r, 3000))]);
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await c.end();
    },
  };
}
