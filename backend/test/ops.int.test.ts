import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '@fp/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const PASSWORD = 'correct horse battery';
const settle = () => app.ctx.projections.waitFor(undefined, 20_000);

function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'backend/src/cli/index.ts'), ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: app.db.url, USER: 'ann' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

const signIn = (email: string, password = PASSWORD) =>
  fetch(`${app.url}/api/identity/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: app.url }, body: JSON.stringify({ email, password }) });

describe('roles', () => {
  it('grants and revokes the auditor role from the CLI, as events with the operator as actor, shown in the account history', { timeout: 120_000 }, async () => {
    const u = await app.createUser();
    const grant = await runCli(['users', 'grant-role', '--email', u.email, '--role', 'auditor']);
    expect(grant.code, grant.stderr).toBe(0);
    expect(grant.stdout).toContain(`${u.email} is now auditor`);
    await settle();
    expect((await app.api('GET', '/api/auth/me', { token: u.token })).body.roles).toEqual(['auditor']);
    // Now read-only: founder data is refused.
    expect((await app.api('GET', '/api/credits', { token: u.token })).status).toBe(403);

    const revoke = await runCli(['users', 'revoke-role', '--email', u.email, '--role', 'auditor']);
    expect(revoke.code, revoke.stderr).toBe(0);
    await settle();
    expect((await app.api('GET', '/api/auth/me', { token: u.token })).body.roles).toEqual([]);
    expect((await app.api('GET', '/api/credits', { token: u.token })).status).toBe(200);

    const history = await runCli(['users', 'history', '--email', u.email, '--json']);
    expect(history.code, history.stderr).toBe(0);
    const events = history.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'RoleGranted', 'RoleRevoked']);
    expect(events[1]).toMatchObject({ actor: 'operator:ann', data: { role: 'auditor', grantedBy: 'operator:ann' } });
    expect(events[2]).toMatchObject({ actor: 'operator:ann', data: { role: 'auditor', revokedBy: 'operator:ann' } });
  });
});

describe('disabled accounts', () => {
  it('stops a disabled user\'s session at once and refuses their sign-in with a clear message, until enabled', async () => {
    const u = await app.createUser();
    const second = await signIn(u.email);
    const secondToken = second.headers.get('set-auth-token')!;
    expect(secondToken).toBeTruthy();
    expect((await app.api('GET', '/api/credits', { token: u.token })).status).toBe(200);
    const lastSignIn = async () => (await app.ctx.db.selectFrom('users').select('last_sign_in_at').where('id', '=', u.id).executeTakeFirst())?.last_sign_in_at as Date | null;
    await expect.poll(lastSignIn, { timeout: 10_000 }).toBeTruthy();
    const first = (await lastSignIn())!.getTime();

    await app.services.accounts.disable(u.id, 'Chargeback fraud', { now: new Date(), actor: 'operator:ann' });
    for (const token of [u.token, secondToken]) {
      const r = await app.api('GET', '/api/credits', { token });
      expect(r.status).toBe(401);
    }
    const refused = await signIn(u.email);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'This account has been disabled. Contact support to restore access.' });
    expect(refused.headers.get('set-auth-token')).toBeNull();

    await app.services.accounts.enable(u.id, { now: new Date(), actor: 'operator:ann' });
    const back = await signIn(u.email);
    expect(back.status).toBe(200);
    expect((await app.api('GET', '/api/credits', { token: back.headers.get('set-auth-token')! })).status).toBe(200);
    // The sign-in is recorded (the operators' "last sign-in").
    await expect.poll(async () => (await lastSignIn())!.getTime(), { timeout: 10_000 }).toBeGreaterThan(first);
    const types = (await app.services.accounts.history(u.id)).map((e) => e.type);
    expect(types).toEqual(['UserRegistered', 'UserSignedIn', 'AccountDisabled', 'AccountEnabled', 'UserSignedIn']);
  });
});
