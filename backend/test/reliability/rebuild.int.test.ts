import { createTestDatabase, loadConfig } from '@fp/infra';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createRuntime } from '../../src/runtime';
import { startTestApp, type TestApp } from '../../src/testing/app';
import {
  diffSnapshots,
  founder,
  ledgerOf,
  projectionsOf,
  snapshotTables,
  TERMINAL,
  testFirmId,
  waitUntil,
} from './support';

/**
 * Projection rebuild equals live (docs/reliability.md §3): after a mixed workload touching every
 * module — catalog imports and a re-import, profiles, grants, a payment, submissions that
 * complete, fail, get stopped and retried, exports (one failing half-way and refunded), security
 * violations, a block and an unblock — replaying the whole log into every read model and the
 * search index gives the same rows as the projections built live, and the same search answers.
 */
const SECRET = 'whsec_reliability_rebuild';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ config: { stripeWebhookSecret: SECRET } });
});
afterAll(async () => app?.close());

async function pay(userId: string, eventId: string) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-09-30.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${eventId}`,
        object: 'checkout.session',
        mode: 'payment',
        client_reference_id: userId,
        payment_status: 'paid',
        status: 'complete',
        amount_subtotal: 9700,
        amount_total: 9700,
        currency: 'usd',
        metadata: {},
        subscription: null,
      },
    },
  });
  const res = await fetch(`${app.url}/api/webhooks/payments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    },
    body: payload,
  });
  expect(res.status).toBe(200);
}

/** What the search index answers, through the API (whichever adapter is configured). */
async function searchAnswers(token: string) {
  const paths = [
    '/api/vc-firms/all-ids',
    '/api/vc-firms?limit=100&search=capital',
    '/api/vc-filter-options',
    '/api/test-vc-firms/all-ids',
    '/api/test-filter-options',
    '/api/investors/all-ids',
    '/api/investors?limit=100&search=a',
    '/api/investors/filter-options',
    '/api/vc-firms?limit=50&page=2',
  ];
  const out: Record<string, unknown> = {};
  for (const p of paths) {
    const r = await app.api('GET', p, { token });
    expect(r.status, p).toBe(200);
    out[p] = r.body;
  }
  return out;
}

