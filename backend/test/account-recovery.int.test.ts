import { INVALID_RESET_LINK, INVALID_VERIFY_LINK, PASSWORD_RESET_SENT, TOO_MANY_REQUESTS } from '@fp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { awaitMail, linkToken } from './support/mailbox';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const email = (p: string) => `${p}-${Date.now().toString(36)}@example.com`;

/** Signs up as the browser does (the identity provider's own route) and returns the bearer token. */
async function signUp(address: string, password = 'first-password-1') {
  const r = await app.api('POST', '/api/identity/sign-up/email', {
    body: { email: address, password, name: 'Ada Founder' },
  });
  expect(r.status).toBe(200);
  return r.headers.get('set-auth-token')!;
}
const signIn = (address: string, password: string) =>
  app.api('POST', '/api/identity/sign-in/email', { body: { email: address, password } });

describe('e-mail verification', () => {
  it('sign-up mails a verification link; it verifies once, the session then says verified', async () => {
    const address = email('verify');
    const token = await signUp(address);
    expect((await app.api('GET', '/api/auth/me', { token })).body.emailVerified).toBe(false);
    const mail = await awaitMail(app, address, /Verify your e-mail/);
    const t = linkToken(mail, 'verify-email');
    expect(await app.api('POST', '/api/account/verify-email', { body: { token: t } })).toMatchObject({
      status: 200,
      body: { status: 'verified' },
    });
    expect((await app.api('GET', '/api/auth/me', { token })).body.emailVerified).toBe(true);
    // A second use changes nothing and says so.
    expect(await app.api('POST', '/api/account/verify-email', { body: { token: t } })).toMatchObject({
      status: 200,
      body: { status: 'already' },
    });
    // Asking for another link when verified is refused.
    expect((await app.api('POST', '/api/account/verification-email', { token })).status).toBe(409);
  });

  it('a wrong or altered token is a 400 with a clear message', async () => {
    for (const token of ['nope', 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAZXhhbXBsZS5jb20ifQ.forged']) {
      expect(await app.api('POST', '/api/account/verify-email', { body: { token } })).toMatchObject({
        status: 400,
        body: { error: INVALID_VERIFY_LINK },
      });
    }
    expect((await app.api('POST', '/api/account/verify-email', { body: {} })).status).toBe(400);
  });

  it('a signed-in, unverified user can ask for a new link', async () => {
    const address = email('resend');
    const token = await signUp(address);
    await awaitMail(app, address, /Verify your e-mail/);
    expect(await app.api('POST', '/api/account/verification-email', { token })).toMatchObject({
      status: 200,
      body: { sent: true },
    });
    await awaitMail(app, address, /Verify your e-mail/, 1);
  });
});

describe('password reset', () => {
  it('answers the same for a known and an unknown address; only the account holder gets a link', async () => {
    const known = email('known');
    await signUp(known);
    const unknown = email('unknown');
    const a = await app.api('POST', '/api/account/password-reset/request', { body: { email: known } });
    const b = await app.api('POST', '/api/account/password-reset/request', { body: { email: unknown } });
    expect(a).toMatchObject({ status: 200, body: { message: PASSWORD_RESET_SENT } });
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    await awaitMail(app, known, /Reset your FundFlow password/);
    await app.ctx.projections.waitFor(undefined, 10_000);
    expect(await app.services.mail.list({ to: unknown })).toEqual([]);
  });

  it('the link sets a new password once, ends old sessions; reuse, wrong and expired tokens change nothing', async () => {
    const address = email('reset');
    const oldSession = await signUp(address, 'first-password-1');
    await app.api('POST', '/api/account/password-reset/request', { body: { email: address } });
    const t = linkToken(await awaitMail(app, address, /Reset your FundFlow password/), 'reset-password');

    expect(
      await app.api('POST', '/api/account/password-reset', {
        body: { token: 'wrong-token', password: 'second-password-2' },
      }),
    ).toMatchObject({ status: 400, body: { error: INVALID_RESET_LINK } });
    expect(
      await app.api('POST', '/api/account/password-reset', { body: { token: t, password: 'short' } }),
    ).toMatchObject({ status: 400, body: { error: 'Password must be at least 8 characters' } });
    expect((await signIn(address, 'first-password-1')).status).toBe(200);

    expect(
      await app.api('POST', '/api/account/password-reset', { body: { token: t, password: 'second-password-2' } }),
    ).toMatchObject({ status: 200, body: { ok: true } });
    expect((await signIn(address, 'second-password-2')).status).toBe(200);
    expect((await signIn(address, 'first-password-1')).status).toBe(401);
    expect((await app.api('GET', '/api/auth/me', { token: oldSession })).status).toBe(401);

    // Used once: the same link again is refused and the password stays.
    expect(
      await app.api('POST', '/api/account/password-reset', { body: { token: t, password: 'third-password-3' } }),
    ).toMatchObject({ status: 400, body: { error: INVALID_RESET_LINK } });
    expect((await signIn(address, 'second-password-2')).status).toBe(200);

    // Expired: a fresh link past its hour is refused.
    await app.api('POST', '/api/account/password-reset/request', { body: { email: address } });
    const t2 = linkToken(await awaitMail(app, address, /Reset your FundFlow password/, 1), 'reset-password');
    await app.ctx.pool.query(
      `update auth_verification set "expiresAt" = now() - interval '1 second' where identifier = $1`,
      [`reset-password:${t2}`],
    );
    expect(
      await app.api('POST', '/api/account/password-reset', { body: { token: t2, password: 'third-password-3' } }),
    ).toMatchObject({ status: 400, body: { error: INVALID_RESET_LINK } });
    expect((await signIn(address, 'second-password-2')).status).toBe(200);
  });

  it('requests for one address are rate limited', async () => {
    const address = email('limited');
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await app.api('POST', '/api/account/password-reset/request', { body: { email: address } })).status);
    expect(codes).toEqual([200, 200, 200, 429]);
    const last = await app.api('POST', '/api/account/password-reset/request', { body: { email: address } });
    expect(last.body).toEqual({ error: TOO_MANY_REQUESTS });
  });
});

describe("the provider's own recovery routes", () => {
  it('are closed: recovery goes through the rate-limited /api/account routes only', async () => {
    for (const p of [
      '/api/identity/request-password-reset',
      '/api/identity/reset-password',
      '/api/identity/send-verification-email',
    ]) {
      expect((await app.api('POST', p, { body: { email: 'x@example.com' } })).status, p).toBe(404);
    }
  });
});
