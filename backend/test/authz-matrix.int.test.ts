import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREGROUND_EVENTS, startTestApp, type TestApp } from '../src/testing/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

/** Paths any visitor may call. Everything else under /api must answer 401 without a session. */
const PUBLIC = [
  /^\/api\/health$/,
  /^\/api\/ready$/,
  /^\/api\/config$/,
  /^\/api\/identity(\/|$)/,
  /^\/api\/webhooks\//,
  /^\/api\/mail\/unsubscribe$/,
  /^\/api\/account\/(password-reset(\/request)?|verify-email)$/,
];

/** Every route an auditor may call (anything else answers 403): written out so that widening it is a visible change. */
const AUDITOR_ALLOWED = [
  'GET /api/auth/me',
  'GET /api/ops/ledger',
  'GET /api/ops/refunds',
  'GET /api/ops/audits',
  'POST /api/ops/audits',
  'GET /api/ops/audits/:id',
  'GET /api/ops/audits/:id/csv',
];

const sample = (url: string) => url.replace(/:(\w+)/g, 'some-$1').replace('*', 'x');

describe('authorization matrix', () => {
  it('answers 401 on every non-public /api route without a session, whatever the route', async () => {
    const routes = app.runtime.app!.routeList.filter(
      (r) => r.url.startsWith('/api/') && !PUBLIC.some((re) => re.test(r.url)),
    );
    expect(routes.length).toBeGreaterThanOrEqual(4);
    for (const r of routes) {
      const url = sample(r.url);
      const res = await app.api(r.method, url, { body: ['POST', 'PUT', 'PATCH'].includes(r.method) ? {} : undefined });
      // A honeypot may record a violation but must still give a visitor nothing.
      expect([401, 403, 404], `${r.method} ${r.url} answered ${res.status}`).toContain(res.status);
      if (res.status === 401) expect(res.body).toEqual({ error: 'User not authenticated' });
    }
  });

  it('answers 401 to an expired or made-up token', async () => {
    const user = await app.createUser();
    expect((await app.api('GET', '/api/credits', { token: user.token })).status).toBe(200);
    await app.ctx.pool.query(`update auth_session set "expiresAt" = now() - interval '1 second' where token = $1`, [
      user.token,
    ]);
    expect((await app.api('GET', '/api/credits', { token: user.token })).status).toBe(401);
    expect((await app.api('GET', '/api/credits', { token: 'x'.repeat(32) })).status).toBe(401);
  });

  it('gives an auditor only the ledger and audit routes: 403 on every write and on founder data', async () => {
    const auditor = await app.createUser();
    await app.services.accounts.grantRole(auditor.id, 'auditor', { now: new Date(), actor: 'operator:test' });
    // Without the modules' public paths too (honeypots record a violation for anyone, as they should).
    const open = [...PUBLIC, ...app.runtime.modules.flatMap((m) => m.publicPaths ?? [])];
    const routes = app.runtime.app!.routeList.filter(
      (r) => r.url.startsWith('/api/') && !open.some((re) => re.test(r.url)),
    );
    const allowed = routes
      .filter((r) => AUDITOR_ALLOWED.includes(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(allowed.sort()).toEqual([...AUDITOR_ALLOWED].sort());
    // Starting an audit run records the run (ledger-audit-*), never anything else.
    const writes = async () =>
      Number((await app.ctx.pool.query(`select count(*) as n from es_events where ${FOREGROUND_EVENTS}`)).rows[0].n);
    const before = await writes();
    for (const r of routes) {
      const res = await app.api(r.method, sample(r.url), {
        token: auditor.token,
        body: ['POST', 'PUT', 'PATCH'].includes(r.method) ? {} : undefined,
      });
      if (AUDITOR_ALLOWED.includes(`${r.method} ${r.url}`)) {
        expect(res.status, `${r.method} ${r.url} refused an auditor`).not.toBe(403);
      } else {
        expect(res.status, `${r.method} ${r.url} answered an auditor ${res.status}`).toBe(403);
        expect(res.body).toEqual({ error: 'Auditors have read-only access to ledgers and audit runs' });
      }
    }
    // Nothing the auditor sent was written.
    expect(await writes()).toBe(before);
    // The same person with the admin role too is an operator, not limited.
    await app.services.accounts.grantRole(auditor.id, 'admin', { now: new Date(), actor: 'operator:test' });
    expect((await app.api('GET', '/api/credits', { token: auditor.token })).status).toBe(200);
  });

  it('refuses a founder (403) on every operator and auditor route', async () => {
    const founder = await app.createUser();
    const routes = app.runtime.app!.routeList.filter((r) => r.url.startsWith('/api/ops/'));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const r of routes) {
      const res = await app.api(r.method, sample(r.url), {
        token: founder.token,
        body: ['POST', 'PUT', 'PATCH'].includes(r.method) ? {} : undefined,
      });
      expect(res.status, `${r.method} ${r.url} answered a founder ${res.status}`).toBe(403);
    }
  });
});
