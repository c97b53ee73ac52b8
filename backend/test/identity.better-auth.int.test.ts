import { createTestDatabase, type TestDatabase } from '@fp/infra';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BetterAuthProvider } from '../src/platform/identity/better-auth';
import { identityContract } from './identity.contract';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
});
afterAll(async () => tdb?.drop());

identityContract('better-auth', async () => new BetterAuthProvider(tdb.pool, { secret: 'test-secret-0123456789abcdef0123456789', baseURL: 'http://localhost:3000' }));

describe('better-auth sessions', () => {
  it('expire', async () => {
    const idp = new BetterAuthProvider(tdb.pool, { secret: 'test-secret-0123456789abcdef0123456789', baseURL: 'http://localhost:3000', sessionExpiresInSeconds: 60 });
    await idp.createUser({ email: 'expiring@example.com', password: 'a-long-password' });
    const s = await idp.signIn('expiring@example.com', 'a-long-password');
    const headers = new Headers({ authorization: `Bearer ${s!.token}` });
    expect(await idp.authenticate(headers)).not.toBeNull();
    // Age the session past its expiry in the real table (no clock mocking inside the provider).
    await tdb.pool.query(`update auth_session set "expiresAt" = now() - interval '1 second' where token = $1`, [s!.token]);
    expect(await idp.authenticate(headers)).toBeNull();
  });
});
