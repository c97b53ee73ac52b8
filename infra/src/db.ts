import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';

// bigint columns (counts, sequences) come back as JS numbers: every value we keep fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric stays a string unless a query casts it.

export type Db = Kysely<any>;
export type Tx = Transaction<any>;

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 10_000 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', (err) => {
    // 57P01: the server is shutting down (Ctrl-C, a test dropping its database): expected, not news.
    if ((err as { code?: string }).code !== '57P01') console.error('[db] idle client error', err.message);
  });
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
}

/** Creates a database if it does not exist (used for fresh embedded clusters and tests). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
