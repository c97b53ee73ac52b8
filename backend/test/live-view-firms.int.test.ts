// The registry of forms on first start, and the firms whose only obstacle is a CAPTCHA or a sign-in,
// end to end on real Postgres, the workflow engine and Chromium. The registry's first-start pass checks
// every sandbox firm in Chromium (most of this file's time), so it runs once here and every test reads
// it: the pass fills "Accepts online applications" once (a second start starts nothing); it finds
// Sentinel Capital's CAPTCHA; the filter offers it with the reason the founder reads; submitting charges
// one credit and the run waits for the founder in the live view, while an e-mail-only firm is still
// skipped without a charge.
import { formBadge, type FirmFormEntry } from '@fp/contracts';
import { MIGRATIONS_DIR } from '@fp/infra';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { founder, getSubmission, testFirmId, TERMINAL, waitUntil } from './submissions-helpers';

let app: TestApp;

beforeAll(async () => {
  // Short pacing: the sandbox sites share one host. The run waits minutes for a takeover.
  app = await startTestApp({
    config: { formDiscoveryHostDelayMs: 30, formDiscoveryConcurrency: 3, takeoverSeconds: 300, workerConcurrency: 1 },
  });
}, 180_000);

afterAll(async () => {
  await app?.close();
});

/**
 * The first-start pass over the sandbox firms, once for the file (the first test that needs it runs it):
 * what "Accepts online applications" answered before it, and the run it started.
 */
type FirstStart = { before: { status: number; total: number }; started: { runId: string; total: number } | null };
let pass: Promise<FirstStart> | undefined;
const firstStartPass = () =>
  (pass ??= (async () => {
    const user = await app.createUser();
    const before = await app.api('GET', '/api/test-vc-firms?acceptsOnline=true', { token: user.token });
    // The registry fills itself for the sandbox firms (as on first start), with the real checks.
    const started = await app.services.catalog.registerSandboxForms();
    if (started)
      await waitUntil(
        'discovery run finished',
        async () => (await app.services.catalog.forms.run(started.runId))?.finishedAt,
        360_000,
        500,
      );
    return { before: { status: before.status, total: before.body.total as number }, started };
  })());

describe('the registry of forms on first start', () => {
  it('checks the sandbox firms once, so "Accepts online applications" is not empty; a second start starts nothing', async () => {
    const user = await app.createUser();
    const { before, started } = await firstStartPass();
    expect(before.status).toBe(200);
    expect(before.total).toBe(0);

    expect(started?.total).toBeGreaterThan(10);
    const after = await app.api('GET', '/api/test-vc-firms?acceptsOnline=true', { token: user.token });
    expect(after.body.total).toBeGreaterThan(0);
    // The CAPTCHA firm is offered, marked as needing the founder in the live view.
    const sentinel = (await app.services.catalog.forms.entries('test', [testFirmId('sentinel-capital')])).get(
      testFirmId('sentinel-capital'),
    );
    expect(sentinel?.blockers).toContain('captcha');

    // Idempotent: every sandbox firm was checked, so the next start visits none.
    expect(await app.services.catalog.registerSandboxForms()).toBeNull();
  }, 420_000);
});

type Listed = {
  id: string;
  form: FirmFormEntry | null;
  fit?: { reasons: { factor: string; label: string; match: string }[] };
};

