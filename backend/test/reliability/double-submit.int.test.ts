import { createTestDatabase, freePort, loadConfig, type TestDatabase } from '@fp/infra';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { createRuntime, type Runtime } from '../../src/runtime';
import { loopbackFirmsFile } from '../../src/testing/loopback-firms';
import {
  client,
  COMPLETE_PROFILE,
  killChildren,
  ledgerAuditCli,
  ledgerOf,
  long,
  noteShortVariant,
  serverEnv,
  startServer,
} from './support';

/**
 * Issue 12: two API processes on one database receive the same 50-firm submit at the same moment,
 * 20 times (no Idempotency-Key, no shared memory between them). Every firm is applied to once and
 * charged once: the charge, the founder × firm claims (at expected revisions) and the submissions
 * are one multi-stream append, so one process wins each firm and the other skips it as under way.
 */
const ROUNDS = long(20, 60);
const FIRMS_PER_ROUND = 50;

let db: TestDatabase | undefined;
let rt: Runtime | undefined;
afterAll(async () => {
  killChildren();
  await rt?.stop();
  await db?.drop();
});

it('applies to and charges each firm once when two API processes get the same submit at once', async () => {
  noteShortVariant('double submit');
  db = await createTestDatabase(inject('pgAdminUrl'));
  // This process projects the read models and seeds the catalog; the API processes do neither.
  rt = await createRuntime({
    role: 'cli',
    databaseUrl: db.url,
    log: () => {},
    config: { ...loadConfig({}), catalogSeed: 'off', dataDir: mkdtempSync(path.join(tmpdir(), 'fp-double-')) },
  });
  const meta = { now: new Date(), actor: 'test' };
  // Generated firms live on reserved demo domains, which submit refuses; these are imported through
  // the real importer on loopback addresses (nobody's site; the API processes run no workers anyway).
  const file = loopbackFirmsFile(ROUNDS * FIRMS_PER_ROUND);
  const imported = await rt.services.catalog.importFirms(
    { source: 'fundraisingfox', file, dataDate: '2026-01-15' },
    meta,
  );
  await rt.services.catalog.waitUntilLoaded(imported.checkpoint, 120_000);

  const [port1, port2] = [await freePort(), await freePort()];
  const env = (port: number) =>
    serverEnv(db!.url, { PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fp-double-api-')) });
  await Promise.all([startServer(env(port1), 'api'), startServer(env(port2), 'api')]);
  const apis = [client(`http://127.0.0.1:${port1}`), client(`http://127.0.0.1:${port2}`)];

  const email = `double.${Date.now().toString(36)}@example.com`;
  const signUp = await apis[0]!('POST', '/api/identity/sign-up/email', {
    body: { email, password: 'double-submit-password', name: 'Double Founder' },
  });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
  const token = signUp.body.token as string;
  const userId = signUp.body.user.id as string;
  expect(
    (
      await apis[1]!('POST', '/api/auth/sync-user', {
        token,
        body: { id: userId, email, firstName: 'Double', lastName: 'Founder' },
      })
    ).status,
  ).toBe(200);
  expect((await apis[0]!('PATCH', '/api/startup-profile', { token, body: COMPLETE_PROFILE })).status).toBe(200);
  const credits = 2 * ROUNDS * FIRMS_PER_ROUND;
  const granted = await rt.services.credits.grant(userId, credits, 'double submit test', null, meta);
  await rt.ctx.projections.waitFor(granted.checkpoint, 30_000);
  const startBalance = await rt.services.credits.balance(userId);

  const ids = (await rt.ctx.pool.query<{ id: string }>('select id from catalog_vc_firms order by id')).rows.map(
    (r) => r.id,
  );
  expect(ids.length).toBe(ROUNDS * FIRMS_PER_ROUND);
  let applied = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const firms = ids.slice(round * FIRMS_PER_ROUND, (round + 1) * FIRMS_PER_ROUND);
    const answers = await Promise.all(
      apis.map((api) => api('POST', '/api/submit-to-selected-vcs', { token, body: { vcIds: firms } })),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    // Between them the two answers apply to every firm once; what one applied to, the other skipped
    // as under way. (A generated firm without a website is skipped by both, for that reason.)
    for (const a of answers) expect(a.body.submissionIds).toHaveLength(a.body.creditsDeducted);
    const noWebsite = new Set(
      answers[0]!.body.skipped
        .filter((s: { reason: string }) => s.reason === 'no_website')
        .map((s: { vcId: string }) => s.vcId),
    );
    for (const vcId of firms) {
      const skips = answers.map((a) => a.body.skipped.find((s: { vcId: string }) => s.vcId === vcId)?.reason ?? null);
      if (noWebsite.has(vcId)) expect(skips).toEqual(['no_website', 'no_website']);
      else
        expect(skips.filter((r) => r === null).length === 1 && skips.includes('in_progress'), `${vcId}: ${skips}`).toBe(
          true,
        );
    }
    const deducted = answers.reduce((n, a) => n + a.body.creditsDeducted, 0);
    expect(deducted).toBe(FIRMS_PER_ROUND - noWebsite.size);
    applied += deducted;
  }

  // The log: one submission per firm, each charged once net of refunds; the balance down by exactly that.
  const subs = await db.pool.query<{ firm: string; n: string }>(
    `select data->>'vcFirmId' as firm, count(*) as n from es_events where type = 'SubmissionRequested' group by 1`,
  );
  expect(subs.rows).toHaveLength(applied);
  for (const row of subs.rows) expect(Number(row.n), row.firm).toBe(1);
  const ledger = await ledgerOf(rt.ctx.store, userId);
  expect(ledger.problems).toEqual([]);
  // The charge is written in the same append as the claims: the process that lost a firm was
  // never charged for it (nothing to refund), and no reference is charged twice.
  expect(ledger.refunded).toEqual([]);
  expect(ledger.spent).toHaveLength(applied);
  expect(new Set(ledger.spent).size).toBe(applied);
  expect(ledger.balance).toBe(startBalance - applied);
  const audit = await ledgerAuditCli(db.url);
  expect(audit.exitCode, audit.output).toBe(0);
  expect(audit.result.ok).toBe(true);
  console.log(
    `[reliability] double submit: ${ROUNDS} rounds of ${FIRMS_PER_ROUND} firms on two API processes; ${applied} firms applied to, ${ledger.spent.length} charges, ${ledger.refunded.length} refunds`,
  );
}, 300_000);
