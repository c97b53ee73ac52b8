import { launchBrowser } from '@fp/workflows';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { checkboxCentre, control as controlAt, issuedCode, WARDEN } from './takeover-helpers';
import { founder, getSubmission, testFirmId, TERMINAL, waitForStatus, waitUntil } from './submissions-helpers';

/**
 * The fair queue (docs/submissions.md, "Fair queue and paused runs"), on the real engine (DBOS),
 * Postgres and Chromium: a run waiting for its founder in the live view gives its worker slot back,
 * so runs paused at walls cannot hold up anyone else; founders' runs interleave; one founder holds
 * at most WORKER_PER_FOUNDER slots (default: all but one).
 */

async function submit(app: TestApp, token: string, slugs: string[]): Promise<string[]> {
  const r = await app.api('POST', '/api/submit-to-test-vcs', { token, body: { testVcIds: slugs.map(testFirmId) } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.submissionIds).toHaveLength(slugs.length);
  return r.body.submissionIds;
}

const waitForTakeover = (app: TestApp, token: string, id: string) =>
  waitUntil(
    `submission ${id} to wait for a takeover`,
    async () => {
      const s = await getSubmission(app, token, id);
      if (TERMINAL.includes(s.status)) throw new Error(`ended ${s.status} instead of waiting: ${s.summary} ${s.error}`);
      return s.submissionStatus === 'waiting_for_takeover' && s.liveUrl ? s : null;
    },
    120_000,
    200,
  );

/** Submission ids in the order their runs started (SubmissionStarted), with the log position of each start. */
async function starts(app: TestApp, after = 0): Promise<{ id: string; at: number }[]> {
  const r = await app.ctx.pool.query<{ stream_id: string; global_position: string }>(
    `select stream_id, global_position from es_events where type = 'SubmissionStarted' and global_position > $1 order by global_position`,
    [after],
  );
  return r.rows.map((x) => ({ id: x.stream_id.replace(/^submission-/, ''), at: Number(x.global_position) }));
}

// Sandbox firms whose runs complete, the quickest first (about 2–3 s each alone, against 4–6 s for
// northwind, summit, prism or lumen): the queue's order, not the forms, is what these tests read.
const COMPLETING = [
  'ember-capital',
  'kestrel-ventures',
  'granite-growth',
  'crumb-capital',
  'beacon-ventures',
  'juniper-partners',
];
// Runs that end at once without a takeover wait (takeoverSeconds 0): a CAPTCHA and a sign-in wall.
const FAILING_FAST = ['sentinel-capital', 'atlas-ventures'];

describe('runs paused at walls give their worker slot back', () => {
  let app: TestApp;
  let browser: Browser;
  let box: { x: number; y: number };

  beforeAll(async () => {
    // Two slots, the default cap (one per founder), a takeover wait far longer than the test.
    app = await startTestApp({ config: { takeoverSeconds: 300, workerConcurrency: 2 } });
    browser = await launchBrowser();
    box = await checkboxCentre(browser, app.runtime.sandbox!.url);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("two runs waiting at a CAPTCHA and a sign-in wall do not stop a third founder's runs; the paused run is then taken over and sent", async () => {
    const x = await founder(app, 1);
    const y = await founder(app, 1);
    const z = await founder(app, 3);
    const [captcha] = await submit(app, x.token, [WARDEN]);
    const [login] = await submit(app, y.token, ['atlas-ventures']);
    const pausedX = await waitForTakeover(app, x.token, captcha!);
    await waitForTakeover(app, y.token, login!);

    // Both slots were theirs; now a third founder's three runs start and complete while both still wait.
    const ids = await submit(app, z.token, COMPLETING.slice(0, 3));
    const done = await Promise.all(ids.map((id) => waitForStatus(app, z.token, id, TERMINAL, 120_000)));
    expect(done.map((s) => `${s.status} ${s.error ?? ''}`.trim())).toEqual(['completed', 'completed', 'completed']);
    for (const [token, id] of [
      [x.token, captcha!],
      [y.token, login!],
    ] as const) {
      expect(await getSubmission(app, token, id)).toMatchObject({
        status: 'processing',
        submissionStatus: 'waiting_for_takeover',
      });
    }

    // One founder, one slot at a time (WORKER_PER_FOUNDER defaults to all but one of the 2 slots),
    // though the paused runs left both free: each of z's runs started only after the one before had
    // filled its form (without the cap all three start at once, before any form is filled).
    const order = (await starts(app)).filter((s) => ids.includes(s.id));
    const filled = await app.ctx.pool.query<{ stream_id: string; global_position: string }>(
      `select stream_id, global_position from es_events where type = 'SubmissionFormFilled' and stream_id = any($1)`,
      [ids.map((id) => `submission-${id}`)],
    );
    const filledAt = new Map(
      filled.rows.map((r) => [r.stream_id.replace(/^submission-/, ''), Number(r.global_position)]),
    );
    expect(order).toHaveLength(3);
    for (let i = 1; i < 3; i++) expect(order[i]!.at).toBeGreaterThan(filledAt.get(order[i - 1]!.id)!);
    // The slots are on record as given back.
    const held = await app.ctx.pool.query<{ holds_slot: boolean }>(
      `select holds_slot from submission_dispatches where user_id = $1`,
      [z.id],
    );
    expect(held.rows.map((r) => r.holds_slot)).toEqual([false, false, false]);

    // The founder takes over the CAPTCHA run that gave its slot away: solves it, Continue; it is sent.
    const control = (action: 'input' | 'continue', body: unknown = {}) =>
      controlAt(app.url, pausedX.liveUrl!, action, body);
    expect((await control('input', { type: 'click', ...box, frameWidth: 1280, frameHeight: 900 })).status).toBe(200);
    const code = await issuedCode(app.runtime.sandbox!.url);
    expect((await control('input', { type: 'type', text: code })).status).toBe(200);
    expect((await control('input', { type: 'key', key: 'Enter' })).status).toBe(200);
    expect((await control('continue')).status).toBe(200);
    const sent = await waitForStatus(app, x.token, captcha!, TERMINAL, 120_000);
    expect(sent.status, `${sent.summary} ${sent.error}`).toBe('completed');
    expect(app.runtime.sandbox!.received(WARDEN).at(-1)).toMatchObject({
      accepted: true,
      fields: { human_check: 'passed' },
    });

    // The other one is still waiting, slot-less, and stops as before (refunded, nothing sent).
    const pausedY = await getSubmission(app, y.token, login!);
    expect((await controlAt(app.url, pausedY.liveUrl!, 'stop')).status).toBe(200);
    expect((await waitForStatus(app, y.token, login!, TERMINAL)).status).toBe('stopped');
  }, 400_000);
});

describe('the queue is fair across founders', () => {
  let app: TestApp;
  beforeAll(async () => {
    // One slot: the order of starts is the queue's order.
    app = await startTestApp({ config: { workerConcurrency: 1 } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("a founder's runs interleave with another founder's many queued runs instead of waiting behind them", async () => {
    // Only the order of starts counts: a's eight runs and b's three are the quickest to end (two founders may
    // apply to the same firm).
    const aFirms = [...FAILING_FAST, ...COMPLETING];
    const a = await founder(app, aFirms.length);
    const b = await founder(app, 3);
    const aIds = await submit(app, a.token, aFirms);
    await waitUntil('a run of the first founder to start', async () => (await starts(app)).length > 0, 60_000, 100);
    const mark = (await app.ctx.pool.query<{ n: string }>(`select max(global_position) as n from es_events`)).rows[0]!
      .n;
    const bIds = await submit(app, b.token, [...FAILING_FAST, COMPLETING[0]!]);
    await Promise.all([
      ...aIds.map((id) => waitForStatus(app, a.token, id, TERMINAL, 300_000)),
      ...bIds.map((id) => waitForStatus(app, b.token, id, TERMINAL, 300_000)),
    ]);

    // From b's submit on: b's three runs alternate with a's (a run of a's may have been handed over just before).
    const after = (await starts(app, Number(mark))).map((s) => (bIds.includes(s.id) ? 'b' : 'a'));
    const at = after.flatMap((who, i) => (who === 'b' ? [i] : []));
    expect(at, after.join(' ')).toHaveLength(3);
    expect(at[0], after.join(' ')).toBeLessThanOrEqual(1);
    expect([at[1]! - at[0]!, at[2]! - at[1]!], after.join(' ')).toEqual([2, 2]);
    // Without fairness all of a's remaining runs would have started first.
    expect(after.length - 1 - at[2]!).toBeGreaterThanOrEqual(2);
  }, 400_000);
});
