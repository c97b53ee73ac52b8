import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutLine } from '../src/modules/credits/index';
import { startTestApp, type TestApp } from '../src/testing/app';

/**
 * The local checkout credits through the webhook handler Stripe's events go through, and a session
 * is paid only once that handler has credited it. The fault is injected into the ledger the
 * handler credits (the real credits service of the app): a purchase that fails as a busy database
 * would, once or on every try.
 */
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ada Founder' };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ workers: false });
});
afterAll(async () => app?.close());

/** Makes the ledger's purchase fail `times` times; records the session's status at every call. */
function failPurchases(times: number) {
  const credits = app.services.credits;
  const purchase = credits.purchase;
  const seen: string[] = [];
  let left = times;
  credits.purchase = async (userId, input, meta) => {
    const row = await app.ctx.db
      .selectFrom('local_checkout_sessions')
      .select('status')
      .where('id', '=', input.paymentId)
      .executeTakeFirst();
    seen.push(row?.status ?? 'missing');
    if (left-- > 0) throw new Error('timeout exceeded when trying to connect');
    return purchase(userId, input, meta);
  };
  return { seen, restore: () => (credits.purchase = purchase) };
}

async function checkout(token: string) {
  const r = await app.api('POST', '/api/checkout', { token, body: { product: 'pack' } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.url as string).split('/').at(-1)!;
}
const purchases = async (userId: string) =>
  (await app.ctx.store.readStream(`credits-${userId}`)).events.filter((e) => e.type === 'CreditsPurchased');
const sessionStatus = async (id: string) =>
  (await app.ctx.db.selectFrom('local_checkout_sessions').select('status').where('id', '=', id).executeTakeFirst())
    ?.status;
const pack = checkoutLine('pack', 1)!.credits;

describe('the local checkout pays through the webhook handler', () => {
  it('a handler that fails once: the delivery is tried again, credited exactly once, the session paid only after', async () => {
    const u = await app.createUser();
    const id = await checkout(u.token);
    const fault = failPurchases(1);
    try {
      const paid = await app.api('POST', `/api/local-checkout/${id}/pay`, { token: u.token, body: CARD });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body).toEqual({ redirectUrl: '/credits?purchase=success' });
    } finally {
      fault.restore();
    }
    // The handler ran twice (the failed delivery and the one tried again), each time on an open session.
    expect(fault.seen).toEqual(['open', 'open']);
    expect(await sessionStatus(id)).toBe('paid');
    expect(await purchases(u.id)).toHaveLength(1);
    await app.ctx.projections.waitFor(undefined, 20_000);
    expect(await app.services.credits.balance(u.id)).toBe(1 + pack);
  });

  it('a handler that keeps failing: the pay answers an error and the session stays open, nothing credited; paying again credits once', async () => {
    const u = await app.createUser();
    const id = await checkout(u.token);
    const fault = failPurchases(100);
    try {
      const refused = await app.api('POST', `/api/local-checkout/${id}/pay`, { token: u.token, body: CARD });
      expect(refused.status).toBe(502);
      expect(refused.body.error).toMatch(/refused the payment webhook/);
    } finally {
      fault.restore();
    }
    expect(fault.seen.length).toBeGreaterThan(1);
    expect(fault.seen.every((s) => s === 'open')).toBe(true);
    expect(await sessionStatus(id)).toBe('open');
    expect(await purchases(u.id)).toHaveLength(0);
    const session = await app.api('GET', `/api/local-checkout/${id}`, { token: u.token });
    expect(session.body.status).toBe('open');

    const again = await app.api('POST', `/api/local-checkout/${id}/pay`, { token: u.token, body: CARD });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await sessionStatus(id)).toBe('paid');
    // A third click on a paid session sends nothing more.
    expect((await app.api('POST', `/api/local-checkout/${id}/pay`, { token: u.token, body: CARD })).status).toBe(200);
    expect(await purchases(u.id)).toHaveLength(1);
    await app.ctx.projections.waitFor(undefined, 20_000);
    expect(await app.services.credits.balance(u.id)).toBe(1 + pack);
  });
});
