import { createTestDatabase, loadConfig, type AppConfig, type SecurityConfig, type TestDatabase } from '@fp/infra';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logging } from '../platform/logging';
import type { Tracing } from '../platform/tracing';
import { createRuntime, type Runtime, type RuntimeOptions } from '../runtime';

export interface TestApp {
  url: string;
  runtime: Runtime;
  ctx: Runtime['ctx'];
  /** Every module's service (runtime.services). */
  services: Runtime['services'];
  db: TestDatabase;
  /** Signs a user up through the identity provider, registers them (sync-user) and returns a bearer token. */
  createUser(opts?: {
    email?: string;
    password?: string;
    name?: string;
    admin?: boolean;
    sync?: boolean;
  }): Promise<{ id: string; email: string; token: string }>;
  /** Calls the API over real HTTP. */
  api<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  /**
   * The position of the last event outside the mail streams: what "wrote nothing" checks compare.
   * (The mail delivery job appends to mail streams at any time, e.g. for a sign-up's verification.)
   */
  writes(): Promise<number>;
  close(): Promise<void>;
}

let counter = 0;

/** SQL filter on es_events leaving out what background jobs append (used by `writes()` and the reliability tests). */
export const FOREGROUND_EVENTS = `stream_id not like 'mail-%' and stream_id not like 'ledger-audit-%' and stream_id not like 'firm-form-%' and type <> 'FormDiscoveryFinished'`;

/**
 * Abuse protection for tests: the app is driven from 127.0.0.1 by Node's fetch (agent 'node') and
 * headless Chromium in bursts, so limits are high and agent, fingerprint and auto-block enforcement
 * are off. A test opts in with `startTestApp({ security: { … } })`.
 */
export const TEST_SECURITY: Partial<SecurityConfig> = {
  rateLimitStore: 'memory',
  listLimit: 1_000_000,
  bulkLimit: 1_000_000,
  generalLimit: 1_000_000,
  autoBlock: false,
  userAgentMode: 'off',
  fingerprintMode: 'off',
  signInSlowAfter: 1_000_000,
  signInMaxFailures: 1_000_000,
  scrapeMaxPages: 1_000_000,
  violationDedupMs: 0,
};

/**
 * Boots the whole app (all roles) on a fresh database of the test run's real Postgres server and a
 * random port, serving frontend/dist when it is built. Used by integration and end-to-end tests.
 */
export async function startTestApp(
  opts: {
    pgAdminUrl?: string;
    config?: Partial<AppConfig>;
    mount?: RuntimeOptions['mount'];
    workers?: boolean;
    security?: Partial<SecurityConfig>;
    logging?: Logging;
    tracing?: Tracing;
    wrapActivities?: RuntimeOptions['wrapActivities'];
  } = {},
): Promise<TestApp> {
  const adminUrl = opts.pgAdminUrl ?? (await import('vitest')).inject('pgAdminUrl');
  // A copy of the run's migrated template: the runtime's own migrate() then finds nothing to do.
  const db = await createTestDatabase(adminUrl);
  const base = loadConfig({});
  const config: AppConfig = {
    ...base,
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(path.join(tmpdir(), 'fp-app-')),
    sandboxPort: 0,
    // Tests seed the small catalogs they need (services.catalog.seed), never the full one.
    catalogSeed: 'off',
    // No takeover wait unless a test asks for one: a CAPTCHA run fails at once, as the suites expect.
    takeoverSeconds: 0,
    // The sandbox answers at once: a site that shows no confirmation, or no form, is known in seconds.
    automationWaits: { verifyMs: 6_000, formWaitMs: 4_000 },
    // Passwords hashed at a sixteenth of the cost: the suite signs thousands of users up and in (about
    // 90 ms of CPU each at the standard cost). identity.better-auth.int runs the standard hashing.
    passwordHashing: 'test',
    ...opts.config,
    security: { ...base.security, ...TEST_SECURITY, ...opts.config?.security, ...opts.security },
  };
  const runtime = await createRuntime({
    config,
    role: 'all',
    databaseUrl: db.url,
    log: opts.logging ? undefined : () => {},
    logging: opts.logging,
    tracing: opts.tracing,
    mount: opts.mount,
    workers: opts.workers,
    wrapActivities: opts.wrapActivities,
  });
  const url = runtime.url!.replace('localhost', '127.0.0.1');

  const api: TestApp['api'] = async (method, p, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${url}${p}`, {
      method,
      headers,
      body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
    });
    const text = await res.text();
    let body: any = text;
    if (res.headers.get('content-type')?.includes('json')) body = text ? JSON.parse(text) : null;
    return { status: res.status, body, headers: res.headers };
  };

  return {
    url,
    runtime,
    ctx: runtime.ctx,
    services: runtime.services,
    db,
    api,
    async writes() {
      // Background jobs append at any time: the mail delivery job, a ledger audit started earlier, and a
      // discovery run of the form registry (its checks and its end; the run's start is the request's own write).
      const r = await runtime.ctx.pool.query<{ n: string | null }>(
        `select max(global_position) as n from es_events where ${FOREGROUND_EVENTS}`,
      );
      return Number(r.rows[0]?.n ?? 0);
    },
    async createUser(o = {}) {
      const email = o.email ?? `user${++counter}.${Date.now().toString(36)}@example.com`;
      const password = o.password ?? 'correct horse battery';
      const created = await runtime.identity.createUser({ email, password, name: o.name ?? 'Test Founder' });
      const session = await runtime.identity.signIn(email, password);
      if (!session) throw new Error('sign-in after sign-up failed');
      if (o.sync !== false) {
        const r = await api('POST', '/api/auth/sync-user', {
          token: session.token,
          body: { id: created.id, email, firstName: (o.name ?? 'Test Founder').split(' ')[0], lastName: 'Founder' },
        });
        if (r.status !== 200) throw new Error(`sync-user failed: ${r.status} ${JSON.stringify(r.body)}`);
      }
      if (o.admin) await runtime.services.accounts.grantAdmin(created.id, { now: new Date(), actor: 'test' });
      return { id: created.id, email, token: session.token };
    },
    async close() {
      await runtime.stop();
      await db.drop();
    },
  };
}
