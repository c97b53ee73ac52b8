import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/credits/index';
import { LOCAL_TEST_CARDS } from '../src/modules/payments/index';
import { startTestApp, type TestApp } from '../src/testing/app';
import { fileCli } from '../src/testing/cli';

/**
 * Buying credits with no keys: the checkout is made on the server, the local checkout
 * page's card form pays it, and the app receives a correctly signed webhook over HTTP: ledger,
 * receipt e-mail, purchases list. Refunds and disputes take the credits back; what was already
 * spent is owed and blocks spends until a purchase covers it. Forged and replayed webhooks change
 * nothing; the ledger audit stays clean.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ada Founder' };
const meta = (actor = 'test') => ({ now: new Date(), actor });
const settle = () => app.ctx.projections.waitFor(undefined, 20_000);
const balanceOf = async (token: string) => (await app.api('GET', '/api/credits/balance', { token })).body;

async function buy(token: string, product: string, quantity?: number) {
  const checkout = await app.api('POST', '/api/checkout', {
    token,
    body: { product, ...(quantity ? { quantity } : {}) },
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const id = (checkout.body.url as string).split('/').at(-1)!;
  const paid = await app.api('POST', `/api/local-checkout/${id}/pay`, { token, body: CARD });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await settle();
  return { id, url: checkout.body.url as string, redirectUrl: paid.body.redirectUrl as string };
}

/** A webhook as Stripe (or the local checkout) signs it. */
function signed(type: string, object: Record<string, unknown>, secret = app.services.payments.provider.webhookSecret!) {
  const payload = JSON.stringify({
    id: `evt_test_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
const postWebhook = (w: { payload: string; signature: string }) =>
  fetch(`${app.url}/api/webhooks/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': w.signature },
    body: w.payload,
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

describe('checkout on the embedded default', () => {
  it('buys the Pro plan on the local checkout page: credits once, a receipt mail, the purchase listed', async () => {
    const u = await app.createUser();
    await settle();
    const before = (await balanceOf(u.token)).balance;
    const checkout = await app.api('POST', '/api/checkout', { token: u.token, body: { product: 'pro' } });
    expect(checkout.body.url).toMatch(/^\/checkout\/local\/cs_local_[0-9a-f]+$/);
    const id = checkout.body.url.split('/').at(-1);
    const session = await app.api('GET', `/api/local-checkout/${id}`, { token: u.token });
    expect(session.body).toMatchObject({
      product: 'Pro plan',
      credits: 1800,
      amount: 150_000,
      currency: 'usd',
      status: 'open',
    });

    // Test mode's cards: a declined card and a wrong number pay nothing.
    const declined = await app.api('POST', `/api/local-checkout/${id}/pay`, {
      token: u.token,
      body: { ...CARD, cardNumber: LOCAL_TEST_CARDS.declined },
    });
    expect(declined).toMatchObject({ status: 402, body: { error: 'Your card was declined.' } });
    const wrong = await app.api('POST', `/api/local-checkout/${id}/pay`, {
      token: u.token,
      body: { ...CARD, cardNumber: '4242 4242 4242 4241' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'Your card number is invalid.' } });
    const noCvc = await app.api('POST', `/api/local-checkout/${id}/pay`, {
      token: u.token,
      body: { ...CARD, cvc: 'x' },
    });
    expect(noCvc).toMatchObject({ status: 400, body: { error: "Your card's security code is invalid." } });
    await settle();
    expect((await balanceOf(u.token)).balance).toBe(before);

    // Another founder cannot see or pay this session.
    const other = await app.createUser();
    expect((await app.api('GET', `/api/local-checkout/${id}`, { token: other.token })).status).toBe(404);
    expect((await app.api('POST', `/api/local-checkout/${id}/pay`, { token: other.token, body: CARD })).status).toBe(
      404,
    );

    const paid = await app.api('POST', `/api/local-checkout/${id}/pay`, { token: u.token, body: CARD });
    expect(paid.body).toEqual({ redirectUrl: '/credits?purchase=success' });
    // Paying twice (a double click, a second tab) credits once.
    expect((await app.api('POST', `/api/local-checkout/${id}/pay`, { token: u.token, body: CARD })).status).toBe(200);
    await settle();
    expect((await balanceOf(u.token)).balance).toBe(before + 1800);

    const purchases = await app.api('GET', '/api/purchases', { token: u.token });
    expect(purchases.body.owed).toBe(0);
    expect(purchases.body.purchases).toEqual([
      expect.objectContaining({
        paymentId: id,
        product: 'Pro plan: 1,800 credits',
        credits: 1800,
        amountPaid: 150_000,
        currency: 'usd',
        status: 'paid',
        reversedCredits: 0,
      }),
    ]);
    expect((await app.api('GET', `/api/purchases/${id}/receipt`, { token: other.token })).status).toBe(404);
    const own = await app.api('GET', `/api/purchases/${id}/receipt`, { token: u.token });
    expect(own.status).toBe(200);
    expect(own.body).toEqual(purchases.body.purchases[0]);

    const mails = await app.services.mail.list({ to: u.email });
    const receipt = mails.find((m) => m.template === 'receipt');
    expect(receipt?.subject).toBe('Receipt: Pro plan: 1,800 credits ($1,500)');
    expect(mails.filter((m) => m.template === 'receipt')).toHaveLength(1);
  });

  it('refuses unknown products and bad quantities with clear messages', async () => {
    const u = await app.createUser();
    for (const [body, error] of [
      [{ product: 'platinum' }, 'Unknown product: platinum'],
      [{ product: 'dfy' }, 'Unknown product: dfy'],
      [{ product: 'pro', quantity: 2 }, 'Unknown product: pro'],
      [{ product: 'pack', quantity: 0 }, 'quantity must be a whole number from 1 to 100'],
      [{}, 'product is required'],
      [{ product: 'pack', extra: 1 }, expect.stringContaining('extra')],
    ] as const) {
      const r = await app.api('POST', '/api/checkout', { token: u.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toEqual(error);
    }
    expect((await app.api('POST', '/api/checkout', { body: { product: 'pro' } })).status).toBe(401);
  });

  it('ignores forged webhooks and credits a replayed one once', async () => {
    const u = await app.createUser();
    await settle();
    const before = (await balanceOf(u.token)).balance;
    const session = {
      id: `cs_test_${Date.now()}`,
      object: 'checkout.session',
      payment_status: 'paid',
      client_reference_id: u.id,
      amount_subtotal: 9700,
      currency: 'usd',
      metadata: { product: 'pack' },
      payment_intent: `pi_test_${Date.now()}`,
    };
    const forged = signed('checkout.session.completed', session, 'whsec_not_ours');
    expect(await postWebhook(forged)).toEqual({ status: 400, body: { error: 'Invalid signature' } });
    const real = signed('checkout.session.completed', session);
    expect((await postWebhook(real)).body).toMatchObject({ credited: 50, duplicate: false });
    expect((await postWebhook(real)).body).toMatchObject({ credited: 0, duplicate: true });
    await settle();
    expect((await balanceOf(u.token)).balance).toBe(before + 50);
  });
});

describe('refunds and disputes take the credits back', () => {
  it('a refund after some credits were spent empties the balance, records what is owed, blocks spends until a purchase covers it', async () => {
    const u = await app.createUser();
    await settle();
    const start = (await balanceOf(u.token)).balance;
    const { id } = await buy(u.token, 'pack');
    expect((await balanceOf(u.token)).balance).toBe(start + 50);
    // Spend all but 10 of them.
    await app.services.credits.spendAll(
      u.id,
      {
        spendKind: 'angel_export',
        insufficientMessage: 'x',
        items: Array.from({ length: start + 40 }, (_, i) => ({
          reference: `export-refund-${i}`,
          amount: 1,
          reason: 'Angel investor export',
        })),
      },
      meta(u.id),
    );

    // The operator refunds half, then all of it (the provider's webhook reports cumulative amounts).
    await app.services.payments.refund(id, 4850);
    await settle();
    expect(await balanceOf(u.token)).toEqual({ balance: 0, owed: 15 });
    await app.services.payments.refund(id);
    await settle();
    expect(await balanceOf(u.token)).toEqual({ balance: 0, owed: 40 });
    const purchases = (await app.api('GET', '/api/purchases', { token: u.token })).body;
    expect(purchases).toMatchObject({
      owed: 40,
      purchases: [{ paymentId: id, status: 'refunded', reversedCredits: 50 }],
    });
    // Refunding again gives nothing more back.
    await app.services.payments.refund(id);
    await settle();
    expect(await balanceOf(u.token)).toEqual({ balance: 0, owed: 40 });

    // Spending waits until what is owed is covered.
    const grant = await app.services.credits.grant(u.id, 5, 'goodwill', null, meta('operator:test'));
    await settle();
    expect(grant.events.map((e) => e.type)).toEqual(['CreditsGranted', 'CreditsOwedSettled']);
    expect(await balanceOf(u.token)).toEqual({ balance: 0, owed: 35 });
    const blocked = await app.services.credits
      .spend(
        u.id,
        {
          amount: 1,
          spendKind: 'angel_export',
          reference: 'export-after-refund',
          reason: 'Angel investor export',
          insufficientMessage: 'x',
        },
        meta(u.id),
      )
      .catch((e) => e);
    expect(blocked.status).toBe(402);
    expect(blocked.message).toBe('Credits Owed');
    expect(blocked.details.message).toBe(
      'A refunded or disputed payment left 35 credits owed. Buy credits to cover them before spending more.',
    );

    await buy(u.token, 'pack');
    expect(await balanceOf(u.token)).toEqual({ balance: 15 });
    const audit = await auditLedger({ ...app.ctx, pool: app.ctx.pool });
    expect(audit.ok, JSON.stringify(audit.rows.filter((r) => r.problem))).toBe(true);
  });

  it('a dispute takes back all of a payment; a redelivered dispute nothing more', async () => {
    const u = await app.createUser();
    await settle();
    const start = (await balanceOf(u.token)).balance;
    const { id } = await buy(u.token, 'pack', 2);
    expect((await balanceOf(u.token)).balance).toBe(start + 100);
    const payment = await app.services.credits.findPayment({ paymentId: id });
    const dispute = signed('charge.dispute.created', {
      id: 'dp_test_1',
      object: 'dispute',
      amount: 19_400,
      currency: 'usd',
      payment_intent: payment!.paymentIntentId,
      reason: 'fraudulent',
      status: 'needs_response',
    });
    expect((await postWebhook(dispute)).body).toMatchObject({ reversed: 100, owed: 0, duplicate: false });
    expect((await postWebhook(dispute)).body).toMatchObject({ reversed: 0, duplicate: true });
    await settle();
    expect(await balanceOf(u.token)).toEqual({ balance: start });
    expect((await app.api('GET', '/api/purchases', { token: u.token })).body.purchases[0]).toMatchObject({
      status: 'disputed',
      reversedCredits: 100,
    });
    // A dispute for a payment we never saw is refused and changes nothing.
    const unknown = signed('charge.dispute.created', {
      id: 'dp_test_2',
      object: 'dispute',
      amount: 100,
      payment_intent: 'pi_unknown',
      reason: 'general',
    });
    expect(await postWebhook(unknown)).toEqual({ status: 422, body: { error: 'No purchase matches the payment' } });
    const audit = await auditLedger({ ...app.ctx, pool: app.ctx.pool });
    expect(audit.ok, JSON.stringify(audit.rows.filter((r) => r.problem))).toBe(true);
  });
});

describe('refunds and disputes of plans (subscription mode) in the shapes of older Stripe API versions', () => {
  const uid = () => Math.random().toString(36).slice(2, 10);
  const planSession = (userId: string, o: { invoice?: string | null; subscription: string }) => ({
    id: `cs_test_${uid()}`,
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    client_reference_id: userId,
    amount_subtotal: 150_000,
    currency: 'usd',
    metadata: { product: 'pro' },
    payment_intent: null,
    subscription: o.subscription,
    ...(o.invoice === undefined ? {} : { invoice: o.invoice }),
  });

  it("before 2025-03-31 a charge names its invoice: a refund finds the plan by it; a renewal's dispute naming only its charge finds the renewal", async () => {
    const u = await app.createUser();
    await settle();
    const start = (await balanceOf(u.token)).balance;
    const [sub, inv, renewal] = [`sub_test_${uid()}`, `in_test_${uid()}`, `in_test_${uid()}`];
    expect(
      (await postWebhook(signed('checkout.session.completed', planSession(u.id, { subscription: sub, invoice: inv }))))
        .body,
    ).toMatchObject({ credited: 1800 });
    // A yearly renewal: the invoice (old shape) names the intent and charge that paid it.
    const [pi, ch] = [`pi_test_${uid()}`, `ch_test_${uid()}`];
    const cycle = {
      id: renewal,
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      subscription: sub,
      subtotal: 150_000,
      currency: 'usd',
      payment_intent: pi,
      charge: ch,
    };
    expect((await postWebhook(signed('invoice.paid', cycle))).body).toMatchObject({ credited: 1800 });
    await settle();
    expect((await balanceOf(u.token)).balance).toBe(start + 3600);

    // The first year's charge, refunded in full: its payment intent was never reported, its invoice is on the charge.
    const refund = signed('charge.refunded', {
      id: `ch_test_${uid()}`,
      object: 'charge',
      amount: 150_000,
      amount_refunded: 150_000,
      payment_intent: `pi_test_${uid()}`,
      invoice: inv,
    });
    expect(await postWebhook(refund)).toMatchObject({ status: 200, body: { reversed: 1800, duplicate: false } });
    // The renewal's dispute, as an old Dispute names it: the charge only.
    const dispute = signed('charge.dispute.created', {
      id: `dp_test_${uid()}`,
      object: 'dispute',
      amount: 150_000,
      charge: ch,
      payment_intent: null,
      reason: 'general',
    });
    expect(await postWebhook(dispute)).toMatchObject({ status: 200, body: { reversed: 1800, duplicate: false } });
    await settle();
    expect((await balanceOf(u.token)).balance).toBe(start);
    const purchases = (await app.api('GET', '/api/purchases', { token: u.token })).body.purchases;
    expect(purchases.map((p: { paymentId: string; status: string }) => [p.status, p.paymentId === renewal])).toEqual(
      expect.arrayContaining([
        ['refunded', false],
        ['disputed', true],
      ]),
    );
  });

  it('a checkout that named no invoice (before 2022-08-01) is found through its subscription; a charge nothing links stays a 422', async () => {
    const u = await app.createUser();
    await settle();
    const start = (await balanceOf(u.token)).balance;
    const [sub, inv, pi] = [`sub_test_${uid()}`, `in_test_${uid()}`, `pi_test_${uid()}`];
    // The first invoice arrives first (Stripe does not order events), then the session without `invoice`.
    const first = {
      id: inv,
      object: 'invoice',
      billing_reason: 'subscription_create',
      subscription: sub,
      subtotal: 150_000,
      currency: 'usd',
      payment_intent: pi,
    };
    expect((await postWebhook(signed('invoice.paid', first))).body).toMatchObject({
      ignored: 'billing reason subscription_create',
    });
    expect(
      (await postWebhook(signed('checkout.session.completed', planSession(u.id, { subscription: sub })))).body,
    ).toMatchObject({ credited: 1800 });
    const refund = signed('charge.refunded', {
      id: `ch_test_${uid()}`,
      object: 'charge',
      amount: 150_000,
      amount_refunded: 75_000,
      payment_intent: pi,
    });
    expect(await postWebhook(refund)).toMatchObject({ status: 200, body: { reversed: 900 } });
    await settle();
    expect((await balanceOf(u.token)).balance).toBe(start + 900);
    const stray = signed('charge.refunded', {
      id: `ch_test_${uid()}`,
      object: 'charge',
      amount: 100,
      amount_refunded: 100,
      payment_intent: `pi_test_${uid()}`,
    });
    expect(await postWebhook(stray)).toEqual({ status: 422, body: { error: 'No purchase matches the payment' } });
  });
});

describe('operators refund and simulate disputes from the CLI', () => {
  const cli = fileCli(() => ({ DATABASE_URL: app.db.url }));

  it(
    'payments refund --amount takes back part, payments dispute the rest, a plan is refunded; unknown payments are refused',
    { timeout: 240_000 },
    async () => {
      const u = await app.createUser();
      await settle();
      const start = (await balanceOf(u.token)).balance;
      const { id } = await buy(u.token, 'pack');
      const half = await cli(['payments', 'refund', '--payment', id, '--amount', '4850', '--json']);
      expect(half.code, half.stderr).toBe(0);
      expect(JSON.parse(half.stdout.trim().split('\n').at(-1)!)).toMatchObject({
        paymentId: id,
        provider: 'local',
        reversed: 25,
        owed: 0,
      });
      const dispute = await cli(['payments', 'dispute', '--payment', id]);
      expect(dispute.code, dispute.stderr).toBe(0);
      expect(dispute.stdout).toContain(`Dispute recorded for ${id}: 25 credits taken back`);
      await settle();
      expect((await balanceOf(u.token)).balance).toBe(start);
      // A plan (subscription mode: no payment intent on its checkout) is refunded the same way.
      const plan = await buy(u.token, 'pro');
      const planRefund = await cli(['payments', 'refund', '--payment', plan.id, '--json']);
      expect(planRefund.code, planRefund.stderr).toBe(0);
      expect(JSON.parse(planRefund.stdout.trim().split('\n').at(-1)!)).toMatchObject({
        paymentId: plan.id,
        provider: 'local',
        reversed: 1800,
        owed: 0,
      });
      await settle();
      expect((await balanceOf(u.token)).balance).toBe(start);
      const unknown = await cli(['payments', 'refund', '--payment', 'cs_nope']);
      expect(unknown.code).not.toBe(0);
      expect(unknown.stderr).toContain('No refundable purchase with payment id cs_nope');
    },
  );
});
