import { PostgresEventStore } from '@fp/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/credits/index';
import { startRefundRetry } from '../src/modules/credits/retry-pending-refunds';
import { startTestApp, type TestApp } from '../src/testing/app';
import { founder, getSubmission, testFirmId, waitUntil } from './submissions-helpers';

/**
 * A refund the ledger refuses is never dropped: it is recorded as pending (an event), listed on the
 * operators' ledger screen, counted as pending by the ledger audit, and retried until it lands.
 * The fault is injected into the real event store: the first append of a refund to a chosen
 * founder's ledger fails as a lost connection would. Workers are off, so the test drives the
 * background retry's sweep itself (with a clock an hour ahead) instead of waiting for its timer.
 */
let app: TestApp;
let admin: { id: string; token: string };
const failFirstRefundOf = new Set<string>();

// On the store's class, before the app is built: the app reaches its store through wrappers that
// bind its methods once.
const append = PostgresEventStore.prototype.append;
PostgresEventStore.prototype.append = async function (streamId, events, expected) {
  const user = streamId.startsWith('credits-') ? streamId.slice('credits-'.length) : null;
  if (user && failFirstRefundOf.has(user) && events.some((e) => e.type === 'CreditsRefunded')) {
    failFirstRefundOf.delete(user);
    throw new Error('Connection terminated unexpectedly');
  }
  return append.call(this, streamId, events, expected);
};

beforeAll(async () => {
  app = await startTestApp({ workers: false });
  admin = await app.createUser({ admin: true });
});
afterAll(async () => {
  PostgresEventStore.prototype.append = append;
  await app?.close();
});

const meta = (actor = 'test') => ({ now: new Date(), actor });
const settle = () => app.ctx.projections.waitFor(undefined, 20_000);
const ledger = async (userId: string) => (await app.ctx.store.readStream(`credits-${userId}`)).events;
const refunds = async (token = admin.token) => app.api('GET', '/api/ops/refunds', { token });
const hourAhead = () => new Date(Date.now() + 3_600_000);

