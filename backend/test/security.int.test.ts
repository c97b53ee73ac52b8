import { createRuntime, type Runtime } from '../src/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';

/**
 * Abuse protection on the real app and real Postgres (shared counter store). Each test speaks from
 * its own client address through X-Forwarded-For, which the app believes from a loopback peer.
 */
let app: TestApp;
let admin: { id: string; token: string };
let user: { id: string; token: string };
// Long enough that a burst of requests on a loaded machine falls in one window.
const WINDOW_MS = 8000;

beforeAll(async () => {
  app = await startTestApp({
    security: {
      rateLimitStore: 'postgres',
      rateLimitWindowMs: WINDOW_MS,
      listLimit: 5,
      bulkLimit: 3,
      generalLimit: 40,
      autoBlock: true,
      blockThreshold: 3,
      blockWindowMs: 60_000,
      blockDurationMs: 3600_000,
      blockFirstDurationMs: 600_000,
      userAgentMode: 'block',
      userAgentAllowList: ['node'],
      signInSlowAfter: 2,
      signInMaxFailures: 4,
      violationDedupMs: 0,
      blockListRefreshMs: 200,
    },
  });
  admin = await app.createUser({ admin: true, email: 'admin@example.com' });
  user = await app.createUser({ email: 'founder@example.com' });
});
afterAll(async () => app?.close());

let nextIp = 10;
const freshIp = () => `198.51.100.${nextIp++}`;
const from = (ip: string, headers: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...headers });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function settle() {
  await app.services.security.flush();
  // Every projection reads past the new events, not only security's: on a busy machine that takes longer than the 10 s default.
  await app.ctx.projections.waitFor(undefined, 30_000);
}
async function violationsOf(ip: string) {
  await settle();
  return app.ctx.db.selectFrom('security_violations').selectAll().where('ip', '=', ip).orderBy('occurred_at').execute();
}

describe('rate limits', () => {
  it('answers 429 with Retry-After at the configured count per IP, records one violation, and resets after the window', async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await app.api('GET', '/api/vc-firms?page=1', { token: user.token, headers: from(ip) })).status);
    expect(statuses).not.toContain(429);
    const over = await app.api('GET', '/api/vc-firms?page=2', { token: user.token, headers: from(ip) });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ error: 'Rate limit exceeded. Please slow down.' });
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
    // Hammering on records no more violations in the same window.
    for (let i = 0; i < 5; i++)
      expect((await app.api('GET', '/api/vc-firms', { token: user.token, headers: from(ip) })).status).toBe(429);

    const recorded = await violationsOf(ip);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      type: 'rate_limit',
      ip,
      method: 'GET',
      endpoint: '/api/vc-firms',
      user_agent: 'node',
    });

    await sleep(WINDOW_MS + 100);
    expect((await app.api('GET', '/api/vc-firms', { token: user.token, headers: from(ip) })).status).not.toBe(429);
  });

  it('limits one user across addresses, and names the user in the violation', async () => {
    const someone = await app.createUser();
    const ips = Array.from({ length: 6 }, freshIp);
    const statuses = [];
    for (const ip of ips)
      statuses.push((await app.api('GET', '/api/investors', { token: someone.token, headers: from(ip) })).status);
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);
    const [v] = await violationsOf(ips[5]!);
    expect(v).toMatchObject({ type: 'rate_limit', user_id: someone.id, endpoint: '/api/investors' });
    expect(v!.detail).toBe(`list limit 5 per ${WINDOW_MS / 1000} s exceeded (user)`);
  });

  it('bounds selection-sized calls separately from list calls', async () => {
    const ip = freshIp();
    const bulk = [];
    for (let i = 0; i < 4; i++)
      bulk.push((await app.api('GET', '/api/vc-firms/all-ids', { token: user.token, headers: from(ip) })).status);
    expect(bulk.slice(0, 3)).not.toContain(429);
    expect(bulk[3]).toBe(429);
    expect(
      (
        await app.api('POST', '/api/export-angel-investors', {
          token: user.token,
          headers: from(ip),
          body: { investorIds: [] },
        })
      ).status,
    ).toBe(429);
    // The list class has its own counter.
    expect((await app.api('GET', '/api/investors', { token: user.token, headers: from(ip) })).status).not.toBe(429);
  });

  it('applies a general per-IP limit to every other /api call, signed in or not', async () => {
    const ip = freshIp();
    const statuses = await Promise.all(
      Array.from({ length: 45 }, () => app.api('GET', '/api/config', { headers: from(ip) }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    // Liveness and readiness are not counted: a balancer's probes must answer when the counters cannot.
    const probes = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        app.api('GET', i % 2 ? '/api/health' : '/api/ready', { headers: from(ip) }).then((r) => r.status),
      ),
    );
    expect(probes.filter((s) => s === 429)).toEqual([]);
  });
});

