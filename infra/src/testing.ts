import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, createPool, type Db } from './db';
import { migrate } from './migrations';

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  db: Db;
  drop(): Promise<void>;
}

/** A fresh, migrated database on the test run's Postgres server (real Postgres, never a mock). */
export async function createTestDatabase(adminUrl: string, opts: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/[^/?]+(\?|$)/, `/${name}$1`);
  const pool = createPool(url, 20);
  if (opts.migrate !== false) await migrate(pool);
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
