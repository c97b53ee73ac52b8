import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app';

const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/139.0.0.0 Safari/537.36';
const CHROME = HEADLESS.replace('HeadlessChrome', 'Chrome');
const from = (ip: string, headers: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...headers });

async function violations(app: TestApp) {
  await app.ctx.services.security.flush();
  await app.ctx.projections.waitFor();
  return app.ctx.db.selectFrom('security_violations').selectAll().orderBy('occurred_at').execute();
}

describe('scraping guard, session fingerprint, agents in log mode', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      security: { rateLimitStore: 'postgres', scrapeMaxPages: 4, scrapeWindowMs: 1500, fingerprintMode: 'block', userAgentMode: 'log', userAgentAllowList: [], autoBlock: false },
    });
  });
  afterAll(async () => app?.close());

  it('records query_limit when one user pages through more of the catalog than a person would', async () => {
    const u = await app.createUser();
    const statuses = [];
    for (let page = 1; page <= 6; page++) statuses.push((await app.api('GET', `/api/vc-firms?page=${page}`, { token: u.token, headers: from(`192.0.2.${page}`, { 'user-agent': CHROME }) })).status);
    expect(statuses.slice(0, 4)).not.toContain(429);
    expect(statuses.slice(4)).toEqual([429, 429]);
    const recorded = (await violations(app)).filter((v) => v.type === 'query_limit');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ user_id: u.id, endpoint: '/api/vc-firms', ip: '192.0.2.5', detail: 'more than 4 catalog pages within 1.5 s' });
    // Other users are not affected; the user is let through again after the window.
    const other = await app.createUser();
    expect((await app.api('GET', '/api/investors', { token: other.token, headers: { 'user-agent': CHROME } })).status).not.toBe(429);
    await new Promise((r) => setTimeout(r, 1600));
    expect((await app.api('GET', '/api/investors', { token: u.token, headers: { 'user-agent': CHROME } })).status).not.toBe(429);
  });

  it('refuses a session token replayed by another program, but not the same browser after an update', async () => {
    const u = await app.createUser({ password: 'fingerprint-pass' });
    // A fresh session, first used by the browser (createUser's own token was first used by Node).
    const { token } = (await app.runtime.identity.signIn(u.email, 'fingerprint-pass'))!;
    expect((await app.api('GET', '/api/credits', { token, headers: { 'user-agent': CHROME } })).status).toBe(200);
    expect((await app.api('GET', '/api/credits', { token, headers: { 'user-agent': CHROME.replace('139.0.0.0', '140.0.1.2') } })).status).toBe(200);
    const replay = await app.api('GET', '/api/credits', { token, headers: from('192.0.2.77', { 'user-agent': 'python-requests/2.32.3' }) });
    expect(replay.status).toBe(403);
    expect(replay.body).toEqual({ error: 'Suspicious activity detected.' });
    const recorded = (await violations(app)).filter((v) => v.ip === '192.0.2.77');
    // Log mode for agents: the automated agent is recorded but let through to the fingerprint check.
    expect(recorded.map((v) => v.type).sort()).toEqual(['fingerprint', 'user_agent']);
    expect(recorded.find((v) => v.type === 'fingerprint')).toMatchObject({ user_id: u.id, endpoint: '/api/credits', user_agent: 'python-requests/2.32.3' });
  });
});

describe('the test defaults', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app?.close());

  it('let bursts from Node and headless Chromium through without violations', async () => {
    const u = await app.createUser();
    const calls = [];
    for (let i = 0; i < 150; i++) {
      const headers: Record<string, string> = i % 2 ? { 'user-agent': HEADLESS } : {};
      calls.push(app.api('GET', i % 3 ? '/api/vc-firms' : '/api/vc-firms/all-ids', { token: u.token, headers }));
    }
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses.filter((s) => s === 429 || s === 403)).toEqual([]);
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${app.url}/api/identity/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: app.url }, body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }) });
      expect(res.status).toBe(401);
    }
    expect(await violations(app)).toEqual([]);
    expect(app.ctx.config.security).toMatchObject({ rateLimitStore: 'memory', autoBlock: false, userAgentMode: 'off', fingerprintMode: 'off' });
  });
});