describe('a refund whose first write fails', () => {
  it('is pending (listed for operators, counted by the audit) and the background retry credits it back once', async () => {
    const u = await app.createUser();
    expect(await app.services.credits.balance(u.id)).toBe(1);
    failFirstRefundOf.add(u.id);
    // The paid work fails after the charge: chargeFor gives the credit back, and that write fails.
    const spend = {
      spendKind: 'angel_export' as const,
      items: [{ reference: 'export-broken', amount: 1, reason: 'Angel investor export (3 investors)' }],
      insufficientMessage: 'You need at least 1 credit to export data.',
    };
    await expect(
      app.services.credits.chargeFor(
        u.id,
        spend,
        meta(u.id),
        async () => {
          throw new Error('the CSV stream broke');
        },
        () => 'Angel investor export failed: the CSV stream broke',
      ),
    ).rejects.toThrow('the CSV stream broke');
    await settle();

    // Meanwhile: not refunded, but pending, in the log and on the operators' screen.
    expect(await app.services.credits.balance(u.id)).toBe(0);
    expect((await ledger(u.id)).map((e) => e.type)).not.toContain('CreditsRefunded');
    const pendingEvents = (await app.ctx.store.readStream(`pending-refund-${u.id}:export-broken`)).events;
    expect(pendingEvents.map((e) => e.type)).toEqual(['RefundPending']);
    const listed = await refunds();
    expect(listed.status).toBe(200);
    expect(listed.body.pending).toContainEqual(
      expect.objectContaining({
        user: { id: u.id, email: u.email },
        reference: 'export-broken',
        reason: 'Angel investor export failed: the CSV stream broke',
        credits: 1,
        status: 'pending',
        attempts: 0,
        lastError: 'Connection terminated unexpectedly',
      }),
    );
    // The audit: the ledger is sound; the refund is owed and counted as pending, not as a problem.
    const audit = await auditLedger(app.ctx);
    const row = audit.rows.find((r) => r.userId === u.id)!;
    expect(row).toMatchObject({ status: 'ok', replayed: 0, pendingRefunds: 1, pendingCredits: 1 });
    expect(audit.pendingRefunds).toBeGreaterThanOrEqual(1);

    // The background retry's loop (its sweep with a clock an hour ahead, so the first try is due).
    const stop = startRefundRetry(
      () => app.services.credits.retryDueRefunds(hourAhead()),
      50,
      () => {},
    );
    try {
      await waitUntil(
        'the pending refund to land',
        async () => (await ledger(u.id)).some((e) => e.type === 'CreditsRefunded'),
        20_000,
        50,
      );
    } finally {
      await stop();
    }
    await settle();
    expect(await app.services.credits.balance(u.id)).toBe(1);
    expect((await ledger(u.id)).filter((e) => e.type === 'CreditsRefunded')).toHaveLength(1);
    const after = await refunds();
    expect(after.body.pending.find((r: { reference: string }) => r.reference === 'export-broken')).toBeUndefined();
    expect(after.body.recentlyLanded).toContainEqual(
      expect.objectContaining({ reference: 'export-broken', status: 'landed', user: { id: u.id, email: u.email } }),
    );
    // Another sweep finds nothing to do: nothing is given twice.
    await app.services.credits.retryDueRefunds(hourAhead());
    expect((await ledger(u.id)).filter((e) => e.type === 'CreditsRefunded')).toHaveLength(1);
    const row2 = (await auditLedger(app.ctx)).rows.find((r) => r.userId === u.id)!;
    expect(row2).toMatchObject({ status: 'ok', replayed: 1, pendingRefunds: 0 });
  });

  it("a stopped submission's refund: pending until an operator's Retry now lands it, then the submission shows it", async () => {
    const u = await founder(app, 2);
    const s = await app.api('POST', '/api/submit-to-test-vcs', {
      token: u.token,
      body: { testVcIds: [testFirmId('quill-ventures')] },
    });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    const id = s.body.submissionIds[0] as string;
    failFirstRefundOf.add(u.id);
    // Queued (no worker): the stop ends it at once, and its refund is the write that fails.
    const stopped = await app.api('POST', `/api/submissions/${id}/stop`, { token: u.token, body: {} });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    await settle();
    expect(await app.services.credits.balance(u.id)).toBe(1);
    const before = await getSubmission(app, u.token, id);
    expect(before).toMatchObject({ status: 'stopped', creditRefunded: false });
    const pending = (await refunds()).body.pending.find((r: { reference: string }) => r.reference === id);
    expect(pending).toMatchObject({ user: { id: u.id }, credits: 1, status: 'pending' });

    // Only an operator may retry; an auditor sees the list.
    const auditor = await app.createUser();
    await app.services.accounts.grantRole(auditor.id, 'auditor', meta('operator:test'));
    expect((await refunds(auditor.token)).status).toBe(200);
    const body = { userId: u.id, reference: id };
    expect((await app.api('POST', '/api/ops/refunds/retry', { token: auditor.token, body })).status).toBe(403);
    expect((await app.api('POST', '/api/ops/refunds/retry', { token: u.token, body })).status).toBe(403);
    const unknown = await app.api('POST', '/api/ops/refunds/retry', {
      token: admin.token,
      body: { userId: u.id, reference: 'nothing-pending' },
    });
    expect(unknown.status).toBe(404);

    const retried = await app.api('POST', '/api/ops/refunds/retry', { token: admin.token, body });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ landed: true, refund: { reference: id, status: 'landed', credits: 1 } });
    await settle();
    expect(await app.services.credits.balance(u.id)).toBe(2);
    expect(await getSubmission(app, u.token, id)).toMatchObject({ status: 'stopped', creditRefunded: true });
    const landed = (await app.ctx.store.readStream(`pending-refund-${u.id}:${id}`)).events;
    expect(landed.map((e) => [e.type, (e.data as { actor?: string }).actor ?? null])).toEqual([
      ['RefundPending', null],
      ['RefundLanded', admin.id],
    ]);
  });
});
