import { creditStream } from '@fp/contracts';
import { generateAngels } from '@fp/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { founder, testFirmId } from './submissions-helpers';

/**
 * Exact idempotency of the paid calls: an Idempotency-Key is bound to its request (the same key with
 * another body is a 422), its answer lands in the same append as the charge, and a resend answers
 * the first answer without charging or creating anything again. No workers run here: submissions
 * stay queued, so a run's timing never decides what a test sees.
 */
let app: TestApp;
const SEED = 11;
const angels = [...generateAngels({ seed: SEED, count: 20 })];

beforeAll(async () => {
  app = await startTestApp({ workers: false });
  await app.services.catalog.syncTestCatalog();
  const r = await app.services.catalog.seed({ vc: 0, angels: 20, seed: SEED }, { now: new Date(), actor: 'test' });
  await app.ctx.projections.waitFor(r.checkpoint, 60_000);
});
afterAll(async () => app?.close());

const key = (k: string) => ({ 'idempotency-key': k });
const submitTest = (token: string, slugs: string[], headers: Record<string, string> = {}) =>
  app.api('POST', '/api/submit-to-test-vcs', { token, body: { testVcIds: slugs.map(testFirmId) }, headers });

async function ledger(userId: string) {
  const { events } = await app.ctx.store.readStream(creditStream(userId));
  return events.map((e) => ({
    type: e.type,
    amount: e.data.amount as number,
    reference: (e.data.reference as string | null) ?? null,
    spendKind: (e.data.spendKind as string | undefined) ?? null,
  }));
}
const ledgerBalance = async (userId: string) => (await ledger(userId)).reduce((sum, m) => sum + m.amount, 0);
const spends = async (userId: string) => (await ledger(userId)).filter((m) => m.type === 'CreditsSpent');

async function submissionsOf(token: string) {
  await app.ctx.projections.waitFor(undefined, 20_000);
  const r = await app.api('GET', '/api/submissions?limit=100', { token });
  expect(r.status).toBe(200);
  return r.body.submissions as { id: string; status: string }[];
}

describe('keyed submit', () => {
  it('charges once when the write of the key record fails after the charge (resent after a stop and a retry)', async () => {
    const u = await founder(app, 2);
    const start = await ledgerBalance(u.id);
    // A transient fault on the key's record only: a statement cancelled (answered 503, "try again").
    await app.ctx.pool.query(`
      create or replace function fail_request_records() returns trigger language plpgsql as $$
      begin raise exception 'injected fault: the request record could not be written' using errcode = '57014'; end $$;
      create trigger fail_request_records before insert on es_events for each row
        when (new.stream_id like 'request-%' or new.stream_id like 'submit-request-%')
        execute function fail_request_records();`);
    let first;
    try {
      first = await submitTest(u.token, ['quill-ventures'], key('k-fault'));
    } finally {
      await app.ctx.pool.query('drop trigger fail_request_records on es_events');
    }
    expect(first.status, JSON.stringify(first.body)).toBe(503);
    // The founder stops and retries whatever that failed request left (nothing, when nothing was charged).
    for (const s of await submissionsOf(u.token)) {
      expect((await app.api('POST', `/api/submissions/${s.id}/stop`, { token: u.token, body: {} })).status).toBe(200);
      expect((await app.api('POST', `/api/submissions/${s.id}/retry`, { token: u.token, body: {} })).status).toBe(200);
    }
    // The client sends its request again with the same key.
    const again = await submitTest(u.token, ['quill-ventures'], key('k-fault'));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const live = (await submissionsOf(u.token)).filter((s) => s.status === 'pending' || s.status === 'processing');
    expect(live).toHaveLength(1);
    // Every credit still spent pays for an application under way: one.
    expect(await ledgerBalance(u.id)).toBe(start - 1);
    const third = await submitTest(u.token, ['quill-ventures'], key('k-fault'));
    expect(third.body).toEqual(again.body);
    expect(await ledgerBalance(u.id)).toBe(start - 1);
  });

  it('answers 422 to the same key with another body, and the first answer to the same body', async () => {
    const u = await founder(app, 3);
    const a = await submitTest(u.token, ['atlas-ventures'], key('k-body'));
    expect(a.status).toBe(200);
    expect(a.body.creditsDeducted).toBe(1);
    const other = await submitTest(u.token, ['northwind-ventures'], key('k-body'));
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      error: 'This Idempotency-Key was already used for a different request. Send a new request with a new key.',
    });
    // The same key on another paid route is another request too.
    const elsewhere = await app.api('POST', '/api/export-angel-investors', {
      token: u.token,
      body: { investorIds: [angels[0]!.id] },
      headers: key('k-body'),
    });
    expect(elsewhere.status).toBe(422);
    const same = await submitTest(u.token, ['atlas-ventures'], key('k-body'));
    expect(same.status).toBe(200);
    expect(same.body).toEqual(a.body);
    expect(await spends(u.id)).toHaveLength(1);
    expect(await submissionsOf(u.token)).toHaveLength(1);
  });
});

