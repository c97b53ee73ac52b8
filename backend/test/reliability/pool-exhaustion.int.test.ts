import { loadConfig } from '@fp/infra';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../src/testing/app';
import { COMPLETE_PROFILE, founder } from './support';

/**
 * Issue 22: when no database connection is free, requests answer 503 with Retry-After within the
 * acquire timeout instead of hanging; liveness still answers at once, readiness says why it is not
 * ready; once the connections come back, everything answers again.
 */
const POOL_MAX = 6;
const ACQUIRE_MS = 1_500;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    config: { pool: { ...loadConfig({}).pool, max: POOL_MAX, acquireTimeoutMs: ACQUIRE_MS } },
  });
});
afterAll(async () => app?.close());

const timed = async <T>(f: () => Promise<T>) => {
  const t0 = performance.now();
  const r = await f();
  return { r, ms: performance.now() - t0 };
};

it('answers 503 within the acquire timeout while the pool is held, and recovers when it is released', async () => {
  const user = await founder(app, 3);
  const pool = app.ctx.pool;
  const held: pg.PoolClient[] = [];
  try {
    // All but one connection held: a burst of reads and appends competes for the last one; each is
    // answered (done or busy) within the acquire timeout plus the work, none hangs.
    for (let i = 0; i < POOL_MAX - 1; i++) held.push(await pool.connect());
    const burst = await timed(() =>
      Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          i % 2
            ? app.api('GET', '/api/startup-profile', { token: user.token })
            : app.api('PATCH', '/api/startup-profile', {
                token: user.token,
                body: { ...COMPLETE_PROFILE, teamSize: i % 4 ? '1-5' : '11-25' },
              }),
        ),
      ),
    );
    for (const a of burst.r) expect([200, 503], JSON.stringify(a.body)).toContain(a.status);
    expect(burst.r.some((a) => a.status === 200)).toBe(true);

    // Every connection held: appends and reads answer 503 with Retry-After, after about the acquire timeout.
    held.push(await pool.connect());
    const [read, write] = await Promise.all([
      timed(() => app.api('GET', '/api/startup-profile', { token: user.token })),
      timed(() => app.api('PATCH', '/api/startup-profile', { token: user.token, body: COMPLETE_PROFILE })),
    ]);
    for (const { r, ms } of [read, write]) {
      expect(r.status, JSON.stringify(r.body)).toBe(503);
      expect(r.body.error).toBe('The server is busy right now. Please try again in a moment.');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(ms).toBeLessThan(ACQUIRE_MS + 3_000);
    }
    // Liveness needs no connection: it answers at once, from the last check it holds.
    const live = await timed(() => app.api('GET', '/api/health'));
    expect(live.r.status).toBe(200);
    expect(live.ms).toBeLessThan(1_000);
    // Readiness needs one: not ready, and it says why.
    const ready = await app.api('GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.ready).toBe(false);
    expect(ready.body.reasons.join(' ')).toMatch(/did not answer|no free database connection/);
  } finally {
    for (const c of held.splice(0)) c.release();
  }

  // Released: ready again, and the same calls succeed.
  await expect
    .poll(async () => (await app.api('GET', '/api/ready')).status, { timeout: 15_000, interval: 200 })
    .toBe(200);
  const saved = await app.api('PATCH', '/api/startup-profile', { token: user.token, body: COMPLETE_PROFILE });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect((await app.api('GET', '/api/startup-profile', { token: user.token })).status).toBe(200);
  // Nothing was stopped for good by the busy spell: no projection is marked failed.
  const health = await app.api('GET', '/api/health');
  expect(health.body.projections.filter((p: { status: string }) => p.status === 'failed')).toEqual([]);
  // And nothing is left checked out beyond what background work is doing right now.
  await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 10_000 }).toBeLessThanOrEqual(1);
}, 120_000);
