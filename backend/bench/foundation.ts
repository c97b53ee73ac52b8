import { createEmbeddedTransport, createMailModule } from '../src/modules/mail/index';
import { BetterAuthProvider } from '../src/platform/identity/index';
import { PostgresEventStore } from '@fp/infra';
import { ProjectionRunner, type Projection } from '@fp/projections';
import { sql } from 'kysely';
import { createAccountsModule } from '../src/modules/accounts/index';
import { createCreditsModule } from '../src/modules/credits/index';
import { benchPlatform, benchPostgres, freshDatabase, percentile, round } from './support';

/**
 * Foundation figures: append throughput on the embedded Postgres store, projection lag
 * from append to read-model commit, rebuild speed over 100,000 events.
 */
export async function bench(): Promise<Record<string, number | string>> {
  const server = await benchPostgres({ durable: true });
  try {
    const { pool, db } = await freshDatabase(server, 'bench_foundation');
    const store = new PostgresEventStore(pool);

    // 1. Append throughput: single-event commands on distinct streams, 16 writers (durable commits).
    const total = 6000;
    const writers = 32;
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: writers }, async () => {
        for (;;) {
          const i = next++;
          if (i >= total) return;
          await store.append(`bench-${i}`, [{ type: 'BenchAppended', data: { i } }], 'no_stream');
        }
      }),
    );
    const appendPerSec = total / ((performance.now() - t0) / 1000);

    // 2. Projection lag: append → row committed by a running projection, measured by Postgres' clock.
    await pool.query(
      'create table bench_lag (event_id uuid primary key, appended_at timestamptz not null, applied_at timestamptz not null)',
    );
    const lagProjection: Projection = {
      name: 'bench_lag',
      eventTypes: ['LagProbe'],
      tables: ['bench_lag'],
      async apply(tx, events) {
        for (const e of events)
          await sql`insert into bench_lag values (${e.eventId}, ${e.data.at}::timestamptz, clock_timestamp())`.execute(
            tx,
          );
      },
    };
    const runner = new ProjectionRunner(db, store, pool, [lagProjection], () => {});
    await runner.start();
    for (let i = 0; i < 400; i++) {
      const at = (await pool.query('select clock_timestamp() as t')).rows[0].t.toISOString();
      await store.append(`lag-${i % 20}`, [{ type: 'LagProbe', data: { at } }], 'any');
      if (i % 4 === 0) await new Promise((r) => setTimeout(r, 5));
    }
    await runner.waitFor();
    await runner.stop();
    // applied_at is taken inside the projection's transaction just before commit.
    const lags = (
      await pool.query(`select extract(epoch from (applied_at - appended_at)) * 1000 as ms from bench_lag`)
    ).rows.map((r) => Number(r.ms));

    // 3. Rebuild: 100,000 UserRegistered events replayed into the users read model.
    const N = 100_000;
    for (let b = 0; b < N / 500; b++) {
      await Promise.all(
        Array.from({ length: 5 }, (_, k) => {
          const base = b * 500 + k * 100;
          return store.append(
            `user-bench-${base}`,
            Array.from({ length: 100 }, (_, j) => ({
              type: 'UserRegistered',
              data: {
                userId: `u${base + j}`,
                email: `u${base + j}@example.com`,
                firstName: 'Bench',
                lastName: 'User',
                profileImageUrl: null,
              },
              metadata: { now: new Date().toISOString() },
            })),
            'no_stream',
          );
        }),
      );
    }
    // The users projection as the accounts module's factory builds it.
    const ctx = benchPlatform({ pool, db, store });
    const mail = createMailModule({ ctx, transport: createEmbeddedTransport(db) }).service;
    const accounts = createAccountsModule({
      ctx,
      credits: createCreditsModule({ ctx }).service,
      mail,
      identity: (mailer) =>
        new BetterAuthProvider(pool, {
          secret: 'bench-secret-0123456789abcdef0123',
          baseURL: 'http://localhost',
          mailer,
        }),
    });
    const rebuildRunner = new ProjectionRunner(db, store, pool, accounts.projections ?? [], () => {});
    const [rebuilt] = await rebuildRunner.rebuild('users');
    const users = (await pool.query('select count(*)::int as n from users')).rows[0].n;
    await db.destroy();
    return {
      'foundation.append_events_per_s': round(appendPerSec, 0),
      'foundation.append_writers': writers,
      'foundation.projection_lag_p50_ms': round(percentile(lags, 50), 2),
      'foundation.projection_lag_p95_ms': round(percentile(lags, 95), 2),
      'foundation.rebuild_events': rebuilt!.events,
      'foundation.rebuild_rows': users,
      'foundation.rebuild_events_per_s': round(rebuilt!.events / (rebuilt!.ms / 1000), 0),
    };
  } finally {
    await server.stop();
  }
}
