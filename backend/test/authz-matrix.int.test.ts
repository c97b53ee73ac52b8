import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

/** Paths any visitor may call. Everything else under /api must answer 401 without a session. */
const PUBLIC = [/^\/api\/health$/, /^\/api\/config$/, /^\/api\/identity(\/|$)/, /^\/api\/webhooks\//, /^\/api\/mail\/unsubscribe$/, /^\/api\/account\/(password-reset(\/request)?|verify-email)$/];

describe('authorization matrix', () => {
  it('answers 401 on every non-public /api route without a session, whatever the route', async () => {
    const routes = app.runtime.app!.routeList.filter((r) => r.url.startsWith('/api/') && !PUBLIC.some((re) => re.test(r.url)));
    expect(routes.length).toBeGreaterThanOrEqual(4);
    for (const r of routes) {
      const url = r.url.replace(/:(\w+)/g, 'some-$1').replace('*', 'x');
      const res = await app.api(r.method, url, { body: ['POST', 'PUT', 'PATCH'].includes(r.method) ? {} : undefined });
      // A honeypot may record a violation but must still give a visitor nothing.
      expect([401, 403, 404], `${r.method} ${r.url} answered ${res.status}`).toContain(res.status);
      if (res.status === 401) expect(res.body).toEqual({ error: 'User not authenticated' });
    }
  });

  it('answers 401 to an expired or made-up token', async () => {
    const user = await app.createUser();
    expect((await app.api('GET', '/api/credits', { token: user.token })).status).toBe(200);
    await app.ctx.pool.query(`update auth_session set "expiresAt" = now() - interval '1 second' where token = $1`, [user.token]);
    expect((await app.api('GET', '/api/credits', { token: user.token })).status).toBe(401);
    expect((await app.api('GET', '/api/credits', { token: 'x'.repeat(32) })).status).toBe(401);
  });
});
