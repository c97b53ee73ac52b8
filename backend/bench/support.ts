import { randomUUID } from 'node:crypto';
import { loadConfig } from '@fp/infra';
import { ProjectionRunner } from '@fp/projections';
import type { AppContext } from '../src/platform/context';
import { createDb, createPool, migrate, startEmbeddedPostgres, type RunningPostgres } from '@fp/infra';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A private embedded Postgres for one bench, durable like the app's unless told otherwise. */
export async function benchPostgres(opts: { durable?: boolean } = {}): Promise<RunningPostgres & { dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fp-bench-'));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), durable: opts.durable ?? true });
  return {
    ...server,
    dir,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function freshDatabase(server: RunningPostgres, name: string) {
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const pool = createPool(server.urlFor(name), 30);
  await migrate(pool);
  return { pool, db: createDb(pool), url: server.urlFor(name) };
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/**
 * The platform a module factory receives, on a bench database (its projection runner is not
 * started: a bench starts or rebuilds the projections it measures).
 */
export function benchPlatform(parts: { pool: import('pg').Pool; db: import('@fp/infra').Db; store: import('@fp/infra').EventStore }): AppContext {
  const projections = new ProjectionRunner(parts.db, parts.store, parts.pool, [], () => {});
  return { ...parts, config: loadConfig({}), projections, clock: { now: () => new Date() }, newId: () => randomUUID() };
}
