import type { CreditEvent } from '@fp/contracts';
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
export function benchPlatform(parts: {
  pool: import('pg').Pool;
  db: import('@fp/infra').Db;
  store: import('@fp/infra').EventStore;
}): AppContext {
  const projections = new ProjectionRunner(parts.db, parts.store, parts.pool, [], () => {});
  return { ...parts, config: loadConfig({}), projections, clock: { now: () => new Date() }, newId: () => randomUUID() };
}

/** Runs `total` calls of `fn` from `workers` concurrent callers; answers calls per second and latencies. */
export async function drive(total: number, workers: number, fn: (i: number) => Promise<unknown>) {
  let next = 0;
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let i = next++; i < total; i = next++) {
        const s = performance.now();
        await fn(i);
        latencies.push(performance.now() - s);
      }
    }),
  );
  return {
    perSec: total / ((performance.now() - t0) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

/**
 * Writes `ledgers` × `perLedger` credit events straight into the store (one append per ledger): a
 * realistic mix of starting grants, purchases, spends and refunds whose balances add up, so the
 * ledger audit finds nothing. Answers the number of ledgers written.
 */
export async function writeCreditLedgers(
  store: import('@fp/infra').EventStore,
  ledgers: number,
  perLedger: number,
): Promise<void> {
  const now = new Date().toISOString();
  await drive(ledgers, 4, async (l) => {
    const userId = `audit-${l}`;
    let balance = 0;
    const events: CreditEvent[] = [];
    for (let p = 0; p < perLedger; p++) {
      const movement = { userId, actor: 'bench', reference: `ref-${l}-${p}` };
      if (p === 0)
        events.push({
          type: 'CreditsGranted',
          data: {
            ...movement,
            amount: 1,
            balanceAfter: (balance += 1),
            reason: 'Free starting credit',
            reference: null,
            grantKind: 'starting',
          },
        });
      else if (p % 50 === 1)
        events.push({
          type: 'CreditsPurchased',
          data: {
            ...movement,
            amount: 50,
            balanceAfter: (balance += 50),
            reason: 'Credit Pack: 50 credits',
            paymentId: `cs_${l}_${p}`,
            productId: 'pack',
          },
        });
      else if (p % 10 === 5)
        events.push({
          type: 'CreditsRefunded',
          data: {
            ...movement,
            amount: 1,
            balanceAfter: (balance += 1),
            reason: 'Application failed',
            reference: `ref-${l}-${p - 1}`,
          },
        });
      else if (balance > 0)
        events.push({
          type: 'CreditsSpent',
          data: {
            ...movement,
            amount: -1,
            balanceAfter: (balance -= 1),
            reason: 'VC application',
            spendKind: 'vc_application',
          },
        });
      else
        events.push({
          type: 'CreditsGranted',
          data: { ...movement, amount: 5, balanceAfter: (balance += 5), reason: 'bench top-up', grantKind: 'operator' },
        });
    }
    await store.append(
      `credits-${userId}`,
      events.map((e) => ({ type: e.type, data: e.data, metadata: { now, actor: 'bench' } })),
      'no_stream',
    );
  });
}

/** How the benches launch Debian's Chromium (no sandbox as root, no background traffic on a closed network). */
export const BENCH_CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
