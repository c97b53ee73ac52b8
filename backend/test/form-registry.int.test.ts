// The registry of application forms end to end on real Postgres, the DBOS engine and Chromium: a
// discovery run over the test catalog (the sandbox sites), interrupted by a shutdown and resumed by
// the next start, robots.txt honoured; the filter, the admin-only routes, the CLI's refusals and the
// submit-time skip without a charge.
import { firmFormStream } from '@fp/contracts';
import type { FirmFormEntry } from '@fp/contracts';
import { fitDay, fitScore, fitToday, type FitFirm } from '@fp/contracts';
import { ROBOTS_DISALLOWED_SITES, SANDBOX_SITES } from '@fp/workflows/sandbox';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/runtime';
import { runCliInProcess, spawnCli } from '../src/testing/cli';
import { startTestApp, type TestApp } from '../src/testing/app';
import { COMPLETE_PROFILE, founder, testFirmId, waitUntil } from './submissions-helpers';

let app: TestApp;
let second: Runtime | undefined;
let admin: { id: string; email: string; token: string };
/**
 * The founder made before the interruption (signing up needs the first runtime): reads the lists, then
 * submits (no test before the submission changes what the lists show).
 */
let founderUser: { id: string; token: string };
let runId: string;
let interruptedAt = 0;

