import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { fileCli } from '../src/testing/cli';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const PASSWORD = 'correct horse battery';
const settle = () => app.ctx.projections.waitFor(undefined, 20_000);

const runCli = fileCli(() => ({ DATABASE_URL: app.db.url, USER: 'ann' }));

const signIn = (email: string, password = PASSWORD) =>
  fetch(`${app.url}/api/identity/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({ email, password }),
  });

describe('roles', () => {
  it(
    'grants and revokes the auditor role from the CLI, as events with the operator as actor, shown in the account history',
    { timeout: 120_000 },
    async () => {
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
      const events = history.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'RoleGranted', 'RoleRevoked']);
      expect(events[1]).toMatchObject({ actor: 'operator:ann', data: { role: 'auditor', grantedBy: 'operator:ann' } });
      expect(events[2]).toMatchObject({ actor: 'operator:ann', data: { role: 'auditor', revokedBy: 'operator:ann' } });
    },
  );
});

describe('disabled accounts', () => {
  it("stops a disabled user's session at once and refuses their sign-in with a clear message, until enabled", async () => {
    const u = await app.createUser();
    const second = await signIn(u.email);
    const secondToken = second.headers.get('set-auth-token')!;
    expect(secondToken).toBeTruthy();
    expect((await app.api('GET', '/api/credits', { token: u.token })).status).toBe(200);
    const lastSignIn = async () =>
      (await app.ctx.db.selectFrom('users').select('last_sign_in_at').where('id', '=', u.id).executeTakeFirst())
        ?.last_sign_in_at as Date | null;
    await expect.poll(lastSignIn, { timeout: 10_000 }).toBeTruthy();
    const first = (await lastSignIn())!.getTime();

    await app.services.accounts.disable(u.id, 'Chargeback fraud', { now: new Date(), actor: 'operator:ann' });
    for (const token of [u.token, secondToken]) {
      const r = await app.api('GET', '/api/credits', { token });
      expect(r.status).toBe(401);
    }
    const refused = await signIn(u.email);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: 'This account has been disabled. Contact support to restore access.',
    });
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

describe('user administration (/api/ops/users)', () => {
  it('lets an operator find a user with balance, roles, submissions and sign-in, grant credits with a reason, grant roles and disable the account', async () => {
    const admin = await app.createUser({ admin: true });
    const u = await app.createUser({ email: `findme.${Date.now()}@founder.example`, name: 'Grace Hopper' });
    const found = await app.api('GET', `/api/ops/users?q=${encodeURIComponent('findme')}`, { token: admin.token });
    expect(found.status).toBe(200);
    expect(found.body.total).toBe(1);
    expect(found.body.users[0]).toMatchObject({
      id: u.id,
      email: u.email,
      name: 'Grace Founder',
      roles: [],
      balance: 1,
      submissions: 0,
      disabled: null,
    });
    expect(
      (await app.api('GET', '/api/ops/users?q=Grace', { token: admin.token })).body.users.map((x: any) => x.id),
    ).toContain(u.id);
    expect((await app.api('GET', '/api/ops/users?page=0', { token: admin.token })).status).toBe(400);

    const grant = await app.api('POST', `/api/ops/users/${u.id}/credits`, {
      token: admin.token,
      body: { amount: 5, reason: 'Goodwill after an outage' },
    });
    expect(grant.status).toBe(200);
    expect(grant.body).toMatchObject({ balance: 6, user: { id: u.id, balance: 6 } });
    expect(
      (
        await app.api('POST', `/api/ops/users/${u.id}/credits`, {
          token: admin.token,
          body: { amount: 5, reason: ' ' },
        })
      ).body,
    ).toEqual({ error: 'Give a reason for the grant' });
    expect(
      (
        await app.api('POST', `/api/ops/users/${u.id}/credits`, {
          token: admin.token,
          body: { amount: 1.5, reason: 'x' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await app.api('POST', '/api/ops/users/nobody/credits', { token: admin.token, body: { amount: 1, reason: 'x' } }))
        .status,
    ).toBe(404);
    // The grant is on the ledger with the operator as actor (shown by e-mail).
    const ledger = await app.api('GET', `/api/ops/ledger?email=${encodeURIComponent(u.email)}`, { token: admin.token });
    expect(ledger.body.lines.at(-1)).toMatchObject({
      kind: 'granted',
      amount: 5,
      balance: 6,
      reason: 'Goodwill after an outage',
      actor: admin.email,
    });

    const role = await app.api('POST', `/api/ops/users/${u.id}/roles`, {
      token: admin.token,
      body: { role: 'auditor' },
    });
    expect(role.body).toMatchObject({ changed: true, user: { roles: ['auditor'] } });
    expect(
      (await app.api('POST', `/api/ops/users/${u.id}/roles`, { token: admin.token, body: { role: 'owner' } })).status,
    ).toBe(400);
    expect(
      (await app.api('DELETE', `/api/ops/users/${u.id}/roles/auditor`, { token: admin.token })).body,
    ).toMatchObject({ changed: true, user: { roles: [] } });
    // An operator cannot lock themselves out.
    expect((await app.api('DELETE', `/api/ops/users/${admin.id}/roles/admin`, { token: admin.token })).status).toBe(
      409,
    );
    expect(
      (await app.api('POST', `/api/ops/users/${admin.id}/disable`, { token: admin.token, body: { reason: 'x' } }))
        .status,
    ).toBe(409);

    const disabled = await app.api('POST', `/api/ops/users/${u.id}/disable`, {
      token: admin.token,
      body: { reason: 'Chargeback fraud' },
    });
    expect(disabled.body.user.disabled).toMatchObject({ reason: 'Chargeback fraud', by: admin.id });
    expect((await app.api('GET', '/api/credits', { token: u.token })).status).toBe(401);
    expect(
      (await app.api('POST', `/api/ops/users/${u.id}/enable`, { token: admin.token })).body.user.disabled,
    ).toBeNull();
    const history = (await app.services.accounts.history(u.id)).map((e) => [e.type, e.actor]);
    expect(history).toEqual([
      ['UserRegistered', u.id],
      ['RoleGranted', admin.id],
      ['RoleRevoked', admin.id],
      ['AccountDisabled', admin.id],
      ['AccountEnabled', admin.id],
    ]);
  });
});

describe('ledger audit runs (/api/ops/audits)', () => {
  it(
    'runs the full audit as a job for an auditor, keeps the run with who ran it, finds a corrupted balance with its events, and serves the CSV',
    { timeout: 120_000 },
    async () => {
      const auditor = await app.createUser();
      await app.services.accounts.grantRole(auditor.id, 'auditor', { now: new Date(), actor: 'operator:test' });
      const victim = await app.createUser();
      await app.services.credits.grant(victim.id, 3, 'Prize', null, { now: new Date(), actor: 'operator:test' });
      await settle();
      await app.ctx.db.updateTable('credit_accounts').set({ balance: 99 }).where('user_id', '=', victim.id).execute();

      const started = await app.api('POST', '/api/ops/audits', { token: auditor.token, body: {} });
      expect(started.status).toBe(202);
      const id = started.body.run.id as string;
      expect(started.body.run).toMatchObject({ requestedBy: { id: auditor.id, email: auditor.email } });
      let run: any;
      await expect
        .poll(
          async () => (run = (await app.api('GET', `/api/ops/audits/${id}`, { token: auditor.token })).body.run).status,
          { timeout: 60_000 },
        )
        .toBe('done');
      const users = Number(
        (await app.ctx.pool.query(`select count(*) as n from es_streams where stream_id like 'credits-%'`)).rows[0].n,
      );
      expect(run).toMatchObject({ ok: false, problems: 1, streams: users, progress: null });
      expect(run.findings).toHaveLength(1);
      expect(run.findings[0]).toMatchObject({
        userId: victim.id,
        email: victim.email,
        status: 'mismatch',
        replayed: 4,
        readModel: 99,
      });
      expect(run.findings[0].lines.map((l: any) => [l.kind, l.amount, l.balance])).toEqual([
        ['granted', 1, 1],
        ['granted', 3, 4],
      ]);

      const csv = await app.api('GET', `/api/ops/audits/${id}/csv`, { token: auditor.token });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="ledger-audit-\d{4}-\d\d-\d\d-/);
      const lines = (csv.body as string).trim().split('\r\n');
      expect(lines[0]).toBe(
        'user_id,email,status,events,replayed_balance,read_model_balance,read_model_events,problem',
      );
      expect(lines).toHaveLength(users + 1);
      expect(lines[1]).toBe(`${victim.id},${victim.email},mismatch,2,4,99,2,read model has 99 after 2 events`);

      const list = await app.api('GET', '/api/ops/audits', { token: auditor.token });
      expect(list.body.runs[0]).toMatchObject({
        id,
        status: 'done',
        requestedBy: { email: auditor.email },
        problems: 1,
      });
      // The auditor cannot repair anything: writes are refused.
      expect(
        (
          await app.api('POST', `/api/ops/users/${victim.id}/credits`, {
            token: auditor.token,
            body: { amount: 1, reason: 'x' },
          })
        ).status,
      ).toBe(403);
      expect((await app.api('GET', '/api/ops/users', { token: auditor.token })).status).toBe(403);
      await app.ctx.db.updateTable('credit_accounts').set({ balance: 4 }).where('user_id', '=', victim.id).execute();
    },
  );

  it('reports progress as it replays (events read of the total, the whole at the end)', async () => {
    const { auditLedger } = await import('../src/modules/credits/index');
    await app.createUser();
    await settle();
    const seen: { done: number; total: number | null }[] = [];
    const report = await auditLedger(app.ctx, { onProgress: (p) => void seen.push(p) });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toEqual({ done: report.events, total: report.events });
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.done).toBeGreaterThanOrEqual(seen[i - 1]!.done);
  });

  it('takes over a run whose worker was lost (its lease ran out) and finishes it', { timeout: 60_000 }, async () => {
    const { handleCommand } = await import('../src/platform/decider');
    const { auditRunDecider } = await import('../src/modules/ops/index');
    const runId = `lost-${Date.now()}`;
    const r = await handleCommand(
      app.ctx.store,
      `ledger-audit-${runId}`,
      auditRunDecider,
      { type: 'RequestAudit', data: { runId } },
      { now: new Date(), actor: 'auditor-x' },
    );
    // A worker took it and died: its lease is over.
    await app.ctx.pool.query(
      `insert into ops_audit_jobs (run_id, lease_until, done, total) values ($1, now() - interval '1 second', 7, 100)`,
      [runId],
    );
    await app.ctx.projections.waitFor(r.checkpoint, 10_000);
    await expect
      .poll(
        async () =>
          (await app.ctx.pool.query(`select status from ops_audit_runs where id = $1`, [runId])).rows[0]?.status,
        { timeout: 30_000 },
      )
      .toBe('done');
    expect(
      (await app.ctx.pool.query(`select attempts from ops_audit_jobs where run_id = $1`, [runId])).rows[0].attempts,
    ).toBe(2);
  });
});

describe('workflow console (/api/ops/workflows)', () => {
  it(
    'pages 10,000 runs newest first without gaps or repeats, filters by status, user and time, and counts queued/running/failed',
    { timeout: 120_000 },
    async () => {
      const admin = await app.createUser({ admin: true });
      const owner = await app.createUser();
      // Runs seeded straight into the read model (10,000 real submissions would take an hour of browsers):
      // this checks the console's query, paging and filters; the commands are checked below on real runs.
      await app.ctx.pool.query(
        `insert into submissions (id, user_id, vc_firm_id, test, firm_name, status, sub_status, attempt_id, attempt, submitted_at, completed_at, updated_at)
       select 'seed-' || lpad(i::text, 5, '0'), case when i % 10 = 0 then $1 else 'seed-user' end, 'test_vc_seed', true, 'Seed Firm ' || i,
              (array['completed','failed','stopped','pending','processing'])[1 + i % 5], null, 'seed-attempt-' || i, 1,
              timestamptz '2026-01-01' + (i / 2) * interval '1 minute', timestamptz '2026-01-01' + (i / 2) * interval '1 minute' + interval '30 seconds', now()
       from generate_series(1, 10000) i`,
        [owner.id],
      );
      const list = (q: Record<string, string | number>) =>
        app.api('GET', `/api/ops/workflows?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`, {
          token: admin.token,
        });

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const r = await list({ limit: 100, ...(cursor ? { cursor } : {}) });
        expect(r.status).toBe(200);
        seen.push(...r.body.runs.map((x: any) => x.id));
        cursor = r.body.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(100);
      expect(new Set(seen).size).toBe(10_000);
      // Newest first; two runs share each minute, the id breaks the tie.
      expect(seen.slice(0, 3)).toEqual(['seed-10000', 'seed-09999', 'seed-09998']);
      expect(seen.at(-1)).toBe('seed-00001');

      const failed: any[] = [];
      cursor = null;
      do {
        const r = await list({ status: 'failed', limit: 100, ...(cursor ? { cursor } : {}) });
        failed.push(...r.body.runs);
        cursor = r.body.nextCursor;
      } while (cursor);
      expect(failed).toHaveLength(2000);
      expect(failed.every((x) => x.status === 'failed' && x.canRetry && !x.canStop)).toBe(true);

      const mine = await list({ user: owner.email, limit: 100 });
      expect(mine.body.runs).toHaveLength(100);
      expect(mine.body.runs.every((x: any) => x.userId === owner.id && x.email === owner.email)).toBe(true);
      const window = await list({ from: '2026-01-01T01:00:00Z', to: '2026-01-01T02:00:00Z', limit: 100 });
      expect(window.body.runs).toHaveLength(100);
      expect(
        (
          await list({
            from: '2026-01-01T01:00:00Z',
            to: '2026-01-01T02:00:00Z',
            limit: 100,
            cursor: window.body.nextCursor,
          })
        ).body.runs,
      ).toHaveLength(20);
      expect(window.body.counts).toEqual({ queued: 2000, running: 2000, failed: 2000 });
      expect((await list({ user: 'nobody@nowhere.example' })).body.runs).toEqual([]);
      expect((await list({ status: 'lost' })).status).toBe(400);
      expect((await list({ cursor: 'garbage' })).body).toEqual({
        error: 'This page link is no longer valid; start from the first page',
      });
      await app.ctx.pool.query(`delete from submissions where id like 'seed-%'`);
    },
  );

  it(
    "lets an operator retry a failed run and stop a running one through the founder's own commands, credits right",
    { timeout: 500_000 },
    async () => {
      const { founder, testFirmId, waitUntil } = await import('./submissions-helpers');
      const admin = await app.createUser({ admin: true });
      const f = await founder(app, 3);
      const submitted = await app.api('POST', '/api/submit-to-test-vcs', {
        token: f.token,
        body: { testVcIds: [testFirmId('sentinel-capital')] },
      });
      expect(submitted.status).toBe(200);
      const id = submitted.body.submissionIds[0] as string;
      const run = async () =>
        (
          await app.api('GET', `/api/ops/workflows?user=${encodeURIComponent(f.email)}`, { token: admin.token })
        ).body.runs.find((r: any) => r.id === id);
      await waitUntil('the run to fail', async () => ((await run())?.status === 'failed' ? true : null), 180_000);
      // Failed: its credit is refunded.
      await waitUntil(
        'the first refund',
        async () => ((await app.services.credits.balance(f.id)) === 3 ? true : null),
        90_000,
      );

      const retried = await app.api('POST', `/api/ops/workflows/${id}/retry`, { token: admin.token });
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      // The retry runs (attempt 2); the CAPTCHA firm fails it again, quickly on a quiet machine.
      await waitUntil('the retry to run', async () => ((await run())?.attempt === 2 ? true : null), 120_000);
      await waitUntil('the retry to end', async () => ((await run())?.status === 'failed' ? true : null), 180_000);

      // The run's details: its own events with their actors, and each attempt's steps as DBOS recorded them.
      const detailOf = async () => (await app.api('GET', `/api/ops/workflows/${id}`, { token: admin.token })).body;
      const detail = await waitUntil(
        'both attempts to end in the engine',
        async () => {
          const d = await detailOf();
          return d.attempts?.length === 2 && d.attempts.every((a: any) => a.engineStatus === 'SUCCESS') ? d : null;
        },
        60_000,
      );
      const whats = detail.events.map((e: any) => e.what);
      expect(whats.slice(0, 2)).toEqual(['Submitted', 'Attempt started']);
      expect(whats).toEqual(expect.arrayContaining(['Failed', 'Credit refunded', 'Retried as attempt 2']));
      expect(detail.events.find((e: any) => e.what === 'Retried as attempt 2').actor).toBe(admin.email);
      expect(detail.attempts.map((a: any) => a.attempt)).toEqual([1, 2]);
      for (const a of detail.attempts) {
        expect(a).toMatchObject({ engine: 'dbos', url: null, note: null });
        expect(a.steps.map((x: any) => x.name).filter((n: string) => n !== 'DBOS.sleep')).toEqual(
          expect.arrayContaining(['begin', 'apply', 'finish']),
        );
        const apply = a.steps.filter((x: any) => x.name === 'apply').at(-1);
        // The CAPTCHA firm's failure is the value the apply step reported.
        expect(apply.error).toMatch(/captcha/i);
        expect(Date.parse(apply.endedAt)).toBeGreaterThanOrEqual(Date.parse(apply.startedAt));
      }
      expect(detail.run).toMatchObject({ id, kind: 'submission', email: f.email, attempt: 2, status: 'failed' });
      expect((await app.api('GET', '/api/ops/workflows/nope', { token: admin.token })).status).toBe(404);
      expect((await app.api('GET', `/api/ops/workflows/${id}?kind=cron`, { token: admin.token })).body).toEqual({
        error: 'Kind must be one of: submission, mail, discovery',
      });
      expect((await app.api('GET', `/api/ops/workflows/${id}`, { token: f.token })).status).toBe(403);

      // A slow firm's run is still going when the operator stops it.
      const slow = await app.api('POST', '/api/submit-to-test-vcs', {
        token: f.token,
        body: { testVcIds: [testFirmId('tortoise-capital')] },
      });
      expect(slow.status).toBe(200);
      const slowId = slow.body.submissionIds[0] as string;
      const slowRun = async () =>
        (
          await app.api('GET', `/api/ops/workflows?user=${encodeURIComponent(f.email)}`, { token: admin.token })
        ).body.runs.find((r: any) => r.id === slowId);
      const going = await waitUntil(
        'the slow run to be listed',
        async () => {
          const r = await slowRun();
          return r && (r.status === 'pending' || r.status === 'processing') ? r : null;
        },
        60_000,
      );
      expect(going.canStop).toBe(true);
      const stopped = await app.api('POST', `/api/ops/workflows/${slowId}/stop`, { token: admin.token });
      expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
      let last: string | undefined;
      await waitUntil(
        'the slow run to end',
        async () => {
          last = (await slowRun())?.status;
          return last === 'stopped' || last === 'failed' ? true : null;
        },
        180_000,
      ).catch((e: Error) => {
        throw new Error(`${e.message} (its last status: ${last})`);
      });
      // The retry and the stopped run were charged and refunded (neither sent a form): the balance is whole again.
      await waitUntil(
        'the refund',
        async () => ((await app.services.credits.balance(f.id)) === 3 ? true : null),
        90_000,
      );
      const ledger = (await app.api('GET', `/api/ops/ledger?userId=${f.id}`, { token: admin.token })).body.lines;
      const retryCharge = ledger.find((l: any) => l.kind === 'spent' && /retry/.test(l.reason));
      expect(retryCharge).toMatchObject({ amount: -1, actor: admin.email });
      expect((await app.api('POST', '/api/ops/workflows/nope/retry', { token: admin.token })).status).toBe(404);
      expect((await app.api('POST', `/api/ops/workflows/${id}/retry`, { token: f.token })).status).toBe(403);
    },
  );

  it(
    "lists the mail job's messages as runs, by status and recipient, with each try in the details",
    { timeout: 120_000 },
    async () => {
      const { waitUntil } = await import('./submissions-helpers');
      const admin = await app.createUser({ admin: true });
      const to = `console-${Date.now()}@example.com`;
      const meta = () => ({ now: new Date(), actor: admin.id });
      const first = await app.services.mail.send(
        'verify-email',
        { to, data: { url: `${app.url}/verify-email?token=c1` } },
        meta(),
      );
      await app.services.mail.send(
        'reset-password',
        { to, data: { url: `${app.url}/reset-password?token=c2` } },
        meta(),
      );
      const list = async (q: string) =>
        (await app.api('GET', `/api/ops/workflows?kind=mail&${q}`, { token: admin.token })).body;
      const sent = await waitUntil(
        'both messages to be sent',
        async () => {
          const r = await list(`user=${encodeURIComponent(to)}&status=sent`);
          return r.runs?.length === 2 ? r : null;
        },
        60_000,
      );
      expect(
        sent.runs.every(
          (r: any) =>
            r.kind === 'mail' &&
            r.email === to &&
            r.status === 'sent' &&
            r.attempt === 1 &&
            r.firm === null &&
            !r.canRetry,
        ),
      ).toBe(true);
      expect(sent.runs.map((r: any) => r.subject)).toContain('Verify your e-mail address for FundFlow');
      expect(Object.keys(sent.counts).sort()).toEqual(['failed', 'queued', 'running']);
      const paged = await list(`user=${encodeURIComponent(to)}&limit=1`);
      expect(paged.runs).toHaveLength(1);
      const next = await list(`user=${encodeURIComponent(to)}&limit=1&cursor=${paged.nextCursor}`);
      expect(next.runs).toHaveLength(1);
      expect(next.runs[0].id).not.toBe(paged.runs[0].id);
      expect((await list(`user=${encodeURIComponent(to)}&status=failed`)).runs).toEqual([]);
      // A status of another kind is refused with the kind's own list.
      expect(
        (await app.api('GET', '/api/ops/workflows?kind=mail&status=processing', { token: admin.token })).body,
      ).toEqual({ error: 'Status must be one of: queued, retrying, sent, failed' });

      const detail = (await app.api('GET', `/api/ops/workflows/${first.messageId}?kind=mail`, { token: admin.token }))
        .body;
      expect(detail.events.map((e: any) => e.what)).toEqual(['Queued', 'Sent (try 1)']);
      expect(detail.events[0].actor).toBe(admin.email);
      expect(detail.attempts[0].steps).toEqual([expect.objectContaining({ name: 'send', try: 1, error: null })]);
      // The same id as a submission is not a submission run.
      expect((await app.api('GET', `/api/ops/workflows/${first.messageId}`, { token: admin.token })).status).toBe(404);
    },
  );
});

describe('operator home (/api/ops/summary)', () => {
  it('counts what needs an operator: runs, the last audit, mail, accounts, and how fresh the investor data is', async () => {
    const admin = await app.createUser({ admin: true });
    const founder = await app.createUser();
    expect((await app.api('GET', '/api/ops/summary', { token: founder.token })).status).toBe(403);
    const r = await app.api('GET', '/api/ops/summary', { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body.submissions).toEqual(await app.services.submissions.runCounts());
    const q = async (text: string) => (await app.ctx.pool.query(text)).rows[0].n as number;
    // No real source imported in this database; the demo data is there when the generator loaded it.
    expect(r.body.data).toMatchObject({
      realRecords: 0,
      lastImportAt: null,
      formsRunning: false,
      formsStaleDays: expect.any(Number),
    });
    expect(r.body.data.demo).toBe(
      (await q(`select count(*)::int as n from catalog_imports where scope in ('vc', 'angels') and loaded > 0`)) > 0,
    );
    // No form was ever checked: every active VC firm is stale.
    expect(r.body.data.formsStale).toBe(
      await q(`select count(*)::int as n from catalog_vc_firms where coalesce((record ->> 'active')::boolean, true)`),
    );
    expect(r.body.users.total).toBeGreaterThanOrEqual(2);
  });
});
