import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { auditLedger, InsufficientCreditsError } from '../src/modules/credits/index';
import { createCreditsModule } from '../src/modules/credits/index';
import { fileCli } from '../src/testing/cli';

const SECRET = 'whsec_test_credits_secret';
const EXPORT_MESSAGE = 'You need at least 1 credit to export data.';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ config: { stripeWebhookSecret: SECRET } });
});
afterAll(async () => app?.close());

const meta = (actor = 'test') => ({ now: new Date(), actor });
const creditEvents = async (userId: string) => (await app.ctx.store.readStream(`credits-${userId}`)).events;
const settle = () => app.ctx.projections.waitFor(undefined, 20_000);
/** Events on every ledger (not the whole log: a purchase's receipt e-mail records its delivery later). */
const ledgerEvents = async () =>
  (await app.ctx.pool.query<{ n: number }>(`select count(*)::int as n from es_events where stream_id like 'credits-%'`))
    .rows[0]!.n;

async function userWith(balance: number) {
  const u = await app.createUser();
  // createUser registers the user, which grants the free starting credit.
  if (balance > 1)
    await app.services.credits.grant(u.id, balance - 1, 'test setup', 'operator:test', meta('operator:test'));
  await settle();
  expect((await app.api('GET', '/api/credits/balance', { token: u.token })).body).toEqual({ balance });
  return u;
}

const exportSpend = (i: number) => ({
  amount: 1,
  spendKind: 'angel_export' as const,
  reference: `export-${i}`,
  reason: 'Angel investor export',
  insufficientMessage: EXPORT_MESSAGE,
});

async function settleAll<T>(promises: Promise<T>[]) {
  const results = await Promise.allSettled(promises);
  return {
    ok: results.filter((r) => r.status === 'fulfilled'),
    failed: results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'),
  };
}

describe('the balance never goes below zero, also under concurrency', () => {
  it('50 simultaneous spends against a balance of 10: exactly 10 succeed, 40 get Insufficient Credits, 10 spend events', async () => {
    const u = await userWith(10);
    const { ok, failed } = await settleAll(
      Array.from({ length: 50 }, (_, i) => app.services.credits.spend(u.id, exportSpend(i), meta(u.id))),
    );
    expect(ok).toHaveLength(10);
    expect(failed).toHaveLength(40);
    for (const f of failed) {
      expect(f.reason).toBeInstanceOf(InsufficientCreditsError);
      expect((f.reason as InsufficientCreditsError).message).toBe('Insufficient Credits');
      expect((f.reason as InsufficientCreditsError).details).toEqual({ message: EXPORT_MESSAGE, balance: 0 });
    }
    expect((await creditEvents(u.id)).filter((e) => e.type === 'CreditsSpent')).toHaveLength(10);
    await settle();
    expect((await app.api('GET', '/api/credits', { token: u.token })).body).toEqual({ balance: 0 });
  });

  it('holds across two API processes writing the same ledger (optimistic concurrency between them)', async () => {
    const u = await userWith(10);
    // A second service instance stands for a second API process: its own queue and cache, the same event store.
    const other = createCreditsModule({ ctx: app.ctx }).service;
    const services = [app.services.credits, other];
    // Both have cached the ledger before the race, so both start from the same (soon stale) state.
    await Promise.all(services.map((s, i) => s.refund(u.id, `warm-${i}`, 'warm-up', meta())));
    const { ok, failed } = await settleAll(
      Array.from({ length: 50 }, (_, i) => services[i % 2]!.spend(u.id, exportSpend(i), meta(u.id))),
    );
    expect(ok).toHaveLength(10);
    expect(failed.map((f) => (f.reason as Error).message)).toEqual(Array(40).fill('Insufficient Credits'));
    const events = await creditEvents(u.id);
    expect(events.filter((e) => e.type === 'CreditsSpent')).toHaveLength(10);
    expect(events.at(-1)!.data.balanceAfter).toBe(0);
  });

  it('a charge repeated with the same reference is recorded once', async () => {
    const u = await userWith(5);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => app.services.credits.spend(u.id, exportSpend(1), meta())),
    );
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect((await creditEvents(u.id)).filter((e) => e.type === 'CreditsSpent')).toHaveLength(1);
  });
});