it('rebuilds every read model and the search index from the log into exactly the live rows', async () => {
  const meta = () => ({ now: new Date(), actor: 'test' });
  // Catalog: a first load, then a re-import of the angels that supersedes it.
  await app.services.catalog.seed({ vc: 60, angels: 40, seed: 3 }, meta());
  const reseed = await app.services.catalog.seed({ angels: 25, seed: 4 }, meta());
  await app.ctx.projections.waitFor(reseed.checkpoint, 60_000);

  const a = await founder(app, 6);
  const b = await founder(app, 2);
  const admin = await app.createUser({ admin: true });
  // Profile edits, including clearing a field (an optional one: a complete profile keeps its required fields).
  expect(
    (
      await app.api('PATCH', '/api/startup-profile', {
        token: b.token,
        body: { companyName: 'Renamed Robotics', clear: ['website'] },
      })
    ).status,
  ).toBe(200);
  await pay(b.id, 'evt_rebuild_1');

  // Submissions: one completes, one fails (refunded, then retried: charged and refunded again), one stopped before it ran.
  expect((await app.api('GET', '/api/test-vc-firms', { token: a.token })).status).toBe(200);
  const sub = await app.api('POST', '/api/submit-to-test-vcs', {
    token: a.token,
    body: { testVcIds: ['granite-growth', 'sentinel-capital', 'tortoise-capital'].map(testFirmId) },
  });
  expect(sub.status, JSON.stringify(sub.body)).toBe(200);
  const [done, fail, slow] = sub.body.submissionIds as string[];
  expect((await app.api('POST', `/api/submissions/${slow}/stop`, { token: a.token })).status).toBe(200);
  const terminal = (ids: string[]) =>
    waitUntil(
      'submissions to end',
      async () => {
        const rows = await app.ctx.db
          .selectFrom('submissions')
          .select(['status', 'credit_refunded'])
          .where('id', 'in', ids)
          .execute();
        return (
          rows.length === ids.length &&
          rows.every((r: any) => TERMINAL.includes(r.status) && (r.status === 'completed' || r.credit_refunded))
        );
      },
      120_000,
      300,
    );
  await terminal([done!, fail!, slow!]);
  const retried = await app.api('POST', `/api/submissions/${fail}/retry`, { token: a.token });
  expect(retried.status, JSON.stringify(retried.body)).toBe(200);
  await waitUntil(
    'the retry to end',
    async () => {
      const row: any = await app.ctx.db
        .selectFrom('submissions')
        .select(['status', 'attempt', 'credit_refunded'])
        .where('id', '=', fail!)
        .executeTakeFirst();
      return row.attempt === 2 && TERMINAL.includes(row.status) && (row.status === 'completed' || row.credit_refunded);
    },
    120_000,
    300,
  );

  // Exports: one delivered, one failing half-way (refunded).
  const angels: string[] = (await app.api('GET', '/api/investors/all-ids', { token: b.token })).body.investorIds;
  expect(
    (
      await app.api('POST', '/api/export-angel-investors', {
        token: b.token,
        body: { investorIds: angels.slice(0, 5) },
      })
    ).status,
  ).toBe(200);
  const broken = await app.services.catalog.exportAngels(b.id, angels.slice(0, 3), meta(), {
    loadBatch: async () => {
      throw new Error('storage went away');
    },
  });
  await expect(
    (async () => {
      for await (const _ of broken.stream) void _;
    })(),
  ).rejects.toThrow('storage went away');
  await waitUntil(
    'the failed export to be refunded',
    async () => (await ledgerOf(app.ctx.store, b.id)).refunded.length === 1,
    10_000,
    100,
  );

  // Security: honeypot violations from two addresses, a block, and an unblock by an admin.
  for (const ip of ['198.51.100.7', '198.51.100.8']) {
    expect((await app.api('GET', '/api/admin/users', { headers: { 'x-forwarded-for': ip } })).status).toBe(404);
  }
  await app.services.security.blockIp('198.51.100.7', 'reliability test', 60 * 60_000, meta());
  await app.services.security.blockIp('198.51.100.8', 'reliability test', null, meta());
  expect(
    (await app.api('POST', '/api/security/unblock-ip', { token: admin.token, body: { ip: '198.51.100.8' } })).status,
  ).toBe(200);

  // Operators: a role granted and revoked, an account disabled, enabled and disabled again, a ledger audit run.
  expect(
    (await app.api('POST', `/api/ops/users/${b.id}/roles`, { token: admin.token, body: { role: 'auditor' } })).status,
  ).toBe(200);
  expect((await app.api('DELETE', `/api/ops/users/${b.id}/roles/auditor`, { token: admin.token })).status).toBe(200);
  expect(
    (
      await app.api('POST', `/api/ops/users/${b.id}/disable`, {
        token: admin.token,
        body: { reason: 'reliability test' },
      })
    ).status,
  ).toBe(200);
  expect((await app.api('POST', `/api/ops/users/${b.id}/enable`, { token: admin.token })).status).toBe(200);
  expect(
    (
      await app.api('POST', `/api/ops/users/${b.id}/disable`, {
        token: admin.token,
        body: { reason: 'reliability test' },
      })
    ).status,
  ).toBe(200);
  const audit = await app.api('POST', '/api/ops/audits', { token: admin.token, body: {} });
  await waitUntil(
    'the audit run to end',
    async () =>
      (await app.api('GET', `/api/ops/audits/${audit.body.run.id}`, { token: admin.token })).body.run.status === 'done',
    60_000,
    200,
  );

  await app.ctx.projections.waitFor(undefined, 60_000);
  const head = await app.writes();
  const projections = projectionsOf(app.runtime);
  const tables = projections.flatMap((p) => p.tables);
  const live = await snapshotTables(app.ctx.pool, tables);
  const liveSearch = await searchAnswers(a.token);
  // The workload reached every module's read model.
  const reached = [
    'users',
    'credit_accounts',
    'credit_movements',
    'startup_profiles',
    'catalog_vc_firms',
    'catalog_angels',
    'catalog_test_firms',
    'submissions',
    'security_violations',
    'security_blocked_ips',
    'ops_audit_runs',
  ];
  for (const t of reached) expect(live.get(t)?.length, `live rows in ${t}`).toBeGreaterThan(0);
  expect(
    (
      await app.ctx.pool.query(
        `select count(*) filter (where disabled_at is not null) as d, count(*) filter (where 'admin' = any(roles)) as a from users`,
      )
    ).rows[0],
  ).toEqual({ d: 1, a: 1 });

  const rebuilt = await app.ctx.projections.rebuild();
  expect(rebuilt.map((r) => r.name).sort()).toEqual(projections.map((p) => p.name).sort());
  expect(await app.writes()).toBe(head);
  const after = await snapshotTables(app.ctx.pool, tables);
  expect(diffSnapshots(live, after)).toEqual([]);
  expect(await searchAnswers(a.token)).toEqual(liveSearch);
  const rows = [...live.values()].reduce((n, r) => n + r.length, 0);
  console.log(
    `[reliability] rebuild: ${rebuilt.length} projections, ${rebuilt.reduce((n, r) => n + r.events, 0)} events replayed in ${rebuilt.reduce((n, r) => n + r.ms, 0)} ms; ${tables.length} tables, ${rows} rows identical`,
  );
}, 300_000);

/**
 * A rebuild run while another process runs the projection used to collide with it: the running
 * process stopped the projection as failed ("deadlock detected") or applied events twice. Now the
 * rebuild refuses until that process has stopped (projections/src/runtime.ts, ownForRebuild).
 */
it('refuses to rebuild a projection another process is running, and rebuilds once it has stopped', async () => {
  const db = await createTestDatabase(inject('pgAdminUrl'));
  const config = { ...loadConfig({}), catalogSeed: 'off' as const, port: 0, sandboxPort: 0 };
  const quiet = () => undefined;
  const owner = await createRuntime({ role: 'projections', databaseUrl: db.url, config, log: quiet });
  const cli = await createRuntime({ role: 'cli', databaseUrl: db.url, config, log: quiet });
  try {
    const userId = randomUUID();
    const grant = () =>
      cli.services.credits.grant(userId, 1, 'rebuild ownership', null, { now: new Date(), actor: 'test' });
    for (let i = 0; i < 5; i++) await grant();
    await cli.ctx.projections.waitFor(undefined, 10_000);
    await expect(cli.ctx.projections.rebuild('credits')).rejects.toThrow(/being run by another process/);
    // The running projection was not disturbed and still follows the log.
    await grant();
    await cli.ctx.projections.waitFor(undefined, 10_000);
    expect((await owner.ctx.projections.status()).find((p) => p.name === 'credits')).toMatchObject({
      status: 'running',
      lag: 0,
      error: null,
    });
    expect(await cli.services.credits.balance(userId)).toBe(6);
    await owner.stop();
    const [rebuilt] = await cli.ctx.projections.rebuild('credits');
    expect(rebuilt).toMatchObject({ name: 'credits', events: 6 });
    expect(await cli.services.credits.balance(userId)).toBe(6);
  } finally {
    await cli.stop();
    await owner.stop();
    await db.drop();
  }
}, 120_000);
