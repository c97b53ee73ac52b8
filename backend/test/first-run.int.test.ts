// The founder's first hour on real Postgres, the event store and the DBOS engine with Chromium
//: the checklist ticked from the server's state (profile, test and real submissions, a
// live view served, a purchase), dismissed for good; "Welcome back" only after a recorded sign-in.
// The registry of forms filled for the sandbox firms by the first-start pass, once, is tested in
// live-view-firms.int.test.ts, beside the tests that read that same pass (one pass in Chromium, not two).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { signViewToken } from '../src/modules/submissions/tokens';
import { COMPLETE_PROFILE, testFirmId, waitUntil } from './submissions-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 180_000);
afterAll(async () => app?.close());

type Checklist = { steps: { id: string; done: boolean }[]; done: boolean; dismissed: boolean; show: boolean };
const ticked = (c: Checklist) => c.steps.filter((s) => s.done).map((s) => s.id);
const checklist = async (token: string) => {
  const r = await app.api('GET', '/api/first-run', { token });
  expect(r.status).toBe(200);
  return r.body as Checklist;
};

describe('first-run checklist', () => {
  it('answers 401 without a session', async () => {
    expect((await app.api('GET', '/api/first-run')).status).toBe(401);
    expect((await app.api('POST', '/api/first-run/dismiss')).status).toBe(401);
  });

  it('ticks each step from what the server holds, for this founder only', async () => {
    const user = await app.createUser();
    const other = await app.createUser();
    expect(await checklist(user.token)).toEqual({
      steps: ['profile', 'test_application', 'live_view', 'credits', 'real_application'].map((id) => ({
        id,
        done: false,
      })),
      done: false,
      dismissed: false,
      show: true,
    });

    expect((await app.api('PATCH', '/api/startup-profile', { token: user.token, body: COMPLETE_PROFILE })).status).toBe(
      200,
    );
    expect(ticked(await checklist(user.token))).toEqual(['profile']);

    await app.services.credits.grant(user.id, 3, 'test credits', null, { now: new Date(), actor: 'test' });
    // Any test submission ticks the step: a CAPTCHA firm's, whose run ends at once (no takeover wait in tests).
    const submitted = await app.api('POST', '/api/submit-to-test-vcs', {
      token: user.token,
      body: { testVcIds: [testFirmId('sentinel-capital')] },
    });
    expect(submitted.status).toBe(200);
    const id = submitted.body.submissionIds[0] as string;
    // The submissions read model follows the submit; granted credits are not a purchase.
    await waitUntil(
      'test submission projected',
      async () => ticked(await checklist(user.token)).includes('test_application'),
      30_000,
    );
    expect(ticked(await checklist(user.token))).toEqual(['profile', 'test_application']);

    // Another founder's token for this run is not this founder's live view: nothing recorded.
    const forged = await fetch(
      `${app.url}/live/${id}?token=${signViewToken(app.ctx.config.authSecret, id, other.id, new Date())}`,
    );
    expect(forged.status).toBe(404);
    expect(ticked(await checklist(user.token))).not.toContain('live_view');
    expect(ticked(await checklist(other.token))).toEqual([]);

    // The live view page served to its owner is what ticks "watch it live" (once).
    const page = await fetch(
      `${app.url}/live/${id}?token=${signViewToken(app.ctx.config.authSecret, id, user.id, new Date())}`,
    );
    expect(page.status).toBe(200);
    await waitUntil(
      'live view recorded',
      async () => ticked(await checklist(user.token)).includes('live_view'),
      30_000,
    );
    await fetch(`${app.url}/live/${id}?token=${signViewToken(app.ctx.config.authSecret, id, user.id, new Date())}`);
    await new Promise((r) => setTimeout(r, 300));
    const { events } = await app.ctx.store.readStream(`first-run-${user.id}`);
    expect(events.map((e) => e.type)).toEqual(['FirstRunLiveViewOpened']);

    await app.services.credits.purchase(
      user.id,
      {
        amount: 50,
        paymentId: `pay-${user.id}`,
        productId: 'pack-50',
        reason: 'Credit pack: 50 credits',
        amountPaid: 4900,
        currency: 'usd',
      },
      { now: new Date(), actor: 'test' },
    );
    await waitUntil('purchase projected', async () => ticked(await checklist(user.token)).includes('credits'), 30_000);
    expect(ticked(await checklist(user.token))).toEqual(['profile', 'test_application', 'live_view', 'credits']);
    expect(ticked(await checklist(other.token))).toEqual([]);
  }, 120_000);

  it('stays hidden once dismissed (a second dismissal records nothing more)', async () => {
    const user = await app.createUser();
    const r = await app.api('POST', '/api/first-run/dismiss', { token: user.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ dismissed: true, show: false });
    expect((await app.api('POST', '/api/first-run/dismiss', { token: user.token })).status).toBe(200);
    expect(await checklist(user.token)).toMatchObject({ dismissed: true, show: false });
    const { events } = await app.ctx.store.readStream(`first-run-${user.id}`);
    expect(events.map((e) => e.type)).toEqual(['FirstRunChecklistDismissed']);
  });
});

describe('the greeting', () => {
  it('is "Welcome" for a brand-new account and "Welcome back" after a recorded sign-in', async () => {
    const user = await app.createUser();
    // createUser signs in inside the process, as a sign-up's own session does: nothing recorded.
    expect((await app.api('GET', '/api/auth/me', { token: user.token })).body.signedInBefore).toBe(false);
    const signIn = await app.api('POST', '/api/identity/sign-in/email', {
      body: { email: user.email, password: 'correct horse battery' },
    });
    expect(signIn.status).toBe(200);
    await waitUntil(
      'sign-in recorded',
      async () => (await app.api('GET', '/api/auth/me', { token: user.token })).body.signedInBefore === true,
      10_000,
    );
  });
});