describe('refunds', () => {
  it('refund gives the charge back once; a retry charges again and can be refunded again', async () => {
    const u = await userWith(3);
    const credits = app.services.credits;
    expect(
      (
        await credits.spend(
          u.id,
          {
            amount: 1,
            spendKind: 'vc_application',
            reference: 'sub-1',
            reason: 'VC application to Acme Ventures',
            insufficientMessage: 'short',
          },
          meta(),
        )
      ).balance,
    ).toBe(2);
    const refunds = await Promise.all(
      [1, 2, 3].map(() => credits.refund(u.id, 'sub-1', 'Application failed', meta('system'))),
    );
    expect(refunds.filter((r) => r.changed)).toHaveLength(1);
    expect(refunds.find((r) => r.changed)!.balance).toBe(3);
    // Retry: the same submission charged again, then stopped before the form was sent.
    expect(
      (
        await credits.spend(
          u.id,
          {
            amount: 1,
            spendKind: 'vc_application',
            reference: 'sub-1',
            reason: 'VC application to Acme Ventures (retry)',
            insufficientMessage: 'short',
          },
          meta(),
        )
      ).changed,
    ).toBe(true);
    expect((await credits.refund(u.id, 'sub-1', 'Stopped before the form was sent', meta())).balance).toBe(3);
    expect((await credits.refund(u.id, 'never-charged', 'x', meta())).changed).toBe(false);
    expect((await creditEvents(u.id)).map((e) => [e.type, e.data.amount, e.data.balanceAfter])).toEqual([
      ['CreditsGranted', 1, 1],
      ['CreditsGranted', 2, 3],
      ['CreditsSpent', -1, 2],
      ['CreditsRefunded', 1, 3],
      ['CreditsSpent', -1, 2],
      ['CreditsRefunded', 1, 3],
    ]);
  });
});

// ---- payment webhook ----

function checkoutEvent(o: {
  eventId: string;
  sessionId: string;
  userId: string | null;
  amount: number;
  type?: string;
  paymentStatus?: string;
  product?: string;
  subscription?: string | null;
}) {
  return {
    id: o.eventId,
    object: 'event',
    api_version: '2025-09-30.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: o.type ?? 'checkout.session.completed',
    data: {
      object: {
        id: o.sessionId,
        object: 'checkout.session',
        mode: o.subscription ? 'subscription' : 'payment',
        client_reference_id: o.userId,
        payment_status: o.paymentStatus ?? 'paid',
        status: 'complete',
        amount_subtotal: o.amount,
        amount_total: o.amount,
        currency: 'usd',
        metadata: o.product ? { product: o.product } : {},
        subscription: o.subscription ?? null,
      },
    },
  };
}

async function deliver(event: unknown, opts: { secret?: string; signature?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const signature =
    opts.signature !== undefined
      ? opts.signature
      : Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? SECRET });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['stripe-signature'] = signature;
  const res = await fetch(`${app.url}/api/webhooks/payments`, { method: 'POST', headers, body: payload });
  return { status: res.status, body: await res.json() };
}

