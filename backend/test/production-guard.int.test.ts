import { backendEntryArgs, createTestDatabase, freePort, REPO_ROOT, type TestDatabase } from '@fp/infra';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { client, serverEnv } from './reliability/support';

/**
 * Production guards on the real process: `backend/src/main.ts` with APP_ENV=production
 * refuses development settings before it touches anything, all refusals in one message and a
 * non-zero exit; a correctly configured production environment starts and serves; a demo with
 * ALLOW_TEST_CHECKOUT=1 starts on the local test checkout. Each rule: production-guard.unit.test.ts.
 */
/** Variables of the test run's own environment that would decide the outcome: each case sets its own. */
const DECIDING = [
  'APP_ENV',
  'AUTH_SECRET',
  'PUBLIC_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'ALLOW_TEST_CHECKOUT',
  'SUPERTOKENS_URL',
  'SUPERTOKENS_API_KEY',
  'MEILI_URL',
  'MEILI_MASTER_KEY',
  'METRICS_TOKEN',
  'EVENTSTORE_URL',
  'TEMPORAL_ADDRESS',
  'SMTP_URL',
  'S3_URL',
  'ALLOW_EMBEDDED_DB',
  'ALLOW_EMBEDDED_MAIL',
  'ALLOW_LOCAL_FILES',
  'RATE_LIMIT_STORE',
];
const GOOD = {
  APP_ENV: 'production',
  AUTH_SECRET: 'k3Jq9vX2mP7wR4tY8uZ1aB5cD6eF0gH3iJ-production-guard',
  PUBLIC_URL: 'https://app.fundflow.example',
  STRIPE_SECRET_KEY: 'sk_live_production_guard_never_called',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_guard',
  METRICS_TOKEN: 'production-guard-metrics-token',
  // No SMTP server in this test: e-mail stays in the operators' mailbox, declared.
  ALLOW_EMBEDDED_MAIL: '1',
};

let db: TestDatabase;
const started: ChildProcess[] = [];
beforeAll(async () => {
  db = await createTestDatabase(inject('pgAdminUrl'), { migrate: false });
});
afterAll(async () => {
  for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  await db?.drop();
});

function start(env: Record<string, string>, args: string[] = []) {
  const base = { ...process.env };
  for (const k of DECIDING) delete base[k];
  const child = spawn(process.execPath, [...backendEntryArgs('main'), ...args], {
    cwd: REPO_ROOT,
    env: {
      ...base,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fp-guard-')),
      SANDBOX_PORT: '0',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  return {
    child,
    exited,
    output: () => output,
    /** Bounded: the exit code, or a failure saying what the process printed. */
    async exit(ms: number) {
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`still running after ${ms} ms:\n${output}`)), ms),
      );
      return Promise.race([exited, timeout]);
    },
    /** Bounded: resolves once the process says it is ready, fails if it exits first. */
    ready(ms: number) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not ready in ${ms} ms:\n${output}`)), ms);
        const check = () => {
          if (!output.includes('ready in')) return;
          clearTimeout(timer);
          resolve();
        };
        child.stdout!.on('data', check);
        void exited.then((code) => {
          clearTimeout(timer);
          reject(new Error(`exited with ${code} before it was ready:\n${output}`));
        });
      });
    },
  };
}

describe('APP_ENV=production refuses development settings at startup', () => {
  it(
    'with nothing set: one message naming every variable to set, a non-zero exit, and no database touched',
    { timeout: 90_000 },
    async () => {
      // An address nothing listens on: reaching for the database would fail with another message.
      const p = start({ APP_ENV: 'production', DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:9/none', PORT: '0' });
      const code = await p.exit(60_000);
      expect(code).not.toBe(0);
      const out = p.output();
      expect(out).toContain('APP_ENV=production refuses to start with development settings (5 to fix):');
      for (const v of ['AUTH_SECRET', 'STRIPE_SECRET_KEY', 'METRICS_TOKEN', 'SMTP_URL', 'PUBLIC_URL'])
        expect(out).toContain(`  - ${v}: `);
      expect(out).toContain('ALLOW_TEST_CHECKOUT=1');
      expect(out).not.toMatch(/ECONNREFUSED|connect/);
    },
  );

  it(
    'every role refuses the same way: a worker with the default AUTH_SECRET and the local checkout',
    { timeout: 90_000 },
    async () => {
      const { AUTH_SECRET: _secret, STRIPE_SECRET_KEY: _key, STRIPE_WEBHOOK_SECRET: _wh, ...rest } = GOOD;
      const p = start({ ...rest, DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:9/none' }, ['--role=worker']);
      expect(await p.exit(60_000)).not.toBe(0);
      expect(p.output()).toContain('(3 to fix)');
      expect(p.output()).toContain('  - AUTH_SECRET: set a random secret of at least 32 characters');
      expect(p.output()).toContain('  - STRIPE_SECRET_KEY: ');
      // A worker beside other processes: its files must be where the API's are.
      expect(p.output()).toContain('  - S3_URL: ');
    },
  );

  it(
    'an APP_ENV the app does not know (prod) is refused, not run without the guards',
    { timeout: 90_000 },
    async () => {
      const p = start({
        ...GOOD,
        APP_ENV: 'prod',
        DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:9/none',
        PORT: '0',
      });
      expect(await p.exit(60_000)).not.toBe(0);
      expect(p.output()).toContain('refusing to start: APP_ENV is not one of development, test, production');
      expect(p.output()).toContain('it is "prod"');
    },
  );
});

describe('a correctly configured production environment starts', () => {
  it(
    'with Stripe, a real secret, its public address and a metrics token: ready, healthy, stops on SIGTERM',
    { timeout: 180_000 },
    async () => {
      const port = await freePort();
      const p = start(serverEnv(db.url, { ...GOOD, NODE_ENV: 'production', PORT: String(port) }));
      await p.ready(120_000);
      const health = await client(`http://127.0.0.1:${port}`)('GET', '/api/health');
      expect(health.status, JSON.stringify(health.body)).toBe(200);
      expect(p.output()).not.toContain('refuses to start');
      p.child.kill('SIGTERM');
      expect(await p.exit(30_000)).toBe(0);
    },
  );

  it('a demo with ALLOW_TEST_CHECKOUT=1 starts on the local test checkout', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const { STRIPE_SECRET_KEY: _key, STRIPE_WEBHOOK_SECRET: _wh, ...demo } = GOOD;
    const p = start(
      serverEnv(db.url, {
        ...demo,
        ALLOW_TEST_CHECKOUT: '1',
        // The api role alone here; on one machine its files would be shared through DATA_DIR.
        ALLOW_LOCAL_FILES: '1',
        NODE_ENV: 'production',
        PORT: String(port),
      }),
      ['--role=api'],
    );
    await p.ready(120_000);
    const api = client(`http://127.0.0.1:${port}`);
    const email = `guard.${Date.now().toString(36)}@example.com`;
    const signUp = await api('POST', '/api/identity/sign-up/email', {
      body: { email, password: 'production-guard-password', name: 'Demo Founder' },
      headers: { origin: GOOD.PUBLIC_URL },
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
    const token = signUp.body.token as string;
    expect(
      (
        await api('POST', '/api/auth/sync-user', {
          token,
          body: { id: signUp.body.user.id, email, firstName: 'Demo', lastName: 'Founder' },
        })
      ).status,
    ).toBe(200);
    const checkout = await api('POST', '/api/checkout', { token, body: { product: 'pack' } });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body.url).toMatch(/^\/checkout\/local\/cs_local_/);
    p.child.kill('SIGTERM');
    expect(await p.exit(30_000)).toBe(0);
  });
});