describe('firms that need the founder in the live view', () => {
  it('are offered by "Accepts online applications" with the badge and an honest reason; a submit charges and the run waits for the founder', async () => {
    const user = await founder(app, 3);
    const sentinel = testFirmId('sentinel-capital');
    const quill = testFirmId('quill-ventures');

    // The registry filled itself for the sandbox firms (the first-start pass above), with the real checks.
    const { started } = await firstStartPass();
    expect(started).not.toBeNull();
    const entries = await app.services.catalog.forms.entries('test', [sentinel, quill]);
    expect(entries.get(sentinel)).toMatchObject({ outcome: 'blocked', blockers: ['captcha'] });
    expect(entries.get(quill)?.blockers).toContain('email_only');

    // The filter is the server's: the CAPTCHA firm is in, the e-mail-only firm is out.
    const online = await app.api('GET', '/api/test-vc-firms?limit=100&acceptsOnline=true&sort=fit', {
      token: user.token,
    });
    expect(online.status).toBe(200);
    const firms = online.body.firms as Listed[];
    const listed = firms.find((f) => f.id === sentinel);
    expect(listed, 'Sentinel Capital among the firms accepting online applications').toBeDefined();
    expect(firms.map((f) => f.id)).not.toContain(quill);
    expect(formBadge(listed!.form)).toEqual({ text: 'Needs you in the live view (CAPTCHA)', tone: 'warn' });
    const reason = listed!.fit!.reasons.find((r) => r.factor === 'activity')!;
    expect(reason.label).toMatch(/you solve a CAPTCHA in the live view/);
    expect(reason.label).not.toMatch(/no usable online form/i);
    const allIds = await app.api('GET', '/api/test-vc-firms/all-ids?acceptsOnline=true', { token: user.token });
    expect(allIds.body.vcIds).toContain(sentinel);
    expect(allIds.body.vcIds).not.toContain(quill);

    // Submitting: the CAPTCHA firm is applied to and charged; the e-mail-only firm is skipped, uncharged.
    const before = await app.services.credits.balance(user.id);
    const r = await app.api('POST', '/api/submit-to-test-vcs', {
      token: user.token,
      body: { testVcIds: [sentinel, quill] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.creditsDeducted).toBe(1);
    expect(r.body.submissionIds).toHaveLength(1);
    expect(r.body.skipped.map((s: { vcId: string; reason: string }) => [s.vcId, s.reason])).toEqual([
      [quill, 'no_usable_form'],
    ]);
    // The balance is a read model: it follows the charge shortly.
    await waitUntil(
      'the charge in the balance',
      async () => (await app.services.credits.balance(user.id)) === before - 1,
    );

    // The run reaches the CAPTCHA and waits for the founder in the live view, rather than failing.
    const id = r.body.submissionIds[0] as string;
    const paused = await waitUntil(
      'the run to wait for the founder in the live view',
      async () => {
        const s = await getSubmission(app, user.token, id);
        if (TERMINAL.includes(s.status))
          throw new Error(`ended ${s.status} instead of waiting: ${s.summary} ${s.error}`);
        return s.submissionStatus === 'waiting_for_takeover' && s.liveUrl ? s : null;
      },
      180_000,
      250,
    );
    expect(paused).toMatchObject({ status: 'processing', takeover: { reason: 'captcha' } });
    // Nothing was sent under the founder's name while it waits.
    expect(app.runtime.sandbox!.received('sentinel-capital')).toEqual([]);
  }, 720_000);

  it('migration 970 turns the verdict stored before ("no usable form") into "accepts online" for such firms, and leaves e-mail-only firms out', async () => {
    const user = await app.createUser();
    const sentinel = testFirmId('sentinel-capital');
    const quill = testFirmId('quill-ventures');
    const onlineIds = async () =>
      (await app.api('GET', '/api/test-vc-firms/all-ids?acceptsOnline=true', { token: user.token })).body
        .vcIds as string[];
    // The state a database written before this rule holds: false kept, the "no form" term indexed.
    await app.ctx.pool.query(
      `update catalog_search_forms set accepts_online = false where collection = 'test' and id = $1`,
      [sentinel],
    );
    await app.ctx.pool.query(
      `update search_vc_firms set
        tsv = ts_delete(tsv, array['#f=online']::text[]) || array_to_tsvector(array['#f=noform']::text[]),
        terms = array_to_string(array_append(array_remove(string_to_array(terms, chr(31)), '#f=online'), '#f=noform'), chr(31)),
        seq = nextval('search_change_seq')
      where collection = 'test' and id = $1`,
      [sentinel],
    );
    await waitUntil('the old verdict read back', async () => !(await onlineIds()).includes(sentinel), 30_000, 250);

    const migration = await readFile(path.join(MIGRATIONS_DIR, '970_live_view_forms.sql'), 'utf8');
    const client = await app.ctx.pool.connect();
    try {
      await client.query('begin');
      await client.query(migration);
      await client.query('commit');
    } finally {
      client.release();
    }
    const kept = await app.ctx.pool.query(
      `select id, accepts_online from catalog_search_forms where collection = 'test' and id = any($1::text[])`,
      [[sentinel, quill]],
    );
    expect(Object.fromEntries(kept.rows.map((r) => [r.id, r.accepts_online]))).toEqual({
      [sentinel]: true,
      [quill]: false,
    });
    const ids = await waitUntil(
      'the index to follow',
      async () => ((await onlineIds()).includes(sentinel) ? await onlineIds() : null),
      30_000,
      250,
    );
    expect(ids).not.toContain(quill);
  });
});
