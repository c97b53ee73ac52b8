import { createTestDatabase, loadConfig, type AppConfig, type TestDatabase } from '@fp/infra';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/runtime';
import { TEST_SECURITY } from '../src/testing/app';
import { COMPLETE_PROFILE, testFirmId, TERMINAL, waitUntil } from './submissions-helpers';

/**
 * Split roles in one test process: an API runtime (no worker), a projection runner and a workflow
 * worker on one database. The browser runs in the worker; the API serves the live view from the
 * worker's latest screen (submission_live) and its stop reaches the worker through NOTIFY.
 */
let db: TestDatabase | undefined;
const runtimes: Runtime[] = [];
afterAll(async () => {
  for (const r of runtimes.reverse()) await r.stop();
  await db?.drop();
});

it('serves the live view and stops a run whose browser is in another process', async () => {
  db = await createTestDatabase(inject('pgAdminUrl'), { migrate: false });
  const base = loadConfig({});
  const config = (): AppConfig => ({ ...base, port: 0, host: '127.0.0.1', dataDir: mkdtempSync(path.join(tmpdir(), 'fp-split-')), sandboxPort: 0, catalogSeed: 'off', security: { ...base.security, ...TEST_SECURITY } });
  const start = async (role: 'api' | 'projections' | 'worker') => {
    const r = await createRuntime({ config: config(), role, databaseUrl: db!.url, log: () => {} });
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
    const res = await fetch(url + p, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    return { status: res.status, body: (await res.json()) as any };
  };

  const email = `split.${Date.now().toString(36)}@example.com`;
  const created = await api.identity.createUser({ email, password: 'correct horse battery', name: 'Split Founder' });
  const token = (await api.identity.signIn(email, 'correct horse battery'))!.token;
  expect((await call('POST', '/api/auth/sync-user', token, { id: created.id, email, firstName: 'Split', lastName: 'Founder' })).status).toBe(200);
  expect((await call('PATCH', '/api/startup-profile', token, COMPLETE_PROFILE)).status).toBe(200);
  await api.services.credits.grant(created.id, 1, 'test', null, { now: new Date(), actor: 'test' });
  await waitUntil('the credits', async () => (await call('GET', '/api/credits/balance', token)).body.balance >= 2);

  const submitted = await call('POST', '/api/submit-to-test-vcs', token, { testVcIds: [testFirmId('tortoise-capital')] });
  expect(submitted.status).toBe(200);
  const id = submitted.body.submissionIds[0] as string;
  const before = worker.sandbox!.received('tortoise-capital').length;

  const liveUrl = await waitUntil('a live URL from the API process', async () => {
    const r = await call('POST', `/api/submissions/${id}/fetch-live-url`, token, {});
    return r.body.success ? (r.body.liveUrl as string) : null;
  }, 60_000, 200);

  // Frames relayed through Postgres: the API process's stream serves the worker's latest screen.
  const ac = new AbortController();
  const res = await fetch(url + liveUrl.replace('?', '/stream?'), { signal: ac.signal });
  const reader = res.body!.getReader();
  let text = '';
  const deadline = Date.now() + 20_000;
  while (!/event: frame\ndata: .{1000}/.test(text) && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  ac.abort();
  expect(text).toMatch(/event: frame\ndata: .{1000}/);

  const t0 = Date.now();
  const stop = await call('POST', `/api/submissions/${id}/stop`, token, {});
  expect(stop.status).toBe(200);
  const stopped = await waitUntil('the stop to be recorded', async () => {
    const r = await call('GET', `/api/submissions/${id}`, token);
    return TERMINAL.includes(r.body.status) ? r.body : null;
  }, 10_000, 100);
  expect(stopped.status).toBe('stopped');
  expect(Date.now() - t0).toBeLessThan(4000);
  expect(worker.sandbox!.received('tortoise-capital').length).toBe(before);
  expect(await db.db.selectFrom('submission_live').selectAll().execute()).toEqual([]);
}, 180_000);
