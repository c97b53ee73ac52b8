import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/**
 * Applies every `infra/migrations/NNN_name.sql` not applied yet, in file-name order, each in its own
 * transaction. Ranges per module keep parallel work from colliding: 0xx platform, 1xx identity,
 * 2xx credits, 3xx profile, 4xx catalog, 5xx submissions, 6xx security.
 * An advisory lock makes concurrent starts (several API processes) apply each file once.
 */
export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    // Schema changes on big tables outlast a request's statement limit, and a second process
    // starting at once waits here for the first one's migrations: both bounded, but longer.
    await client.query(`set statement_timeout = '10min'; set lock_timeout = '5min'`);
    await client.query('select pg_advisory_lock(727274)');
    await client.query(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set((await client.query('select name from schema_migrations')).rows.map((r) => r.name as string));
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(path.join(dir, file), 'utf8');
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query('insert into schema_migrations(name) values ($1)', [file]);
        await client.query('commit');
        applied.push(file);
      } catch (err) {
        await client.query('rollback');
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
      }
    }
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    await client.query('reset statement_timeout; reset lock_timeout').catch(() => undefined);
    client.release();
  }
  return applied;
}
