import { createTestDatabase, loadConfig, type AppConfig, type TestDatabase } from '@fp/infra';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { createRuntime, type Runtime } from '../src/runtime';
import { TEST_SECURITY } from '../src/testing/app';
import { COMPLETE_PROFILE, waitUntil } from './submissions-helpers';

/**
 * Split roles in one test process: a projection runner, a workflow worker and an API runtime (no
 * worker) on one fresh database, as the documented scale-out runs them. The browser runs in the
 * worker; the founder talks to the API only.
 */
export interface SplitRoles {
  db: TestDatabase;
  worker: Runtime;
  api: Runtime;
  /** The API process's base URL. */
  url: string;
  call(method: string, p: string, token: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** A founder with a complete profile and `credits` credits, signed up through the API process. */
  founder(credits: number): Promise<{ id: string; token: string }>;
  stop(): Promise<void>;
}

export async function startSplitRoles(pgAdminUrl: string): Promise<SplitRoles> {
  const db = await createTestDatabase(pgAdminUrl, { migrate: false });
  const runtimes: Runtime[] = [];
  const base = loadConfig({});
  const config = (): AppConfig => ({
    ...base,
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(path.join(tmpdir(), 'fp-split-')),
    sandboxPort: 0,
    catalogSeed: 'off',
    security: { ...base.security, ...TEST_SECURITY },
  });
  const start = async (role: 'api' | 'projections' | 'worker') => {
    const r = await createRuntime({ config: config(), role, databaseUrl: db.url, log: () => {} });
    runtimes.push(r);
    return r;
  };
  await start('projections');
  const worker = await start('worker');
  const api = await start('api');
  const url = api.url!.replace('localhost', '127.0.0.1');
  // The API process has no sandbox of its own; the test catalog points at the worker's.
  api.ctx.sandboxUrl = worker.ctx.sandboxUrl;
  const call = async (method: string, p: string, token: string, body?: unknown) => {
    const res = await fetch(url + p, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  let n = 0;
  return {
    db,
    worker,
    api,
    url,
    call,
    async founder(credits) {
      const email = `split.${Date.now().toString(36)}.${n++}@example.com`;
      const created = await api.identity.createUser({
        email,
        password: 'correct horse battery',
        name: 'Split Founder',
      });
      const token = (await api.identity.signIn(email, 'correct horse battery'))!.token;
      expect(
        (
          await call('POST', '/api/auth/sync-user', token, {
            id: created.id,
            email,
            firstName: 'Split',
            lastName: 'Founder',
          })
        ).status,
      ).toBe(200);
      expect((await call('PATCH', '/api/startup-profile', token, COMPLETE_PROFILE)).status).toBe(200);
      const have = (await call('GET', '/api/credits/balance', token)).body.balance as number;
      if (credits > have)
        await api.services.credits.grant(created.id, credits - have, 'test', null, { now: new Date(), actor: 'test' });
      await waitUntil(
        'the credits',
        async () => (await call('GET', '/api/credits/balance', token)).body.balance >= credits,
      );
      return { id: created.id, token };
    },
    async stop() {
      for (const r of runtimes.reverse()) await r.stop();
      await db.drop();
    },
  };
}
