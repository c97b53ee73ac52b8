import { ConcurrencyError, createPool, loadConfig, PostgresEventStore, type ExpectedRevision } from '@fp/infra';
import { startTestApp, type TestApp } from '../src/testing/app';
import { loopbackFirmsFile } from '../src/testing/loopback-firms';
import { founder } from './submissions';
import { benchPostgres, freshDatabase, percentile, round } from './support';

const log = (m: string) => console.error(`[bench] reliability: ${m}`);
const WRITERS = 64;
const STREAMS = 8;
const POOL = 8;
const SECONDS = 5;

/**
 * Issue 22: the write path under conflict and bursts, on a pool of 8 connections.
 *  - appends/s with 64 writers on 8 streams, single-stream and two-stream (appendMany) appends;
 *  - the p99 of /api/health while rounds of 64 concurrent conflicting submits hit the API.
 */
export async function bench(): Promise<Record<string, number | string>> {
  const server = await benchPostgres({ durable: true });
  let app: TestApp | undefined;
  try {
    const { url, pool: setupPool } = await freshDatabase(server, 'reliability');
    await setupPool.end();
    const pool = createPool(url, { max: POOL });
    const store = new PostgresEventStore(pool);
    const figures: Record<string, number | string> = {};

    for (const kind of ['append', 'appendMany'] as const) {
      const revisions = new Map<string, number>();
      const expected = (s: string): ExpectedRevision => revisions.get(s) ?? 'no_stream';
      let appended = 0;
      let conflicts = 0;
      const end = performance.now() + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: WRITERS }, async (_, w) => {
          const a = `${kind}-${w % STREAMS}`;
          const b = `${kind}-${(w + 1) % STREAMS}`;
          while (performance.now() < end) {
            try {
              if (kind === 'append') {
                const r = await store.append(a, [{ type: 'Bench', data: { w } }], expected(a));
                revisions.set(a, r.nextRevision);
              } else {
                const r = await store.appendMany([
                  { streamId: a, events: [{ type: 'Bench', data: { w } }], expected: expected(a) },
                  { streamId: b, events: [{ type: 'Bench', data: { w } }], expected: expected(b) },
                ]);
                revisions.set(a, r[0]!.nextRevision);
                revisions.set(b, r[1]!.nextRevision);
              }
              appended++;
            } catch (err) {
              if (!(err instanceof ConcurrencyError)) throw err;
              conflicts++;
              // Learn where the stream is, as a command handler would by reading it again.
              revisions.set(err.streamId, err.actual);
            }
          }
        }),
      );
      figures[`reliability.${kind}_under_conflict_per_s`] = round(appended / SECONDS);
      figures[`reliability.${kind}_conflicts_per_s`] = round(conflicts / SECONDS);
      log(
        `${kind}: ${round(appended / SECONDS)} appends/s, ${round(conflicts / SECONDS)} conflicts/s (${WRITERS} writers, ${STREAMS} streams, pool ${POOL})`,
      );
    }
    figures['reliability.pool_left_checked_out'] = pool.totalCount - pool.idleCount;
    await pool.end();

    // Bursts against the API (no workers in this process): health polled throughout.
    app = await startTestApp({
      pgAdminUrl: server.adminUrl,
      workers: false,
      config: { pool: { ...loadConfig({}).pool, max: POOL } },
    });
    const imported = await app.services.catalog.importFirms(
      { source: 'fundraisingfox', file: loopbackFirmsFile(80), dataDate: '2026-01-15' },
      { now: new Date(), actor: 'bench' },
    );
    await app.services.catalog.waitUntilLoaded(imported.checkpoint);
    const ids = (await app.ctx.pool.query<{ id: string }>('select id from catalog_vc_firms order by id')).rows.map(
      (r) => r.id,
    );
    const u = await founder(app, 1000);
    const health: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const t0 = performance.now();
        await app!.api('GET', '/api/health');
        health.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const statuses: Record<string, number> = {};
    const t0 = performance.now();
    for (let round = 0; round < 10; round++) {
      const firms = ids.slice(round * 8, round * 8 + 8);
      await Promise.all(
        Array.from({ length: 64 }, (_, i) =>
          app!
            .api('POST', '/api/submit-to-selected-vcs', {
              token: u.token,
              body: { vcIds: firms.filter((_, k) => (i >> k) & 1 || k === i % 8) },
            })
            .then((r) => {
              statuses[r.status] = (statuses[r.status] ?? 0) + 1;
            }),
        ),
      );
    }
    const burstMs = performance.now() - t0;
    polling = false;
    await poller;
    log(
      `10 rounds of 64 conflicting submits in ${Math.round(burstMs)} ms: ${JSON.stringify(statuses)}; /api/health p99 ${round(percentile(health, 99))} ms over ${health.length} checks`,
    );
    return {
      ...figures,
      'reliability.burst_submits_per_s': round((640 / burstMs) * 1000),
      'reliability.burst_submit_statuses': JSON.stringify(statuses),
      'reliability.health_p50_ms_during_burst': round(percentile(health, 50)),
      'reliability.health_p99_ms_during_burst': round(percentile(health, 99)),
      'reliability.health_p99_aim_ms': 1000,
    };
  } finally {
    await app?.close();
    await server.stop();
  }
}
