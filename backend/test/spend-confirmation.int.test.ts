import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';

/**
 * Issue 24: "ask before spending" — the founder's choice to skip the confirmation below an amount is
 * kept server-side with their other standing choices (stream standing-choices-<user>), per founder.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

it('asks before every spend by default; a chosen "skip below" round-trips, stays the founder\'s own, and nonsense is refused', async () => {
  const a = await app.createUser();
  const b = await app.createUser();
  expect((await app.api('GET', '/api/settings/choices', { token: a.token })).body.skipSpendConfirmBelow).toBe(0);

  const put = await app.api('PUT', '/api/settings/choices', { token: a.token, body: { skipSpendConfirmBelow: 3 } });
  expect(put.status).toBe(200);
  expect(put.body).toMatchObject({ skipSpendConfirmBelow: 3, optIns: 'no', acceptTerms: false, defaultMessage: null });
  expect((await app.api('GET', '/api/settings/choices', { token: a.token })).body.skipSpendConfirmBelow).toBe(3);
  // Another founder's setting is untouched.
  expect((await app.api('GET', '/api/settings/choices', { token: b.token })).body.skipSpendConfirmBelow).toBe(0);
  const { events } = await app.ctx.store.readStream(`standing-choices-${a.id}`);
  expect(events.map((e) => [e.type, e.data])).toEqual([['SpendConfirmationSet', { userId: a.id, skipBelow: 3 }]]);

  for (const [body, error] of [
    [{ skipSpendConfirmBelow: -1 }, 'skipSpendConfirmBelow must be 0 or more'],
    [{ skipSpendConfirmBelow: 2.5 }, 'skipSpendConfirmBelow must be a whole number of credits'],
    [{ skipSpendConfirmBelow: 5000 }, 'skipSpendConfirmBelow must be at most 1,000'],
    [{ skipSpendConfirmBelow: '3' }, 'skipSpendConfirmBelow must be a whole number of credits'],
  ] as const) {
    const r = await app.api('PUT', '/api/settings/choices', { token: a.token, body });
    expect(r.status, JSON.stringify(body)).toBe(400);
    expect(r.body).toEqual({ error });
  }
  expect((await app.api('GET', '/api/settings/choices', { token: a.token })).body.skipSpendConfirmBelow).toBe(3);
  expect((await app.api('PUT', '/api/settings/choices', { body: { skipSpendConfirmBelow: 1 } })).status).toBe(401);
});