describe('POST /api/webhooks/payments', () => {
  it('credits a signed purchase of the pack to the user in client_reference_id, once per event', async () => {
    const u = await userWith(1);
    const event = checkoutEvent({ eventId: 'evt_pack_1', sessionId: 'cs_pack_1', userId: u.id, amount: 9700 });
    const first = await deliver(event);
    expect(first).toEqual({ status: 200, body: { received: true, credited: 50, duplicate: false } });
    // The balance already shows it when the webhook has answered.
    expect((await app.api('GET', '/api/credits/balance', { token: u.token })).body).toEqual({ balance: 51 });
    const again = await Promise.all([deliver(event), deliver(event)]);
    for (const r of again) expect(r).toEqual({ status: 200, body: { received: true, credited: 0, duplicate: true } });
    // Another event about the same payment (async success after completion) credits nothing either.
    expect(
      (
        await deliver(
          checkoutEvent({
            eventId: 'evt_pack_2',
            sessionId: 'cs_pack_1',
            userId: u.id,
            amount: 9700,
            type: 'checkout.session.async_payment_succeeded',
          }),
        )
      ).body.duplicate,
    ).toBe(true);
    const purchases = (await creditEvents(u.id)).filter((e) => e.type === 'CreditsPurchased');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]!.data).toMatchObject({
      amount: 50,
      balanceAfter: 51,
      productId: 'pack',
      paymentId: 'cs_pack_1',
      providerEventId: 'evt_pack_1',
      actor: 'payment:stripe',
      reason: 'Credit Pack: 50 credits',
    });
  });

  it('takes plan and pack amounts from the price list (quantity adjustable for the pack)', async () => {
    const u = await userWith(1);
    expect(
      (
        await deliver(
          checkoutEvent({
            eventId: 'evt_pro',
            sessionId: 'cs_pro',
            userId: u.id,
            amount: 150_000,
            product: 'pro',
            subscription: 'sub_pro_1',
          }),
        )
      ).body.credited,
    ).toBe(1800);
    expect(
      (await deliver(checkoutEvent({ eventId: 'evt_3packs', sessionId: 'cs_3packs', userId: u.id, amount: 29_100 })))
        .body.credited,
    ).toBe(150);
    await settle();
    expect((await app.api('GET', '/api/credits', { token: u.token })).body).toEqual({ balance: 1951 });

    // A yearly renewal: the invoice names the subscription, which the first payment tied to the user.
    const renewal = {
      id: 'evt_renew_1',
      object: 'event',
      type: 'invoice.paid',
      created: 1,
      livemode: false,
      api_version: '2025-09-30.clover',
      data: {
        object: {
          id: 'in_renew_1',
          object: 'invoice',
          billing_reason: 'subscription_cycle',
          subtotal: 150_000,
          currency: 'usd',
          parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_pro_1' } },
        },
      },
    };
    expect((await deliver(renewal)).body).toEqual({ received: true, credited: 1800, duplicate: false });
    expect((await deliver(renewal)).body.duplicate).toBe(true);
    expect((await app.api('GET', '/api/credits', { token: u.token })).body).toEqual({ balance: 3751 });
  });

  it('answers a bad or missing signature with 400 and records nothing', async () => {
    const u = await userWith(1);
    const before = await ledgerEvents();
    const event = checkoutEvent({ eventId: 'evt_forged', sessionId: 'cs_forged', userId: u.id, amount: 9700 });
    expect(await deliver(event, { secret: 'whsec_wrong' })).toEqual({
      status: 400,
      body: { error: 'Invalid signature' },
    });
    expect(await deliver(event, { signature: null })).toEqual({ status: 400, body: { error: 'Invalid signature' } });
    expect(await deliver(event, { signature: 't=1,v1=deadbeef' })).toEqual({
      status: 400,
      body: { error: 'Invalid signature' },
    });
    // A valid signature over another body does not cover this one.
    const signed = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify({ ...event, id: 'evt_other' }),
      secret: SECRET,
    });
    expect((await deliver(event, { signature: signed })).status).toBe(400);
    expect(await ledgerEvents()).toBe(before);
    expect((await app.api('GET', '/api/credits/balance', { token: u.token })).body).toEqual({ balance: 1 });
  });

  it('records nothing for an unknown user, an amount off the price list, an unpaid session or another event type', async () => {
    const u = await userWith(1);
    const before = await ledgerEvents();
    expect(
      await deliver(
        checkoutEvent({ eventId: 'evt_nouser', sessionId: 'cs_nouser', userId: 'no-such-user', amount: 9700 }),
      ),
    ).toEqual({ status: 422, body: { error: 'No user matches the payment reference' } });
    expect(
      await deliver(checkoutEvent({ eventId: 'evt_noref', sessionId: 'cs_noref', userId: null, amount: 9700 })),
    ).toEqual({ status: 422, body: { error: 'No user matches the payment reference' } });
    expect(
      await deliver(checkoutEvent({ eventId: 'evt_odd', sessionId: 'cs_odd', userId: u.id, amount: 1234 })),
    ).toEqual({ status: 422, body: { error: 'The amount paid matches no plan or credit pack' } });
    expect(
      (
        await deliver(
          checkoutEvent({
            eventId: 'evt_unpaid',
            sessionId: 'cs_unpaid',
            userId: u.id,
            amount: 9700,
            paymentStatus: 'unpaid',
          }),
        )
      ).body,
    ).toEqual({ received: true, ignored: 'payment status unpaid' });
    expect(
      (await deliver({ id: 'evt_misc', object: 'event', type: 'customer.created', data: { object: {} } })).body,
    ).toEqual({ received: true, ignored: 'event type customer.created' });
    expect(await ledgerEvents()).toBe(before);
  });
});