describe('keyed angel export', () => {
  it('charges once for an export sent again with the same key, one after the other and at once', async () => {
    const u = await founder(app, 3);
    const body = { investorIds: angels.slice(0, 5).map((a) => a.id) };
    const send = (k: string, b: unknown = body) =>
      fetch(`${app.url}/api/export-angel-investors`, {
        method: 'POST',
        headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json', ...key(k) },
        body: JSON.stringify(b),
      }).then(async (r) => ({ status: r.status, text: await r.text(), count: r.headers.get('x-export-count') }));
    const first = await send('x-1');
    expect(first.status).toBe(200);
    expect(first.count).toBe('5');
    const again = await send('x-1');
    expect(again).toEqual(first);
    const burst = await Promise.all([send('x-2'), send('x-2'), send('x-2')]);
    for (const r of burst) expect(r).toEqual(first);
    expect((await send('x-2', { investorIds: [angels[6]!.id] })).status).toBe(422);
    expect((await spends(u.id)).map((s) => s.spendKind)).toEqual(['angel_export', 'angel_export']);
  });
});

describe('keyed credit purchase', () => {
  it('answers the same checkout session to a purchase sent again with the same key', async () => {
    const u = await founder(app, 0);
    const buy = (k: string, product = 'pack') =>
      app.api('POST', '/api/checkout', { token: u.token, body: { product }, headers: key(k) });
    const first = await buy('p-1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const burst = await Promise.all([buy('p-1'), buy('p-1'), buy('p-2'), buy('p-2')]);
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(burst[0]!.body).toEqual(first.body);
    expect(burst[1]!.body).toEqual(first.body);
    expect(burst[3]!.body).toEqual(burst[2]!.body);
    expect(burst[2]!.body.url).not.toBe(first.body.url);
    const other = await buy('p-1', 'pro');
    expect(other.status).toBe(422);
    const sessions = await app.ctx.pool.query('select id from local_checkout_sessions where user_id = $1', [u.id]);
    expect(sessions.rows).toHaveLength(2);
  });
});

describe('keyed retry', () => {
  it('charges a retry sent again with the same key once, and answers it the same', async () => {
    const u = await founder(app, 3);
    const s = await submitTest(u.token, ['quill-ventures']);
    const id = s.body.submissionIds[0] as string;
    expect((await app.api('POST', `/api/submissions/${id}/stop`, { token: u.token, body: {} })).status).toBe(200);
    const retry = () =>
      app.api('POST', `/api/submissions/${id}/retry`, { token: u.token, body: {}, headers: key('r-1') });
    const [a, b] = await Promise.all([retry(), retry()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.submission.attempt).toBe(a.body.submission.attempt);
    expect(a.body.submission.attempt).toBe(2);
    // Stopped again; the same request sent once more is still the first retry, not a new one.
    expect((await app.api('POST', `/api/submissions/${id}/stop`, { token: u.token, body: {} })).status).toBe(200);
    const c = await retry();
    expect(c.status).toBe(200);
    expect(c.body.submission).toMatchObject({ id, attempt: 2, status: 'stopped' });
    expect(await spends(u.id)).toHaveLength(2);
    // Another submission's retry with the same key is another request.
    const t = await submitTest(u.token, ['atlas-ventures']);
    const other = t.body.submissionIds[0] as string;
    await app.api('POST', `/api/submissions/${other}/stop`, { token: u.token, body: {} });
    const wrong = await app.api('POST', `/api/submissions/${other}/retry`, {
      token: u.token,
      body: {},
      headers: key('r-1'),
    });
    expect(wrong.status).toBe(422);
  });
});

describe('balance pre-check', () => {
  it('reads the ledger: credits granted while the credits projection is stalled are spendable at once', async () => {
    const u = await founder(app, 1);
    expect(await app.services.credits.balance(u.id)).toBe(1);
    // The credits projection stalls on this founder's row (a long transaction holds it).
    const holder = await app.ctx.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select * from credit_accounts where user_id = $1 for update', [u.id]);
      await app.services.credits.grant(u.id, 2, 'test credits', null, { now: new Date(), actor: 'test' });
      expect(await ledgerBalance(u.id)).toBe(3);
      expect(await app.services.credits.balance(u.id)).toBe(1);
      // The plan shown before the submit counts the same credits.
      const plan = await app.api('POST', '/api/submit-plan', {
        token: u.token,
        body: { vcIds: ['quill-ventures', 'atlas-ventures', 'northwind-ventures'].map(testFirmId), test: true },
      });
      expect(plan.status, JSON.stringify(plan.body)).toBe(200);
      expect(plan.body).toMatchObject({ credits: 3, balance: 3 });
      const r = await submitTest(u.token, ['quill-ventures', 'atlas-ventures', 'northwind-ventures']);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.creditsDeducted).toBe(3);
      expect(await ledgerBalance(u.id)).toBe(0);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      holder.release();
    }
  });
});
