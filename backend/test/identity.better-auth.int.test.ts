import { createTestDatabase, type TestDatabase } from '@fp/infra';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BetterAuthProvider } from '../src/platform/identity/better-auth';
import { identityContract } from './identity.contract';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
});
afterAll(async () => tdb?.drop());

identityContract(
  'better-auth',
  async () =>
    new BetterAuthProvider(tdb.pool, {
      secret: 'test-secret-0123456789abcdef0123456789',
      baseURL: 'http://localhost:3000',
    }),
);

describe('better-auth sessions', () => {
  it('expire', async () => {
    const idp = new BetterAuthProvider(tdb.pool, {
      secret: 'test-secret-0123456789abcdef0123456789',
      baseURL: 'http://localhost:3000',
      sessionExpiresInSeconds: 60,
    });
    await idp.createUser({ email: 'expiring@example.com', password: 'a-long-password' });
    const s = await idp.signIn('expiring@example.com', 'a-long-password');
    const headers = new Headers({ authorization: `Bearer ${s!.token}` });
    expect(await idp.authenticate(headers)).not.toBeNull();
    // Age the session past its expiry in the real table (no clock mocking inside the provider).
    await tdb.pool.query(`update auth_session set "expiresAt" = now() - interval '1 second' where token = $1`, [
      s!.token,
    ]);
    expect(await idp.authenticate(headers)).toBeNull();
  });
});

describe('better-auth sessions, the short path', () => {
  const secret = 'test-secret-0123456789abcdef0123456789';
  it('answers a signed token as handed out over HTTP, and the bare one, from the session table alone', async () => {
    const idp = new BetterAuthProvider(tdb.pool, { secret, baseURL: 'http://localhost:3000' });
    const u = await idp.createUser({
      email: 'short.path@example.com',
      password: 'a-long-password',
      name: 'Short Path',
    });
    // Signed in the way the screens do: better-auth's own answer carries the signed token in set-auth-token.
    const res = (await (idp as any).auth.api.signInEmail({
      body: { email: 'short.path@example.com', password: 'a-long-password' },
      asResponse: true,
    })) as Response;
    const signed = res.headers.get('set-auth-token')!;
    expect(signed).toContain('.');
    const before = { ...idp.answered };
    const who = await idp.authenticate(new Headers({ authorization: `Bearer ${signed}` }));
    expect(who).toMatchObject({ id: u.id, email: 'short.path@example.com', name: 'Short Path', emailVerified: false });
    expect(
      await idp.authenticate(new Headers({ authorization: `Bearer ${encodeURIComponent(signed)}` })),
    ).toMatchObject({ id: u.id });
    const bare = signed.split('.')[0]!;
    expect(await idp.authenticate(new Headers({ authorization: `Bearer ${bare}` }))).toMatchObject({ id: u.id });
    expect(idp.answered.direct - before.direct).toBe(3);
    expect(idp.answered.betterAuth).toBe(before.betterAuth);

    // A forged signature, or a token nobody holds: refused either way.
    const forged = `${bare}.${'A'.repeat(43)}`;
    expect(await idp.authenticate(new Headers({ authorization: `Bearer ${forged}` }))).toBeNull();
    expect(await idp.authenticate(new Headers({ authorization: `Bearer ${'x'.repeat(32)}` }))).toBeNull();
    // Signed out: the well-signed token finds no session.
    await idp.signOut(bare);
    expect(await idp.authenticate(new Headers({ authorization: `Bearer ${signed}` }))).toBeNull();
  });

  it('hands a session due for its daily refresh to better-auth, which moves its expiry on', async () => {
    const idp = new BetterAuthProvider(tdb.pool, { secret, baseURL: 'http://localhost:3000' });
    await idp.createUser({ email: 'refresh@example.com', password: 'a-long-password' });
    const s = (await idp.signIn('refresh@example.com', 'a-long-password'))!;
    // Last moved two days ago: past better-auth's one-day update age.
    await tdb.pool.query(
      `update auth_session set "expiresAt" = now() + interval '5 days', "updatedAt" = now() - interval '2 days' where token = $1`,
      [s.token],
    );
    const before = { ...idp.answered };
    expect(await idp.authenticate(new Headers({ authorization: `Bearer ${s.token}` }))).not.toBeNull();
    expect(idp.answered.betterAuth - before.betterAuth).toBe(1);
    const r = await tdb.pool.query<{ expiresAt: Date }>('select "expiresAt" from auth_session where token = $1', [
      s.token,
    ]);
    expect(new Date(r.rows[0]!.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 86400_000);
    // Moved: the next request takes the short path again.
    await idp.authenticate(new Headers({ authorization: `Bearer ${s.token}` }));
    expect(idp.answered.direct - before.direct).toBe(1);
  });
});

describe("the test app's password hashing", () => {
  const secret = 'test-secret-0123456789abcdef0123456789';
  const stored = async (email: string) =>
    (
      await tdb.pool.query<{ password: string }>(
        `select a.password from auth_account a join auth_user u on u.id = a."userId" where u.email = $1`,
        [email],
      )
    ).rows[0]!.password;

  it('hashes at the cheap cost only when asked, and reads hashes of either kind', async () => {
    const standard = new BetterAuthProvider(tdb.pool, { secret, baseURL: 'http://localhost:3000' });
    const cheap = new BetterAuthProvider(tdb.pool, {
      secret,
      baseURL: 'http://localhost:3000',
      passwordHashing: 'test',
    });
    await standard.createUser({ email: 'hash.standard@example.com', password: 'a-long-password' });
    await cheap.createUser({ email: 'hash.test@example.com', password: 'a-long-password' });
    // better-auth's own form (salt:key, scrypt N = 16384) unless the test hashing is asked for.
    expect(await stored('hash.standard@example.com')).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await stored('hash.test@example.com')).toMatch(/^test\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    // Each signs in with its password and only with it, whichever hashing the provider runs now.
    expect(await cheap.signIn('hash.test@example.com', 'a-long-password')).not.toBeNull();
    expect(await cheap.signIn('hash.test@example.com', 'a-wrong-password')).toBeNull();
    expect(await cheap.signIn('hash.standard@example.com', 'a-long-password')).not.toBeNull();
    expect(await cheap.signIn('hash.standard@example.com', 'a-wrong-password')).toBeNull();
    expect(await standard.signIn('hash.standard@example.com', 'a-long-password')).not.toBeNull();
  });

  it('is what the test app runs', async () => {
    const { startTestApp } = await import('../src/testing/app');
    const app = await startTestApp({ pgAdminUrl: inject('pgAdminUrl') });
    try {
      const u = await app.createUser({ email: 'app.hash@example.com' });
      expect(u.token).toBeTruthy();
      const row = await app.ctx.pool.query<{ password: string }>(
        `select a.password from auth_account a join auth_user u on u.id = a."userId" where u.email = $1`,
        ['app.hash@example.com'],
      );
      expect(row.rows[0]!.password).toMatch(/^test\$/);
      expect(app.ctx.config.passwordHashing).toBe('test');
    } finally {
      await app.close();
    }
  });
});