// ---- history, plans ----

describe('GET /api/credits/history and /api/credits/balance-history', () => {
  it("answers the user's own movements, paginated and sorted, with the running balance", async () => {
    const u = await userWith(1);
    const stranger = await userWith(7);
    for (let i = 0; i < 4; i++)
      await app.services.credits.grant(u.id, 10 * (i + 1), `grant ${i}`, 'operator:test', meta());
    await app.services.credits.spend(u.id, exportSpend(99), meta());
    await settle();
    const page1 = await app.api('GET', '/api/credits/history?limit=2', { token: u.token });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 6, page: 1, limit: 2, sort: 'occurredAt', order: 'desc' });
    expect(page1.body.movements.map((m: any) => [m.kind, m.amount, m.balanceAfter])).toEqual([
      ['spent', -1, 100],
      ['granted', 40, 101],
    ]);
    const page3 = await app.api('GET', '/api/credits/history?limit=2&page=3', { token: u.token });
    expect(page3.body.movements.map((m: any) => [m.position, m.reason])).toEqual([
      [1, 'grant 0'],
      [0, 'Free starting credit'],
    ]);
    const byAmount = await app.api('GET', '/api/credits/history?sort=amount&order=asc', { token: u.token });
    expect(byAmount.body.movements.map((m: any) => m.amount)).toEqual([-1, 1, 10, 20, 30, 40]);
    expect(byAmount.body.movements[0]).toEqual({
      id: expect.any(String),
      position: 5,
      kind: 'spent',
      amount: -1,
      balanceAfter: 100,
      reason: 'Angel investor export',
      reference: 'export-99',
      occurredAt: expect.any(String),
    });
    // Only the signed-in user's ledger, whatever the query says.
    const theirs = await app.api('GET', '/api/credits/history', { token: stranger.token });
    expect(theirs.body.total).toBe(2);
    const series = await app.api('GET', '/api/credits/balance-history', { token: u.token });
    expect(series.body.points.map((p: any) => p.balance)).toEqual([1, 11, 31, 61, 101, 100]);
  });

  it('answers a bad query with 400 { error }', async () => {
    const u = await userWith(1);
    for (const q of ['limit=1000', 'page=0', 'sort=reason', 'order=up', 'limit=abc', 'userId=someone']) {
      const r = await app.api('GET', `/api/credits/history?${q}`, { token: u.token });
      expect(r.status, q).toBe(400);
      expect(typeof r.body.error).toBe('string');
    }
    expect((await app.api('GET', '/api/credits/history')).status).toBe(401);
  });

  it('thins a long balance history to at most 200 points, keeping the newest', async () => {
    const u = await userWith(1);
    await Promise.all(
      Array.from({ length: 450 }, (_, i) => app.services.credits.grant(u.id, 1, `g${i}`, null, meta())),
    );
    await settle();
    const points = (await app.api('GET', '/api/credits/balance-history', { token: u.token })).body.points;
    expect(points.length).toBeLessThanOrEqual(200);
    expect(points.at(-1)).toMatchObject({ position: 450, balance: 451 });
    expect(points.map((p: any) => p.position)).toEqual([...points.map((p: any) => p.position)].sort((a, b) => a - b));
  });
});

