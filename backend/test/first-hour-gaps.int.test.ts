// The founder's first hour, remaining gaps on the real server: the debug card's
// values reach admins only (the public config no longer carries them); "Welcome" then "Welcome back"
// across a sign-up, a sign-out and a sign-in made over HTTP as the browser makes them; `mail list`
// prints ids that `mail show --id` accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { fileCli } from '../src/testing/cli';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 180_000);
afterAll(async () => app?.close());

const PASSWORD = 'correct horse battery';
const identity = (p: string, body: unknown, token?: string) =>
  fetch(`${app.url}/api/identity/${p}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: app.url,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
/** The session token as the browser keeps it: better-auth's set-auth-token header, else the body's. */
const tokenOf = async (res: Response) => {
  const body = (await res.json()) as { token?: string; user?: { id: string } };
  return { token: res.headers.get('set-auth-token') ?? body.token!, userId: body.user?.id };
};

describe('debug information (admins only)', () => {
  it('never sends the environment, API base or publishable key to a founder or to anyone signed out', async () => {
    const config = await app.api('GET', '/api/config');
    expect(config.status).toBe(200);
    expect(Object.keys(config.body).sort()).toEqual(['bookCallUrl', 'contactUrl', 'identityProvider']);
    expect(JSON.stringify(config.body)).not.toContain('_pk_');

    expect((await app.api('GET', '/api/security/debug')).status).toBe(401);
    const founder = await app.createUser();
    const refused = await app.api('GET', '/api/security/debug', { token: founder.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Admin access required' });
  });

  it('answers an admin with their id, the environment, the provider, the API base and the publishable key', async () => {
    const admin = await app.createUser({ admin: true, email: 'debug.admin@example.com' });
    const r = await app.api('GET', '/api/security/debug', { token: admin.token });
    expect(r.status).toBe(200);
    const { publicUrl, environment } = app.ctx.config;
    expect(r.body).toEqual({
      userId: admin.id,
      email: 'debug.admin@example.com',
      environment,
      identityProvider: 'better-auth',
      apiBase: publicUrl,
      publishableKey: `ba_pk_${Buffer.from(publicUrl).toString('base64url')}`,
    });
  });
});

describe('the greeting across sign-up, sign-out and sign-in', () => {
  it('is "Welcome" for a brand-new account and "Welcome back" as soon as the next sign-in answers', async () => {
    const email = `greeting.${Date.now().toString(36)}@example.com`;
    const signedUp = await identity('sign-up/email', { name: 'Fay Founder', email, password: PASSWORD });
    expect(signedUp.status).toBe(200);
    const first = await tokenOf(signedUp);
    const synced = await app.api('POST', '/api/auth/sync-user', {
      token: first.token,
      body: { id: first.userId, email, firstName: 'Fay', lastName: 'Founder' },
    });
    expect(synced.status).toBe(200);
    const me = async (token: string) => (await app.api('GET', '/api/auth/me', { token })).body.signedInBefore;
    expect(await me(first.token)).toBe(false);
    // Reloading the dashboard in the sign-up's own session still says "Welcome".
    expect(await me(first.token)).toBe(false);

    expect((await identity('sign-out', {}, first.token)).status).toBe(200);
    expect((await app.api('GET', '/api/auth/me', { token: first.token })).status).toBe(401);

    const signedIn = await identity('sign-in/email', { email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    const second = await tokenOf(signedIn);
    // No waiting: the dashboard asks right after the sign-in answered, so the sign-in is on record by then.
    expect(await me(second.token)).toBe(true);

    // A wrong password is no sign-in: another new account stays "Welcome".
    const other = await app.createUser();
    expect((await identity('sign-in/email', { email: other.email, password: 'not the password' })).status).toBe(401);
    expect(await me(other.token)).toBe(false);
  });
});

const runCli = fileCli(() => ({ DATABASE_URL: app.db.url, USER: 'ann' }));

describe('mail list → mail show', () => {
  it('prints each message with an id that mail show --id accepts', { timeout: 240_000 }, async () => {
    const user = await app.createUser();
    const queued = await app.services.mail.list({ to: user.email, limit: 10 });
    expect(queued.length).toBeGreaterThan(0);

    const list = await runCli(['mail', 'list', '--to', user.email]);
    expect(list.code, list.stderr).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines).toHaveLength(queued.length);
    for (const [i, line] of lines.entries()) {
      const id = line.split(/\s+/)[0]!;
      expect(id).toBe(queued[i]!.id);
      const show = await runCli(['mail', 'show', '--id', id]);
      expect(show.code, show.stderr).toBe(0);
      expect(show.stdout).toContain(`To: ${user.email}`);
      expect(show.stdout).toContain(`Subject: ${queued[i]!.subject}`);
    }
    const missing = await runCli(['mail', 'show', '--id', 'no-such-message']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No message no-such-message');
  });
});