describe('automated clients, honeypots, brute force', () => {
  it('refuses automated user agents on the browser API with a user_agent violation, but not on health', async () => {
    const ip = freshIp();
    const r = await app.api('GET', '/api/credits/balance', {
      token: user.token,
      headers: from(ip, { 'user-agent': 'curl/8.5.0' }),
    });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: 'Automated clients are not allowed.' });
    expect((await app.api('GET', '/api/health', { headers: from(ip, { 'user-agent': 'curl/8.5.0' }) })).status).toBe(
      200,
    );
    const [v] = await violationsOf(ip);
    expect(v).toMatchObject({
      type: 'user_agent',
      endpoint: '/api/credits/balance',
      user_agent: 'curl/8.5.0',
      detail: 'automated client (curl)',
    });
  });

  it('records honeypot routes, with or without a session, and answers like an unknown path', async () => {
    const ip = freshIp();
    const anon = await app.api('GET', '/api/v1/users', { headers: from(ip) });
    expect(anon.status).toBe(404);
    expect(anon.body).toEqual({ error: 'Not found: GET /api/v1/users' });
    expect(
      (await app.api('POST', '/wp-login.php', { headers: from(ip), body: { log: 'admin', pwd: 'admin' } })).status,
    ).toBe(404);
    const recorded = await violationsOf(ip);
    expect(recorded.map((v) => [v.type, v.method, v.endpoint])).toEqual([
      ['honeypot', 'GET', '/api/v1/users'],
      ['honeypot', 'POST', '/wp-login.php'],
    ]);
  });

  it('strips an empty hidden form field and treats a filled one as a bot', async () => {
    const ip = freshIp();
    const body = { id: user.id, email: 'founder@example.com', firstName: 'Test', lastName: 'Founder' };
    expect(
      (
        await app.api('POST', '/api/auth/sync-user', {
          token: user.token,
          headers: from(ip),
          body: { ...body, confirm_email_address: '' },
        })
      ).status,
    ).toBe(200);
    expect(await violationsOf(ip)).toHaveLength(0);
    const bot = await app.api('POST', '/api/auth/sync-user', {
      token: user.token,
      headers: from(ip),
      body: { ...body, confirm_email_address: 'bot@spam.example' },
    });
    expect(bot.status).toBe(400);
    expect(bot.body).toEqual({ error: 'Invalid request' });
    const [v] = await violationsOf(ip);
    expect(v).toMatchObject({
      type: 'honeypot',
      endpoint: '/api/auth/sync-user',
      user_id: user.id,
      detail: 'hidden form field filled in',
    });
  });

  it('slows repeated failed sign-ins, then refuses them, per IP, and records brute_force', async () => {
    const ip = freshIp();
    const target = await app.createUser({ email: 'victim@example.com', password: 'the-right-password' });
    const attempt = async (password: string, at = ip) => {
      const t0 = performance.now();
      const res = await fetch(`${app.url}/api/identity/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.url, ...from(at) },
        body: JSON.stringify({ email: 'victim@example.com', password }),
      });
      return { status: res.status, ms: performance.now() - t0, retryAfter: res.headers.get('retry-after') };
    };
    const a1 = await attempt('wrong-1');
    const a2 = await attempt('wrong-2');
    expect([a1.status, a2.status]).toEqual([401, 401]);
    const a3 = await attempt('wrong-3'); // 2 failures so far: slowed by 500 ms
    expect(a3.status).toBe(401);
    expect(a3.ms).toBeGreaterThanOrEqual(450);
    const a4 = await attempt('wrong-4'); // 3 failures: 1000 ms
    expect(a4.status).toBe(401);
    expect(a4.ms).toBeGreaterThanOrEqual(950);
    const a5 = await attempt('the-right-password'); // 4 failures: refused, even with the right password
    expect(a5.status).toBe(429);
    expect(Number(a5.retryAfter)).toBeGreaterThan(0);

    // Per account too: from a new address the account is still locked.
    expect((await attempt('the-right-password', freshIp())).status).toBe(429);

    const recorded = await violationsOf(ip);
    expect(recorded.map((v) => v.type)).toEqual(['brute_force', 'brute_force']);
    expect(recorded[0]!.detail).toBe('2 failed sign-ins for this IP and account v***@example.com');
    expect(recorded[1]!.detail).toBe('4 failed sign-ins for this IP and account v***@example.com');
    // Other accounts from other addresses sign in as usual.
    const other = await fetch(`${app.url}/api/identity/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url, ...from(freshIp()) },
      body: JSON.stringify({ email: 'founder@example.com', password: 'correct horse battery' }),
    });
    expect(other.status).toBe(200);
    expect(target.id).toBeTruthy();
  });
});