describe('GET /api/plans', () => {
  it('serves the plans and the pack from the price list, with payment links carrying the user reference', async () => {
    const u = await userWith(1);
    const r = await app.api('GET', '/api/plans', { token: u.token });
    expect(r.status).toBe(200);
    expect(r.body.plans.map((p: any) => [p.name, p.price, p.pricePerCredit, p.badge])).toEqual([
      ['Basic', 59_000, 1.18, null],
      ['Pro', 150_000, 0.83, 'Most Popular'],
      ['Elite', 300_000, 0.67, 'Best Value'],
      ['Full stack DFY', null, null, null],
    ]);
    expect(r.body.pack).toMatchObject({ credits: 50, price: 9700, pricePerCredit: 1.94, bonus: 0 });
    // Priced products are bought through POST /api/checkout (never a static link); the custom plan opens the contact page.
    expect(r.body.plans.map((p: any) => p.contactUrl)).toEqual([null, null, null, app.ctx.config.contactUrl]);
    expect(JSON.stringify(r.body)).not.toContain('buy.stripe.com');
    expect((await app.api('GET', '/api/plans')).status).toBe(401);
  });
});

// ---- auditors ----

const runCli = fileCli(() => ({ DATABASE_URL: app.db.url, USER: 'auditor' }));

describe('ledger audit', () => {
  it(
    'replays every ledger from the event store and finds a corrupted read-model row (exit code 1)',
    { timeout: 180_000 },
    async () => {
      await settle();
      const clean = await auditLedger(app.ctx);
      expect(clean.problems).toBe(0);
      expect(await auditLedger({ ...app.ctx, pool: undefined })).toMatchObject({
        ok: true,
        events: clean.events,
        streams: clean.streams,
      });
      expect(clean.ok).toBe(true);
      expect(clean.streams).toBeGreaterThan(5);
      const all = (await app.ctx.db
        .selectFrom('credit_accounts')
        .select(['user_id', 'balance', 'events'])
        .execute()) as { user_id: string; balance: number; events: number }[];
      expect(clean.rows).toHaveLength(all.length);
      for (const a of all)
        expect(clean.rows.find((r) => r.userId === a.user_id)).toMatchObject({
          replayed: a.balance,
          readModel: a.balance,
          events: a.events,
          status: 'ok',
        });

      const ok = await runCli(['ledger', 'audit']);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toMatch(/^user\s+events\s+replayed\s+read model\s+status/);
      expect(ok.stdout).toMatch(/all balances match/);

      const victim = all[0]!;
      await app.ctx.db
        .updateTable('credit_accounts')
        .set({ balance: victim.balance + 5 })
        .where('user_id', '=', victim.user_id)
        .execute();
      try {
        const report = await auditLedger(app.ctx);
        expect(report.ok).toBe(false);
        expect(report.rows.filter((r) => r.status !== 'ok')).toEqual([
          {
            userId: victim.user_id,
            events: victim.events,
            replayed: victim.balance,
            readModel: victim.balance + 5,
            readModelEvents: victim.events,
            status: 'mismatch',
            problem: `read model has ${victim.balance + 5} after ${victim.events} events`,
            pendingRefunds: 0,
            pendingCredits: 0,
          },
        ]);
        const bad = await runCli(['ledger', 'audit', '--json']);
        expect(bad.code).toBe(1);
        const json = JSON.parse(bad.stdout.trim().split('\n')[0]!);
        expect(json).toMatchObject({ ok: false, problems: 1 });
        expect(json.rows[0]).toMatchObject({
          userId: victim.user_id,
          status: 'mismatch',
          replayed: victim.balance,
          readModel: victim.balance + 5,
        });
      } finally {
        await app.ctx.db
          .updateTable('credit_accounts')
          .set({ balance: victim.balance })
          .where('user_id', '=', victim.user_id)
          .execute();
      }
    },
  );

  it('also finds a read-model row without a ledger and an event whose recorded balance is wrong', async () => {
    await app.ctx.db
      .insertInto('credit_accounts')
      .values({ user_id: 'ghost', balance: 100, events: 1, updated_at: new Date() })
      .execute();
    const u = await userWith(1);
    const victim = (await creditEvents(u.id))[0]!;
    await app.db.pool.query(`update es_events set data = jsonb_set(data, '{balanceAfter}', '7') where event_id = $1`, [
      victim.eventId,
    ]);
    try {
      // Both readers: the Postgres scan (with the pool) and the event store port's global log (without).
      for (const ctx of [app.ctx, { ...app.ctx, pool: undefined }]) {
        const report = await auditLedger(ctx);
        expect(report.rows.filter((r) => r.status !== 'ok').map((r) => [r.userId, r.status, r.problem])).toEqual(
          [
            ['ghost', 'orphan', 'read-model row without a ledger'],
            [u.id, 'invalid', 'position 0: recorded balance 7, replayed 1'],
          ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
        );
        expect(report.events).toBe((await auditLedger(app.ctx)).events);
      }
    } finally {
      await app.ctx.db.deleteFrom('credit_accounts').where('user_id', '=', 'ghost').execute();
      await app.db.pool.query(
        `update es_events set data = jsonb_set(data, '{balanceAfter}', '1') where event_id = $1`,
        [victim.eventId],
      );
    }
    expect((await auditLedger(app.ctx)).ok).toBe(true);
  });
});

describe('read models', () => {
  it('rebuild from the event log gives the same rows', async () => {
    await settle();
    const snapshot = async () => ({
      accounts: await app.ctx.db.selectFrom('credit_accounts').selectAll().orderBy('user_id').execute(),
      movements: await app.ctx.db.selectFrom('credit_movements').selectAll().orderBy('event_id').execute(),
      subscriptions: await app.ctx.db
        .selectFrom('credit_subscriptions')
        .selectAll()
        .orderBy('subscription_id')
        .execute(),
    });
    const live = await snapshot();
    expect(live.movements.length).toBeGreaterThan(500);
    expect(live.subscriptions).toHaveLength(1);
    await app.ctx.projections.rebuild('credits');
    expect(await snapshot()).toEqual(live);
  });
});

describe('CLI: credits grant and ledger history', () => {
  it('grants with the operator as actor and prints the movements in order with running balance', async () => {
    const u = await userWith(1);
    const grant = await runCli([
      'credits',
      'grant',
      '--email',
      u.email,
      '--amount',
      '4',
      '--reason',
      'Support goodwill',
      '--json',
    ]);
    expect(grant.code, grant.stderr).toBe(0);
    expect(JSON.parse(grant.stdout)).toEqual({ email: u.email, amount: 4, balance: 5 });
    // The API process has the ledger cached; the CLI wrote behind its back, which its next append detects.
    await app.services.credits.spend(u.id, exportSpend(7), meta(u.id));
    const history = await runCli(['ledger', 'history', '--email', u.email, '--json']);
    expect(history.code, history.stderr).toBe(0);
    expect(JSON.parse(history.stdout)).toMatchObject({
      email: u.email,
      balance: 4,
      movements: [
        {
          position: 0,
          kind: 'granted',
          amount: 1,
          balance: 1,
          recordedBalance: 1,
          reason: 'Free starting credit',
          reference: null,
          actor: u.id,
        },
        {
          position: 1,
          kind: 'granted',
          amount: 4,
          balance: 5,
          recordedBalance: 5,
          reason: 'Support goodwill',
          reference: 'operator:auditor',
          actor: 'operator:auditor',
        },
        {
          position: 2,
          kind: 'spent',
          amount: -1,
          balance: 4,
          recordedBalance: 4,
          reason: 'Angel investor export',
          reference: 'export-7',
          actor: u.id,
        },
      ],
    });
    const table = await runCli(['ledger', 'history', '--email', u.email]);
    expect(table.stdout.split('\n')[0]).toMatch(/^#\s+when\s+kind\s+amount\s+balance\s+reason\s+reference\s+actor$/);
  }, 180_000);
});
