import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IdentityError, type IdentityProvider } from '../src/platform/identity/port';

const bearer = (token: string) => new Headers({ authorization: `Bearer ${token}` });

/** The identity port's contract: both adapters (better-auth, SuperTokens) pass it. */
export function identityContract(name: string, make: () => Promise<IdentityProvider>) {
  describe(`identity contract: ${name}`, () => {
    const email = () => `id-${randomUUID().slice(0, 8)}@example.com`;

    it('creates a user whose token authenticates', async () => {
      const idp = await make();
      const e = email();
      const user = await idp.createUser({ email: e, password: 'a-long-password', name: 'Ada Lovelace' });
      expect(user.email).toBe(e);
      const s = await idp.signIn(e, 'a-long-password');
      expect(s?.user.id).toBe(user.id);
      expect((await idp.authenticate(bearer(s!.token)))?.id).toBe(user.id);
      expect((await idp.findByEmail(e))?.id).toBe(user.id);
    });

    it('refuses a wrong password, an unknown user and a taken e-mail', async () => {
      const idp = await make();
      const e = email();
      await idp.createUser({ email: e, password: 'a-long-password' });
      expect(await idp.signIn(e, 'wrong-password')).toBeNull();
      expect(await idp.signIn(email(), 'a-long-password')).toBeNull();
      await expect(idp.createUser({ email: e, password: 'another-password' })).rejects.toSatisfy(
        (err) => err instanceof IdentityError && err.kind === 'exists',
      );
      expect(await idp.findByEmail(email())).toBeNull();
    });

    it('rejects missing, malformed and signed-out tokens', async () => {
      const idp = await make();
      const e = email();
      await idp.createUser({ email: e, password: 'a-long-password' });
      const s = await idp.signIn(e, 'a-long-password');
      expect(await idp.authenticate(new Headers())).toBeNull();
      expect(await idp.authenticate(bearer('not-a-real-token'))).toBeNull();
      expect(await idp.authenticate(new Headers({ authorization: s!.token }))).toBeNull();
      await idp.signOut(s!.token);
      expect(await idp.authenticate(bearer(s!.token))).toBeNull();
    });

    it('ends every session of a user at once, and only theirs', async () => {
      const idp = await make();
      const [a, b] = [email(), email()];
      const user = await idp.createUser({ email: a, password: 'a-long-password' });
      await idp.createUser({ email: b, password: 'a-long-password' });
      const [s1, s2, other] = [
        await idp.signIn(a, 'a-long-password'),
        await idp.signIn(a, 'a-long-password'),
        await idp.signIn(b, 'a-long-password'),
      ];
      expect(await idp.authenticate(bearer(s1!.token))).toMatchObject({ id: user.id });
      await idp.revokeSessions(user.id);
      expect(await idp.authenticate(bearer(s1!.token))).toBeNull();
      expect(await idp.authenticate(bearer(s2!.token))).toBeNull();
      expect(await idp.authenticate(bearer(other!.token))).toMatchObject({ email: b });
    });
  });
}