describe('blocking', () => {
  const attacker = '203.0.113.66';

  it('blocks an address after repeated violations: 403 on every route before any work', async () => {
    for (const p of ['/wp-login.php', '/.env', '/api/admin/export-all'])
      expect((await app.api('GET', p, { headers: from(attacker) })).status).toBe(404);
    for (const [method, p] of [
      ['GET', '/api/health'],
      ['GET', '/'],
      ['GET', '/vc-database'],
      ['POST', '/api/identity/sign-in/email'],
      ['GET', '/api/credits'],
    ] as const) {
      const r = await app.api(method, p, {
        token: user.token,
        headers: from(attacker),
        body: method === 'POST' ? { email: 'a@b.example', password: 'x' } : undefined,
      });
      expect(r.status, `${method} ${p}`).toBe(403);
      expect(r.body).toEqual({ error: 'Access denied: this IP address has been blocked.' });
    }
    // A blocked request does no work: nothing more is recorded for it.
    expect((await violationsOf(attacker)).map((v) => v.type)).toEqual(['honeypot', 'honeypot', 'honeypot']);
    // Others are not affected.
    expect((await app.api('GET', '/api/health', { headers: from(freshIp()) })).status).toBe(200);
  });

  it('shows the violations and the block on the dashboard API', async () => {
    await settle();
    const status = await app.api('GET', '/api/security/status', { token: admin.token });
    expect(status.status).toBe(200);
    expect(Object.keys(status.body).sort()).toEqual([
      'blockedIps',
      'protection',
      'recentViolations',
      'totalViolations',
      'violationsByType',
    ]);
    // The mode as configured (this app blocks), not a constant.
    expect(status.body.protection).toEqual({
      mode: 'blocking',
      autoBlock: true,
      userAgentMode: 'block',
      fingerprintMode: 'off',
    });
    expect(status.body.blockedIps).toBe(1);
    const byType = status.body.violationsByType;
    expect(Object.keys(byType).sort()).toEqual([
      'brute_force',
      'fingerprint',
      'honeypot',
      'query_limit',
      'rate_limit',
      'user_agent',
    ]);
    const total = await app.ctx.db
      .selectFrom('security_violations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(status.body.totalViolations).toBe(Number(total.n));
    expect(Object.values(byType as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(Number(total.n));
    expect(byType.honeypot).toBeGreaterThanOrEqual(5);
    const newest = status.body.recentViolations[0];
    expect(newest).toEqual({
      type: 'honeypot',
      ip: attacker,
      endpoint: '/api/admin/export-all',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      userAgent: 'node',
    });
    expect(status.body.recentViolations).toHaveLength(Number(total.n));

    const blocked = await app.api('GET', '/api/security/blocked-ips', { token: admin.token });
    expect(blocked.body.blockedIps).toEqual([
      {
        ip: attacker,
        reason: '3 incidents within 1 min (last: honeypot on GET /api/admin/export-all)',
        blockedAt: expect.any(String),
        expiresAt: expect.any(String),
        blockedBy: 'system',
        automatic: true,
        evidence: ['/wp-login.php', '/.env', '/api/admin/export-all'].map((endpoint) => ({
          violationType: 'honeypot',
          method: 'GET',
          endpoint,
          userAgent: 'node',
          occurredAt: expect.any(String),
        })),
      },
    ]);
    const { blockedAt, expiresAt } = blocked.body.blockedIps[0];
    // The address's first automatic block is the shorter one.
    expect(Date.parse(expiresAt) - Date.parse(blockedAt)).toBe(600_000);

    const hourly = await app.api('GET', '/api/security/violations-per-hour', { token: admin.token });
    expect(hourly.body.hours).toHaveLength(24);
    expect(hourly.body.hours.at(-1).hour).toBe(new Date(Math.floor(Date.now() / 3600_000) * 3600_000).toISOString());
    expect(hourly.body.hours.reduce((a: number, h: any) => a + h.total, 0)).toBe(Number(total.n));
    expect((await app.api('GET', '/api/security/violations-per-hour?hours=0', { token: admin.token })).status).toBe(
      400,
    );
  });

  it('lets only admins see and unblock (401 signed out, 403 for users)', async () => {
    const calls = [
      ['GET', '/api/security/status'],
      ['GET', '/api/security/blocked-ips'],
      ['GET', '/api/security/violations-per-hour'],
      ['POST', '/api/security/unblock-ip'],
    ] as const;
    for (const [method, p] of calls) {
      const body = method === 'POST' ? { ip: attacker } : undefined;
      expect((await app.api(method, p, { body })).status, `${p} signed out`).toBe(401);
      const asUser = await app.api(method, p, { token: user.token, body });
      expect(asUser.status, `${p} as user`).toBe(403);
      expect(asUser.body).toEqual({ error: 'Admin access required' });
    }
    // The user's attempt changed nothing.
    expect((await app.api('GET', '/api/health', { headers: from(attacker) })).status).toBe(403);
  });

  it('rejects malformed addresses with 400 and unknown ones with 404', async () => {
    for (const [body, error] of [
      [{ ip: '999.1.1.1' }, 'Please enter a valid IPv4 or IPv6 address'],
      [{ ip: '1.2.3' }, 'Please enter a valid IPv4 or IPv6 address'],
      [{ ip: '2001:db8::zz' }, 'Please enter a valid IPv4 or IPv6 address'],
      [{ ip: '' }, 'IP address is required'],
      [{}, 'IP address is required'],
      [{ ip: '1.2.3.4', extra: true }, 'Unknown field: extra'],
    ] as const) {
      const r = await app.api('POST', '/api/security/unblock-ip', { token: admin.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toEqual({ error: error });
    }
    const none = await app.api('POST', '/api/security/unblock-ip', { token: admin.token, body: { ip: '192.0.2.200' } });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ error: 'This IP address is not blocked' });
  });

  it('unblocking restores access at once, and an IPv6 address matches in any spelling', async () => {
    const r = await app.api('POST', '/api/security/unblock-ip', { token: admin.token, body: { ip: ` ${attacker} ` } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ip: attacker, unblocked: true });
    expect((await app.api('GET', '/api/health', { headers: from(attacker) })).status).toBe(200);
    expect((await app.api('GET', '/api/security/status', { token: admin.token })).body.blockedIps).toBe(0);
    const events = (await app.ctx.store.readStream(`security-ip-${attacker}`)).events.map((e) => e.type);
    expect(events).toEqual(['ViolationRecorded', 'ViolationRecorded', 'ViolationRecorded', 'IpBlocked', 'IpUnblocked']);
    expect(
      (await app.api('POST', '/api/security/unblock-ip', { token: admin.token, body: { ip: attacker } })).status,
    ).toBe(404);

    for (const p of ['/wp-login.php', '/.env', '/xmlrpc.php'])
      await app.api('GET', p, { headers: from('2001:0DB8:0:0::77') });
    expect((await app.api('GET', '/api/health', { headers: from('2001:db8::77') })).status).toBe(403);
    expect(
      (await app.api('POST', '/api/security/unblock-ip', { token: admin.token, body: { ip: '2001:db8:0000::0077' } }))
        .status,
    ).toBe(200);
    expect((await app.api('GET', '/api/health', { headers: from('2001:db8::77') })).status).toBe(200);
  });
});

describe('several processes on one database', () => {
  const runtimes: Runtime[] = [];
  afterAll(async () => {
    for (const rt of runtimes) await rt.stop();
  });

  it('share rate counters and the block list, and rebuild the block list from events after a restart', async () => {
    await settle();
    const blockedIp = '203.0.113.99';
    await app.services.security.blockIp(blockedIp, 'manual test block', null, {
      now: new Date(),
      actor: 'operator:test',
    });

    // Two API processes (as `npm run start:api` twice) on the same database; the test app stays up.
    for (let i = 0; i < 2; i++) {
      const rt = await createRuntime({
        config: { ...app.ctx.config, port: 0 },
        role: 'api',
        databaseUrl: app.db.url,
        log: () => {},
      });
      runtimes.push(rt);
    }
    const [a, b] = runtimes.map((rt) => rt.url!.replace('localhost', '127.0.0.1'));
    const ip = freshIp();
    // A new founder: the per-user list count of one used earlier may still be in its window.
    const lister = await app.createUser();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${i % 2 ? b : a}/api/investors`, {
        headers: { authorization: `Bearer ${lister.token}`, ...from(ip) },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);

    // Both new processes loaded the block list (a projection) at start.
    for (const url of [a, b]) expect((await fetch(`${url}/api/health`, { headers: from(blockedIp) })).status).toBe(403);

    // Rebuild the projection from the log: the same block and the same violations come back.
    await settle();
    const before = await app.ctx.db.selectFrom('security_violations').selectAll().orderBy('violation_id').execute();
    await app.ctx.projections.rebuild('security');
    expect(await app.ctx.db.selectFrom('security_violations').selectAll().orderBy('violation_id').execute()).toEqual(
      before,
    );
    const rows = await app.ctx.db.selectFrom('security_blocked_ips').selectAll().execute();
    expect(rows.map((r) => [r.ip, r.reason, r.expires_at, r.blocked_by])).toEqual([
      [blockedIp, 'manual test block', null, 'operator:test'],
    ]);

    // A block made by one process reaches the others within a refresh.
    await app.services.security.unblockIp(blockedIp, { now: new Date(), actor: 'operator:test' });
    await expect
      .poll(async () => (await fetch(`${b}/api/health`, { headers: from(blockedIp) })).status, { timeout: 3000 })
      .toBe(200);
  });
});
