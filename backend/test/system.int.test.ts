import type { SystemSnapshot } from '@fp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

describe('GET /api/ops/system (the System page)', () => {
  it('gives admins the pool, lag, queue, outbox and the last hour of requests; founders 403, visitors 401', async () => {
    const admin = await app.createUser({ admin: true });
    const founder = await app.createUser();
    expect((await app.api('GET', '/api/ops/system')).status).toBe(401);
    expect((await app.api('GET', '/api/ops/system', { token: founder.token })).status).toBe(403);
    for (let i = 0; i < 5; i++)
      expect((await app.api('GET', '/api/credits', { token: founder.token })).status).toBe(200);

    const r = await app.api<SystemSnapshot>('GET', '/api/ops/system', { token: admin.token });
    expect(r.status).toBe(200);
    const s = r.body;
    expect(s.process).toMatchObject({ role: 'all', pid: expect.any(Number) });
    expect(s.process.residentMemoryBytes).toBeGreaterThan(0);
    expect(s.pool.max).toBe(app.ctx.config.pool.max);
    expect(s.pool.inUse).toBeGreaterThanOrEqual(0);
    expect(s.projections.map((p) => p.name).sort()).toEqual([...app.ctx.projections.names].sort());
    expect(s.runs).toEqual({ pending: 0, processing: 0 });
    expect(s.mailOutbox).toBeGreaterThanOrEqual(0);
    // This process's requests so far (sign-ups, the 401, the 403, five reads), no 5xx.
    expect(s.http.requests).toBeGreaterThanOrEqual(7);
    expect(s.http.errors).toBe(0);
    expect(s.http.errorRate).toBe(0);
    expect(s.http.p95Ms).toBeGreaterThan(0);
  });
});
