import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';

/**
 * Blocks that fit the evidence, on the real app and real Postgres, at the production defaults for
 * the parts under test (fingerprint check recording only, agents refused, automatic blocking after a
 * few incidents within 10 minutes). Each test speaks from its own address through X-Forwarded-For.
 */
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Mobile Safari/537.36';
const HEADLESS = DESKTOP.replace('Chrome/', 'HeadlessChrome/');
const from = (ip: string, agent?: string) => ({ 'x-forwarded-for': ip, ...(agent ? { 'user-agent': agent } : {}) });
const PAGE_LOAD_CALLS = [
  '/api/credits',
  '/api/credits/balance',
  '/api/vc-firms',
  '/api/submission-stats',
  '/api/investors',
];

let app: TestApp;
let admin: { token: string };

beforeAll(async () => {
  app = await startTestApp({
    security: {
      autoBlock: true,
      blockThreshold: 3,
      blockWindowMs: 600_000,
      blockDurationMs: 3600_000,
      blockFirstDurationMs: 600_000,
      blockBurstMs: 10_000,
      userAgentMode: 'block',
      // The test's own set-up calls (sign-up sync) speak as Node.
      userAgentAllowList: ['node'],
      fingerprintMode: 'log',
      violationDedupMs: 0,
      blockListRefreshMs: 200,
    },
  });
  admin = await app.createUser({ admin: true, email: 'scoping.admin@example.com' });
});
afterAll(async () => app?.close());

async function settle() {
  await app.services.security.flush();
  // Every projection reads past the new events, not only the security one: on a busy machine that
  // took longer than the 10 s default (the clean-clone CI, load about 16).
  await app.ctx.projections.waitFor(undefined, 30_000);
}
async function violationsOf(ip: string) {
  await settle();
  return app.ctx.db.selectFrom('security_violations').selectAll().where('ip', '=', ip).orderBy('occurred_at').execute();
}
const healthFrom = async (ip: string) => (await app.api('GET', '/api/health', { headers: from(ip) })).status;

/** A fresh session signed in by a browser (createUser's own token was first used by Node). */
async function browserSession(email: string) {
  await app.createUser({ email, password: 'scoping-pass-1' });
  const { token } = (await app.runtime.identity.signIn(email, 'scoping-pass-1'))!;
  return token;
}

describe('automatic blocks scoped to the evidence', () => {
  it('the "Desktop site" switch mid-session (desktop, phone, desktop) is recorded, answered, and never blocks the address', async () => {
    const ip = '198.51.100.201';
    const token = await browserSession('desktop.site@example.com');
    const statuses: number[] = [];
    for (const agent of [DESKTOP, PHONE, DESKTOP, PHONE])
      for (const p of PAGE_LOAD_CALLS)
        statuses.push((await app.api('GET', p, { token, headers: from(ip, agent) })).status);
    expect(statuses.filter((s) => s >= 400)).toEqual([]);
    const recorded = await violationsOf(ip);
    // Recorded for operators (log mode is the default), one per phone call...
    expect(recorded.filter((v) => v.type === 'fingerprint').length).toBe(2 * PAGE_LOAD_CALLS.length);
    // ...but no block: not in the list, and the address is served.
    expect(await healthFrom(ip)).toBe(200);
    const blocked = await app.api('GET', '/api/security/blocked-ips', { token: admin.token });
    expect(blocked.body.blockedIps.map((b: { ip: string }) => b.ip)).not.toContain(ip);
  });

  it('one page load refused for its agent is one incident, not a block', async () => {
    const ip = '198.51.100.202';
    const answers = await Promise.all(PAGE_LOAD_CALLS.map((p) => app.api('GET', p, { headers: from(ip, HEADLESS) })));
    expect(answers.map((a) => a.status)).toEqual(PAGE_LOAD_CALLS.map(() => 403));
    expect((await violationsOf(ip)).filter((v) => v.type === 'user_agent')).toHaveLength(PAGE_LOAD_CALLS.length);
    expect(await healthFrom(ip)).toBe(200);
  });

  it('an address where several founders are signed in is not blocked for anonymous probes from it', async () => {
    const shared = '198.51.100.203';
    for (const email of ['office.one@example.com', 'office.two@example.com']) {
      const token = await browserSession(email);
      expect((await app.api('GET', '/api/credits', { token, headers: from(shared, DESKTOP) })).status).toBe(200);
    }
    for (const p of ['/wp-login.php', '/.env', '/xmlrpc.php', '/phpmyadmin'])
      expect((await app.api('GET', p, { headers: from(shared, DESKTOP) })).status).toBe(404);
    expect((await violationsOf(shared)).map((v) => v.type)).toEqual(['honeypot', 'honeypot', 'honeypot', 'honeypot']);
    expect(await healthFrom(shared)).toBe(200);
  });

  it('a scripted scraper is blocked: first block the shorter one, evidence on the dashboard, a page for browsers and JSON for the API', async () => {
    const ip = '203.0.113.201';
    expect((await app.api('GET', '/api/vc-firms', { headers: from(ip, 'python-requests/2.32.3') })).status).toBe(403);
    for (const p of ['/wp-login.php', '/.env'])
      expect((await app.api('GET', p, { headers: from(ip, 'python-requests/2.32.3') })).status).toBe(404);
    expect(await healthFrom(ip)).toBe(403);

    await settle();
    const list = await app.api('GET', '/api/security/blocked-ips', { token: admin.token });
    const block = list.body.blockedIps.find((b: { ip: string }) => b.ip === ip);
    expect(block).toMatchObject({
      automatic: true,
      reason: '3 incidents within 10 min (last: honeypot on GET /.env)',
    });
    expect(Date.parse(block.expiresAt) - Date.parse(block.blockedAt)).toBe(600_000);
    expect(
      block.evidence.map((e: { violationType: string; endpoint: string }) => [e.violationType, e.endpoint]),
    ).toEqual([
      ['user_agent', '/api/vc-firms'],
      ['honeypot', '/wp-login.php'],
      ['honeypot', '/.env'],
    ]);
    expect(block.evidence[0].userAgent).toBe('python-requests/2.32.3');

    const page = await app.api('GET', '/vc-database', { headers: { ...from(ip, DESKTOP), accept: 'text/html' } });
    expect(page.status).toBe(403);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(page.body).toContain('We paused access from your network for a while');
    expect(page.body).toContain('in about 10 minutes');
    expect(page.body).toContain('mailto:');
    expect(page.body).toContain(ip);
    const json = await app.api('GET', '/api/credits', { headers: { ...from(ip, DESKTOP), accept: 'text/html' } });
    expect(json.status).toBe(403);
    expect(json.body).toEqual({ error: 'Access denied: this IP address has been blocked.' });

    // The operator lifts it from the dashboard's call; the address is served again at once.
    const lifted = await app.api('POST', '/api/security/unblock-ip', { token: admin.token, body: { ip } });
    expect(lifted.status).toBe(200);
    expect(await healthFrom(ip)).toBe(200);
  });
});