/** The API of whichever runtime is up (the first app, or the one started after the interruption). */
async function api(method: string, p: string, token: string, body?: unknown) {
  const base = second ? second.url!.replace('localhost', '127.0.0.1') : app.url;
  const res = await fetch(`${base}${p}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}
const services = () => (second ?? app.runtime).services;

beforeAll(async () => {
  // Short pacing: the sandbox sites share one host.
  app = await startTestApp({ config: { formDiscoveryHostDelayMs: 30, formDiscoveryConcurrency: 3 } });
  admin = await app.createUser({ admin: true });
  founderUser = await founder(app, 2);
}, 180_000);

afterAll(async () => {
  await second?.stop();
  await app?.runtime.stop();
  await app?.db.drop();
});

describe('registry of application forms', () => {
  it('refuses non-admins (403) and bad input (400) on the operator routes', async () => {
    const user = founderUser;
    expect((await api('GET', '/api/ops/forms', user.token)).status).toBe(403);
    expect((await api('POST', '/api/ops/forms/discover', user.token, {})).status).toBe(403);
    expect(await api('POST', '/api/ops/forms/discover', admin.token, { collection: 'moon' })).toMatchObject({
      status: 400,
    });
    expect(await api('POST', '/api/ops/forms/discover', admin.token, { staleDays: -1 })).toMatchObject({ status: 400 });
    expect((await api('POST', '/api/ops/forms/discover', admin.token, { collection: 'test', extra: 1 })).status).toBe(
      400,
    );
    expect((await api('GET', '/api/ops/forms?collection=test&staleDays=x', admin.token)).status).toBe(400);
  });

  it('fills the registry for the test catalog, and a run cut by a shutdown continues with the firms not yet checked', async () => {
    const started = await api('POST', '/api/ops/forms/discover', admin.token, { collection: 'test' });
    expect(started.status).toBe(202);
    expect(started.body.total).toBe(SANDBOX_SITES.length);
    runId = started.body.runId;
    // A second run while this one goes is refused.
    expect(await api('POST', '/api/ops/forms/discover', admin.token, { collection: 'test' })).toMatchObject({
      status: 409,
      body: { error: expect.stringMatching(/already going/) },
    });

    // Interrupt it part-way: the process shuts down (the engine, the browser, everything).
    await waitUntil(
      'a few firms checked',
      async () => ((await services().catalog.forms.run(runId))?.checked ?? 0) >= 3,
      180_000,
    );
    await app.runtime.stop();
    const pool = new pg.Pool({ connectionString: app.db.url, max: 1 });
    const cut = (
      await pool.query<{ checked: number; total: number; finished_at: Date | null }>(
        'select checked, total, finished_at from form_discovery_runs where run_id = $1',
        [runId],
      )
    ).rows[0]!;
    await pool.end();
    interruptedAt = cut.checked;
    expect(cut.finished_at).toBeNull();
    expect(cut.checked).toBeLessThan(cut.total);

    // Started again on the same database: the run resumes by itself.
    second = await createRuntime({
      config: { ...app.ctx.config, port: 0, sandboxPort: 0 },
      role: 'all',
      databaseUrl: app.db.url,
      log: () => {},
    });
    const done = await waitUntil(
      'the run to finish',
      async () => {
        const r = await services().catalog.forms.run(runId);
        return r?.finishedAt ? r : null;
      },
      480_000,
      500,
    );
    expect(done.checked).toBe(done.total);
    expect(Object.values(done.counts).reduce((a, b) => a + b, 0)).toBe(done.total);
    expect(interruptedAt).toBeGreaterThan(0);

    // Every firm was recorded exactly once by this run, including those checked before the cut.
    for (const site of SANDBOX_SITES) {
      const { events } = await second.ctx.store.readStream(firmFormStream('test', testFirmId(site.slug)));
      expect(
        events.filter((e) => e.type === 'FirmFormChecked' && e.data.runId === runId),
        site.slug,
      ).toHaveLength(1);
    }

    // The operators' workflow console lists the run as a kind of its own, with its engine's steps.
    const listed = await api(
      'GET',
      `/api/ops/workflows?kind=discovery&user=${encodeURIComponent(admin.email)}`,
      admin.token,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.runs).toEqual([
      expect.objectContaining({
        id: runId,
        kind: 'discovery',
        status: 'finished',
        email: admin.email,
        test: true,
        step: `${done.total} of ${done.total} checked`,
      }),
    ]);
    expect((await api('GET', '/api/ops/workflows?kind=discovery&status=running', admin.token)).body.runs).toEqual([]);
    const detail = await waitUntil(
      'the engine to record the run as ended',
      async () => {
        const d = (await api('GET', `/api/ops/workflows/${runId}?kind=discovery`, admin.token)).body;
        return d.attempts?.[0]?.engineStatus === 'SUCCESS' ? d : null;
      },
      60_000,
      500,
    );
    expect(detail.events.map((e: any) => e.what)).toEqual(['Started', 'Finished', 'Outcomes']);
    expect(detail.events[0].actor).toBe(admin.email);
    expect(detail.attempts[0]).toMatchObject({ engine: 'dbos', runId: `form-discovery-${runId}` });
    expect(detail.attempts[0].steps.length).toBeGreaterThan(0);
  }, 720_000);

  it('records what each site has: the form, its kind and fields, blockers, robots.txt refusals', async () => {
    const entries = await services().catalog.forms.entries(
      'test',
      SANDBOX_SITES.map((s) => testFirmId(s.slug)),
    );
    expect(entries.size).toBe(SANDBOX_SITES.length);
    const northwind = entries.get(testFirmId('northwind-ventures'))!;
    expect(northwind).toMatchObject({ outcome: 'found', kind: 'native', blockers: [] });
    expect(northwind.fields).toContainEqual({
      label: 'Email address',
      type: 'email',
      required: true,
      asks: 'founderEmail',
    });
    expect(entries.get(testFirmId('kestrel-ventures'))).toMatchObject({ outcome: 'found', kind: 'tally' });
    expect(entries.get(testFirmId('sentinel-capital'))).toMatchObject({ outcome: 'blocked', blockers: ['captcha'] });
    expect(entries.get(testFirmId('atlas-ventures'))).toMatchObject({ outcome: 'blocked', blockers: ['login'] });
    expect(entries.get(testFirmId('quill-ventures'))).toMatchObject({ outcome: 'blocked', blockers: ['email_only'] });
    for (const slug of ROBOTS_DISALLOWED_SITES)
      expect(entries.get(testFirmId(slug))).toMatchObject({ outcome: 'robots_disallowed', url: null, fields: [] });

    const overview = await api('GET', '/api/ops/forms?collection=test', admin.token);
    expect(overview.status).toBe(200);
    expect(overview.body.current).toBeNull();
    expect(overview.body.stale).toBe(0);
    expect(overview.body.counts.robots_disallowed).toBe(ROBOTS_DISALLOWED_SITES.length);
    expect(overview.body.errors.map((e: { firmId: string }) => e.firmId)).toContain(testFirmId('sentinel-capital'));
    // Nothing stale now: a new "stale firms" run has nothing to do.
    expect(await api('POST', '/api/ops/forms/discover', admin.token, { collection: 'test' })).toMatchObject({
      status: 200,
      body: { runId: null, total: 0 },
    });
  });

  it('lists the entries with the firms and filters "Accepts online applications" on the server', async () => {
    const user = founderUser;
    const page = await api('GET', '/api/test-vc-firms?limit=100', user.token);
    const sentinel = page.body.firms.find((f: { id: string }) => f.id === testFirmId('sentinel-capital'));
    expect(sentinel.form).toMatchObject({ outcome: 'blocked', blockers: ['captcha'] });
    const online = await api('GET', '/api/test-vc-firms?limit=100&acceptsOnline=true', user.token);
    const ids = online.body.firms.map((f: { id: string }) => f.id);
    expect(ids).toContain(testFirmId('northwind-ventures'));
    // A CAPTCHA alone: offered, the founder solves it in the live view.
    expect(ids).toContain(testFirmId('sentinel-capital'));
    expect(ids).not.toContain(testFirmId('quill-ventures'));
    expect(ids).not.toContain(testFirmId('tortoise-capital'));
    expect(online.body.total).toBe(
      online.body.firms.filter(
        (f: { form: { outcome: string; blockers: string[] } }) =>
          (f.form.outcome === 'found' || f.form.outcome === 'blocked') &&
          !f.form.blockers.includes('email_only') &&
          (f.form.outcome === 'found' || f.form.blockers.some((b) => b === 'captcha' || b === 'login')),
      ).length,
    );
    expect(online.body.total).toBeLessThan(page.body.total);
    const all = await api('GET', '/api/test-vc-firms/all-ids?acceptsOnline=true', user.token);
    expect([...all.body.vcIds].sort()).toEqual([...ids].sort());
  });

  it("ranks by fit with the registry's verdict in the activity factor: up for a usable form, down for none, unchanged when unknown", async () => {
    const page = await api('GET', '/api/test-vc-firms?limit=100&sort=fit', founderUser.token);
    expect(page.status).toBe(200);
    type Firm = {
      id: string;
      form: FirmFormEntry | null;
      fit: { score: number; reasons: { factor: string; label: string; match: string }[] };
    };
    const firms = page.body.firms as Firm[];
    const activity = (slug: string) =>
      firms.find((f) => f.id === testFirmId(slug))!.fit.reasons.find((r) => r.factor === 'activity')!;
    expect(activity('northwind-ventures').label).toMatch(/applies online|Accepts online applications/);
    expect(activity('sentinel-capital').label).toMatch(/you solve a CAPTCHA in the live view/);
    expect(activity('quill-ventures').label).toMatch(/no usable online form/i);
    expect(activity('quill-ventures').match).not.toBe('yes');
    for (const slug of ROBOTS_DISALLOWED_SITES) expect(activity(slug).label).not.toMatch(/online/);
    // The order the index ranked by and the scores the page shows are one: highest first.
    const scores = firms.map((f) => f.fit.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // The verdicts moved scores here (else the order above would not show the index used them).
    const today = fitToday(fitDay(new Date()));
    const moved = firms.filter(
      (f) =>
        f.form &&
        fitScore(COMPLETE_PROFILE, { ...(f as unknown as FitFirm), acceptsOnline: null }, today).score !== f.fit.score,
    );
    expect(moved.length).toBeGreaterThan(0);
  });

  it('skips, without charging, firms the registry found no usable form on, and says why; a CAPTCHA alone is applied to (the founder passes it in the live view)', async () => {
    const user = founderUser;
    const before = await services().credits.balance(user.id);
    const r = await api('POST', '/api/submit-to-test-vcs', user.token, {
      testVcIds: [testFirmId('sentinel-capital'), testFirmId('quill-ventures')],
    });
    expect(r.status).toBe(200);
    expect(r.body.creditsDeducted).toBe(1);
    expect(r.body.submissionIds).toHaveLength(1);
    expect(r.body.skipped.map((s: { vcId: string; reason: string }) => [s.vcId, s.reason])).toEqual([
      [testFirmId('quill-ventures'), 'no_usable_form'],
    ]);
    // Charged for the CAPTCHA firm only (its run may fail and be refunded soon after: this test app waits 0 s for a takeover).
    expect(await services().credits.balance(user.id)).toBeGreaterThanOrEqual(before - 1);
  });
});

describe('npm run cli -- catalog discover-forms', () => {
  /** The real CLI (`npm run cli -- …`): a fresh Node, which runs its own worker. */
  // CATALOG_SEED=off, as in the test app: else the CLI's runtime loads the demo catalog (72,500
  // investors) and discovers all 37 sandbox firms' forms before this one, minutes on a busy machine.
  const cli = (args: string[]) => spawnCli(args, { DATABASE_URL: app.db.url, CATALOG_SEED: 'off' });

  // The one real process of this command: it boots its own worker, discovers and prints the result.
  it('checks one firm, prints its progress and one JSON line', async () => {
    const r = await cli(['catalog', 'discover-forms', '--firm', testFirmId('juniper-partners'), '--test', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim());
    expect(out).toMatchObject({ total: 1, checked: 1, counts: { found: 1 } });
    const entry = (await services().catalog.forms.entries('test', [testFirmId('juniper-partners')])).get(
      testFirmId('juniper-partners'),
    );
    expect(entry).toMatchObject({ outcome: 'found', kind: 'jotform' });
  }, 240_000);

  it('refuses --firm with --all, a bad --stale-days and an unknown firm, with a clear message and a non-zero exit', async () => {
    // Refused before anything starts.
    const both = await runCliInProcess(['catalog', 'discover-forms', '--firm', 'x', '--all']);
    expect(both.code).toBe(1);
    expect(both.stderr).toMatch(/either --firm ID or --all/);
    const days = await runCliInProcess(['catalog', 'discover-forms', '--stale-days', 'soon']);
    expect(days.code).toBe(1);
    expect(days.stderr).toMatch(/--stale-days must be a whole number/);
    // The unknown firm is refused by the runtime the command boots (its own workflow engine): in this
    // process too, once this file's runtimes are down (DBOS is one per process). The last test of the file.
    await second?.stop();
    second = undefined;
    await app.runtime.stop(); // stopped already by the interruption above, unless that test was left out
    const unknown = await runCliInProcess(['catalog', 'discover-forms', '--firm', 'no_such_firm', '--test', '--json'], {
      DATABASE_URL: app.db.url,
      CATALOG_SEED: 'off',
      SANDBOX_PORT: '0',
      // Else the command keeps its executor id ('cli-forms') in this process's environment.
      DBOS_EXECUTOR_ID: '',
    });
    expect(unknown.code, unknown.stderr).toBe(1);
    expect(JSON.parse(unknown.stdout.trim())).toEqual({ error: 'No firm no_such_firm in the test VC database' });
  }, 240_000);
});
