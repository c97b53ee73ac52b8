import { creditStream, submissionStream, type Submission } from '@fp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { founder, getSubmission, testFirmId, TERMINAL, waitForStatus, waitUntil } from './submissions-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const submitTest = (token: string, slugs: string[], headers: Record<string, string> = {}, on: TestApp = app) =>
  on.api('POST', '/api/submit-to-test-vcs', {
    token,
    body: { testVcIds: slugs.map((s) => (s.startsWith('test_vc_') ? s : testFirmId(s))) },
    headers,
  });

async function balance(userId: string, on: TestApp = app) {
  await on.ctx.projections.waitFor(undefined, 10_000);
  return on.services.credits.balance(userId);
}

async function ledger(userId: string, on: TestApp = app) {
  const { events } = await on.ctx.store.readStream(creditStream(userId));
  return events.map((e) => ({
    type: e.type,
    amount: e.data.amount as number,
    reference: e.data.reference as string | null,
  }));
}

/** Reads a server-sent event stream until `until` says stop (or the time runs out). */
async function readEvents(
  url: string,
  until: (events: { event: string; data: string }[]) => boolean,
  timeoutMs = 30_000,
) {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), timeoutMs);
  const events: { event: string; data: string }[] = [];
  try {
    const res = await fetch(url, { signal: ac.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += new TextDecoder().decode(value);
      let i;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: data ?? '' });
      }
      if (until(events)) break;
    }
  } catch (err) {
    if ((err as Error).name !== 'AbortError') throw err;
  } finally {
    clearTimeout(timer);
    ac.abort();
  }
  return events;
}

describe('pre-submit checks (spec §5, on the server)', () => {
  it('refuses an empty selection, an incomplete profile, a short balance and a signed-out caller, and creates nothing', async () => {
    const u = await founder(app, 1);
    for (const body of [{ vcIds: [] }, {}, { vcIds: 'x' }]) {
      const r = await app.api('POST', '/api/submit-to-selected-vcs', { token: u.token, body });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ error: 'Please select at least one VC firm to submit applications.' });
    }
    expect(
      (await app.api('POST', '/api/submit-to-test-vcs', { token: u.token, body: { testVcIds: [] } })).body,
    ).toEqual({ error: 'No test VCs selected' });
    const tooMany = await app.api('POST', '/api/submit-to-test-vcs', {
      token: u.token,
      body: { testVcIds: Array.from({ length: 10_001 }, (_, i) => `t${i}`) },
    });
    expect(tooMany).toMatchObject({
      status: 400,
      body: { error: 'You can submit to at most 10,000 test VCs at once.' },
    });
    expect(
      (await app.api('POST', '/api/submit-to-test-vcs', { token: u.token, body: { testVcIds: ['a'], extra: 1 } }))
        .status,
    ).toBe(400);

    const short = await submitTest(u.token, ['northwind-ventures', 'orbit-fund']);
    expect(short.status).toBe(402);
    expect(short.body).toEqual({
      error: 'Insufficient Credits',
      message: 'You need 2 credits to submit to 2 VC firms, but you only have 1 credits available.',
      balance: 1,
    });

    const incomplete = await app.createUser();
    await app.services.credits.grant(incomplete.id, 5, 'test', null, { now: new Date(), actor: 'test' });
    const r = await submitTest(incomplete.token, ['northwind-ventures']);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('Incomplete Startup Profile');

    expect((await app.api('POST', '/api/submit-to-test-vcs', { body: { testVcIds: ['x'] } })).body).toEqual({
      error: 'User not authenticated',
    });
    expect((await app.api('GET', '/api/submissions', { token: u.token })).body).toEqual({ submissions: [], total: 0 });
    expect(await balance(u.id)).toBe(1);
  });
});

describe('submitting to test firms', () => {
  let u: Awaited<ReturnType<typeof founder>>;
  let done: Submission;
  let failed: Submission;

  it('charges one credit per firm, runs each as a workflow through every status, refunds the failure and keeps proof', async () => {
    u = await founder(app, 3);
    const before = app.runtime.sandbox!.received('northwind-ventures').length;
    const r = await submitTest(u.token, ['northwind-ventures', 'sentinel-capital', 'no-such-firm']);
    expect(r.status).toBe(200);
    expect(r.body.creditsDeducted).toBe(2);
    expect(r.body.submissionIds).toHaveLength(2);
    expect(r.body.skipped).toEqual([{ vcId: 'test_vc_no-such-firm', reason: 'not_found', message: 'No such firm.' }]);
    expect(await balance(u.id)).toBe(1);
    const [okId, captchaId] = r.body.submissionIds as string[];

    const first = await getSubmission(app, u.token, okId!);
    expect(['pending', 'processing']).toContain(first.status);
    expect(first).toMatchObject({
      vcFirmId: 'test_vc_northwind-ventures',
      vcFirm: { name: 'Northwind Ventures' },
      canStop: true,
      canRetry: false,
      completedAt: null,
    });

    done = await waitForStatus(app, u.token, okId!, TERMINAL);
    failed = await waitForStatus(app, u.token, captchaId!, TERMINAL);
    // The refund is the command after the failure: wait for it rather than reading between the two.
    for (const until = Date.now() + 30_000; !failed.creditRefunded && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 100));
      failed = await getSubmission(app, u.token, captchaId!);
    }
    expect(done).toMatchObject({
      status: 'completed',
      submissionStatus: 'submitted',
      error: null,
      liveUrl: null,
      canStop: false,
      canRetry: false,
      taskId: okId,
      creditRefunded: false,
    });
    expect(done.confirmationText).toMatch(/thank/i);
    expect(done.summary).toMatch(/Submitted/);
    expect(done.aiRecap).toBeTruthy();
    // No language model configured: the recap is the rule-based one and says so.
    expect(done.recapSource).toBe('rules');
    expect(done.fieldsFilled.find((f) => f.field === 'founderEmail')?.value).toBe('ada@acme-robotics.example');
    expect(new Date(done.completedAt!).getTime()).toBeGreaterThanOrEqual(new Date(done.submittedAt).getTime());
    expect(failed).toMatchObject({ status: 'failed', submissionStatus: 'error', canRetry: true, creditRefunded: true });
    expect(failed.error).toMatch(/CAPTCHA/i);

    // The firm's site got the application once, with the founder's values.
    const received = app.runtime.sandbox!.received('northwind-ventures').slice(before);
    expect(received).toHaveLength(1);
    expect(Object.values(received[0]!.fields)).toContain('ada@acme-robotics.example');

    // Every transition is an event on the submission's stream.
    const { events } = await app.ctx.store.readStream(submissionStream(okId!));
    const types = events.map((e) => e.type).filter((t) => t !== 'SubmissionLiveViewOpened');
    expect(types).toEqual(['SubmissionRequested', 'SubmissionStarted', 'SubmissionFormFilled', 'SubmissionCompleted']);
    const failedTypes = (await app.ctx.store.readStream(submissionStream(captchaId!))).events
      .map((e) => e.type)
      .filter((t) => t !== 'SubmissionLiveViewOpened');
    expect(failedTypes).toEqual([
      'SubmissionRequested',
      'SubmissionStarted',
      'SubmissionFailed',
      'SubmissionCreditRefunded',
    ]);

    // Ledger: one spend per firm (reference = attempt id), one refund for the failure.
    const moves = (await ledger(u.id)).filter((m) => m.type !== 'CreditsGranted');
    expect(moves).toEqual(
      expect.arrayContaining([
        { type: 'CreditsSpent', amount: -1, reference: okId },
        { type: 'CreditsSpent', amount: -1, reference: captchaId },
        { type: 'CreditsRefunded', amount: 1, reference: captchaId },
      ]),
    );
    expect(moves).toHaveLength(3);
    expect(await balance(u.id)).toBe(2);
  });

  it('serves the proof screenshot to the owner through its signed link only', async () => {
    expect(done.screenshotUrl).toBeTruthy();
    const shot = await fetch(app.url + done.screenshotUrl);
    expect(shot.status).toBe(200);
    expect(shot.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await shot.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const token = new URL(app.url + done.screenshotUrl).searchParams.get('token')!;
    expect((await fetch(`${app.url}/live/${done.id}/screenshot`)).status).toBe(404);
    expect((await fetch(`${app.url}/live/${failed.id}/screenshot?token=${token}`)).status).toBe(404);
    expect((await fetch(`${app.url}/live/${done.id}/screenshot?token=${token.slice(0, -2)}xx`)).status).toBe(404);
  });

  it('lists, counts and charts the submissions', async () => {
    const all = await app.api('GET', '/api/submissions?limit=10', { token: u.token });
    expect(all.body.total).toBe(2);
    expect(all.body.submissions.map((s: Submission) => s.id).sort()).toEqual([done.id, failed.id].sort());
    expect((await app.api('GET', '/api/submissions?status=failed', { token: u.token })).body).toMatchObject({
      total: 1,
      submissions: [{ id: failed.id }],
    });
    expect((await app.api('GET', '/api/submissions?status=processing', { token: u.token })).body.total).toBe(0);
    expect((await app.api('GET', '/api/submissions?limit=0', { token: u.token })).status).toBe(400);
    expect((await app.api('GET', '/api/submissions?status=weird', { token: u.token })).status).toBe(400);
    expect((await app.api('GET', '/api/submission-stats', { token: u.token })).body).toEqual({
      total: 2,
      completed: 1,
      processing: 0,
      failed: 1,
      stopped: 0,
      successRate: 50,
    });
    const activity = await app.api('GET', '/api/submission-activity?days=7', { token: u.token });
    expect(activity.body.days).toHaveLength(7);
    expect(activity.body.days[6]).toEqual({
      date: new Date().toISOString().slice(0, 10),
      completed: 1,
      failed: 1,
      processing: 0,
    });
    expect(activity.body.days[0]).toMatchObject({ completed: 0, failed: 0, processing: 0 });
  });

  it('skips a firm already applied to successfully, and one under way, without charging; a failed one may be applied to again', async () => {
    const r = await submitTest(u.token, ['northwind-ventures']);
    expect(r.body).toEqual({
      creditsDeducted: 0,
      submissionIds: [],
      skipped: [
        {
          vcId: 'test_vc_northwind-ventures',
          reason: 'already_applied',
          message: 'You already applied to this firm successfully.',
        },
      ],
    });

    const slow = await submitTest(u.token, ['tortoise-capital', 'sentinel-capital']);
    expect(slow.body.creditsDeducted).toBe(2);
    const again = await submitTest(u.token, ['tortoise-capital']);
    expect(again.body).toMatchObject({
      creditsDeducted: 0,
      skipped: [{ vcId: 'test_vc_tortoise-capital', reason: 'in_progress' }],
    });
    expect(await balance(u.id)).toBe(0);
    for (const id of slow.body.submissionIds)
      await app.api('POST', `/api/submissions/${id}/stop`, { token: u.token, body: {} });
    for (const id of slow.body.submissionIds) await waitForStatus(app, u.token, id, TERMINAL);
  });
});

/**
 * The submit path alone, on an app with no workers (as idempotency.int): submissions stay queued, so no
 * run starts a browser for these many rounds; what they check (answers, charges, skips) is the API's.
 */
describe('submitting without workers (runs stay queued)', () => {
  let queued: TestApp;
  beforeAll(async () => {
    queued = await startTestApp({ workers: false });
    await queued.services.catalog.syncTestCatalog();
  });
  afterAll(async () => queued?.close());

  // Round after round, one founder applies to three firms not applied to before (round 0: the three the
  // tests used first), topped up to 3 credits: a founder per round cost a sign-up, a profile and settings.
  const ROUND_FIRMS = [
    ['quill-ventures', 'atlas-ventures', 'northwind-ventures'],
    ['summit-capital', 'orbit-fund', 'beacon-ventures'],
    ['granite-growth', 'kestrel-ventures', 'prism-ventures'],
    ['juniper-partners', 'lumen-partners', 'ember-capital'],
    ['crumb-capital', 'sentinel-capital', 'tortoise-capital'],
    ['warden-ventures', 'aspen-ventures', 'birch-ventures'],
    ['bramble-ventures', 'cedar-ventures', 'elm-partners'],
    ['fern-ventures', 'harbor-vc', 'hazel-fund'],
  ];
  async function topUp(userId: string, credits: number) {
    const g = await queued.services.credits.grant(userId, credits, 'test credits', null, {
      now: new Date(),
      actor: 'test',
    });
    if (g.checkpoint) await queued.ctx.projections.waitFor(g.checkpoint, 30_000);
  }

  describe('idempotent submit', () => {
    it('answers a request sent again with the same Idempotency-Key the same, creating and charging nothing twice', async () => {
      const u = await founder(queued, 4);
      const headers = { 'idempotency-key': 'submit-7f3a' };
      const [a, b] = await Promise.all([
        submitTest(u.token, ['quill-ventures', 'atlas-ventures'], headers, queued),
        submitTest(u.token, ['quill-ventures', 'atlas-ventures'], headers, queued),
      ]);
      expect(a.status).toBe(200);
      expect(b.body).toEqual(a.body);
      expect(a.body.creditsDeducted).toBe(2);
      const c = await submitTest(u.token, ['quill-ventures', 'atlas-ventures'], headers, queued);
      expect(c.body).toEqual(a.body);
      expect(await balance(u.id, queued)).toBe(2);
      const list = await queued.api('GET', '/api/submissions', { token: u.token });
      expect(list.body.total).toBe(2);
      expect((await ledger(u.id, queued)).filter((m) => m.type === 'CreditsSpent')).toHaveLength(2);
      expect(
        (
          await queued.api('POST', '/api/submit-to-test-vcs', {
            token: u.token,
            body: { testVcIds: ['x'] },
            headers: { 'idempotency-key': ' ' },
          })
        ).status,
      ).toBe(400);
      // Stopped while queued (no worker runs them).
      for (const id of a.body.submissionIds)
        await queued.api('POST', `/api/submissions/${id}/stop`, { token: u.token, body: {} });
      for (const id of a.body.submissionIds) await waitForStatus(queued, u.token, id, TERMINAL);
    });

    it(
      'answers three copies of a request sent at once the same, round after round (a copy that finds the charge made since its plan reads the plan again)',
      { timeout: 240_000 },
      async () => {
        const u = await founder(queued, 3);
        for (let round = 0; round < 8; round++) {
          if (round > 0) await topUp(u.id, 3);
          const send = () => submitTest(u.token, ROUND_FIRMS[round]!, { 'idempotency-key': `burst-${round}` }, queued);
          const answers = await Promise.all([send(), send(), send()]);
          expect(
            answers.map((r) => r.status),
            `round ${round}`,
          ).toEqual([200, 200, 200]);
          expect(answers[1]!.body).toEqual(answers[0]!.body);
          expect(answers[2]!.body).toEqual(answers[0]!.body);
          expect(answers[0]!.body.creditsDeducted).toBe(3);
          // Three spends this round, on top of the rounds before.
          expect((await ledger(u.id, queued)).filter((m) => m.type === 'CreditsSpent')).toHaveLength(3 * (round + 1));
        }
      },
    );
  });

  describe('conflicting submits', () => {
    it(
      'answers two different requests for the same firms at once with one charge and one skip, never "Insufficient Credits" (a plan that lost the race is read again)',
      { timeout: 240_000 },
      async () => {
        const u = await founder(queued, 3);
        for (let round = 0; round < 6; round++) {
          if (round > 0) await topUp(u.id, 3);
          const send = () => submitTest(u.token, ROUND_FIRMS[round]!, {}, queued);
          const answers = await Promise.all([send(), send(), send()]);
          expect(
            answers.map((r) => r.status),
            `round ${round}: ${JSON.stringify(answers.map((r) => r.body))}`,
          ).toEqual([200, 200, 200]);
          const charged = answers.filter((r) => r.body.creditsDeducted > 0);
          expect(charged, `round ${round}`).toHaveLength(1);
          expect(charged[0]!.body.creditsDeducted).toBe(3);
          for (const other of answers.filter((r) => r !== charged[0])) {
            expect(other.body).toMatchObject({ creditsDeducted: 0, submissionIds: [] });
            expect(other.body.skipped.map((s: { reason: string }) => s.reason)).toEqual([
              'in_progress',
              'in_progress',
              'in_progress',
            ]);
          }
          expect(await balance(u.id, queued)).toBe(0);
        }
      },
    );
  });
});

describe('ownership', () => {
  it('lets only the owner see or act on a submission (others get 404)', async () => {
    const owner = await founder(app, 1);
    const other = await founder(app, 1);
    // A CAPTCHA firm: its run fails at once (the test app waits for no takeover).
    const r = await submitTest(owner.token, ['sentinel-capital']);
    const id = r.body.submissionIds[0];
    for (const [method, path] of [
      ['GET', `/api/submissions/${id}`],
      ['POST', `/api/submissions/${id}/stop`],
      ['POST', `/api/submissions/${id}/retry`],
      ['POST', `/api/submissions/${id}/fetch-live-url`],
    ] as const) {
      const res = await app.api(method, path, { token: other.token, body: method === 'POST' ? {} : undefined });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: 'Submission not found' });
    }
    expect((await app.api('GET', '/api/submissions', { token: other.token })).body.total).toBe(0);
    expect((await app.api('GET', '/api/submission-stats', { token: other.token })).body).toEqual({
      total: 0,
      completed: 0,
      processing: 0,
      failed: 0,
      stopped: 0,
      successRate: null,
    });
    const s = await waitForStatus(app, owner.token, id, TERMINAL);
    expect(s.status).toBe('failed');
    // A view link signed for someone else does not open this submission.
    const { signViewToken } = await import('../src/modules/submissions/tokens');
    const forged = signViewToken(app.ctx.config.authSecret, id, other.id, new Date());
    expect((await fetch(`${app.url}/live/${id}?token=${forged}`)).status).toBe(404);
    expect((await fetch(`${app.url}/live/${id}/screenshot?token=${forged}`)).status).toBe(404);
  });
});

describe('live view and stop', () => {
  it('shows the running browser live, and a stop ends it within 2 s, refunded because nothing was sent', async () => {
    const u = await founder(app, 1);
    const before = app.runtime.sandbox!.received('tortoise-capital').length;
    const r = await submitTest(u.token, ['tortoise-capital']);
    const id = r.body.submissionIds[0] as string;
    const liveUrl = await waitUntil('a live URL', async () => {
      const res = await app.api('POST', `/api/submissions/${id}/fetch-live-url`, { token: u.token, body: {} });
      expect(res.status).toBe(200);
      return res.body.success ? (res.body.liveUrl as string) : null;
    });
    expect(liveUrl).toMatch(new RegExp(`^/live/${id}\\?token=`));
    await waitUntil('the list to show the live URL', async () =>
      (await getSubmission(app, u.token, id)).liveUrl?.startsWith('/live/'),
    );

    const page = await fetch(app.url + liveUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Tortoise Capital');

    const streamUrl = app.url + liveUrl.replace('?', '/stream?');
    const live = await readEvents(
      streamUrl,
      (evs) => evs.some((e) => e.event === 'frame') && evs.some((e) => e.event === 'state'),
    );
    expect(live.find((e) => e.event === 'frame')!.data.length).toBeGreaterThan(1000);
    expect(JSON.parse(live.find((e) => e.event === 'state')!.data)).toMatchObject({ status: 'processing' });

    const ending = readEvents(streamUrl, (evs) =>
      evs.some((e) => e.event === 'state' && JSON.parse(e.data).status === 'stopped'),
    );
    const t0 = Date.now();
    const stop = await app.api('POST', `/api/submissions/${id}/stop`, { token: u.token, body: {} });
    const took = Date.now() - t0;
    expect(stop.status).toBe(200);
    expect(stop.body.submission).toMatchObject({
      id,
      status: 'stopped',
      submissionStatus: 'stopped',
      canStop: false,
      canRetry: true,
      liveUrl: null,
    });
    expect(took).toBeLessThan(2600);
    expect((await ending).some((e) => e.event === 'state' && JSON.parse(e.data).status === 'stopped')).toBe(true);
    expect((await app.api('POST', `/api/submissions/${id}/fetch-live-url`, { token: u.token, body: {} })).body).toEqual(
      { success: false, liveUrl: null },
    );
    expect((await app.api('POST', `/api/submissions/${id}/stop`, { token: u.token, body: {} })).status).toBe(409);

    const s = await waitUntil('the refund', async () => {
      const x = await getSubmission(app, u.token, id);
      return x.creditRefunded ? x : null;
    });
    expect(s.summary).toMatch(/Stopped/);
    expect(await balance(u.id)).toBe(1);
    expect(app.runtime.sandbox!.received('tortoise-capital').length).toBe(before);
  });

  it('stops a submission that has not started yet at once', async () => {
    const u = await founder(app, 1);
    const r = await submitTest(u.token, ['quill-ventures']);
    const id = r.body.submissionIds[0];
    const stop = await app.api('POST', `/api/submissions/${id}/stop`, { token: u.token, body: {} });
    expect(stop.status).toBe(200);
    expect(stop.body.submission.status).toBe('stopped');
    await waitUntil('the refund', async () => (await getSubmission(app, u.token, id)).creditRefunded);
    expect(await balance(u.id)).toBe(1);
  });
});

describe('retry', () => {
  it('retries a failed submission as a new attempt, charged again and refunded again when it fails again', async () => {
    const u = await founder(app, 1);
    const r = await submitTest(u.token, ['sentinel-capital']);
    const id = r.body.submissionIds[0] as string;
    await waitForStatus(app, u.token, id, ['failed']);
    await waitUntil('the refund', async () => (await getSubmission(app, u.token, id)).creditRefunded);
    expect(await balance(u.id)).toBe(1);

    const retry = await app.api('POST', `/api/submissions/${id}/retry`, { token: u.token, body: {} });
    expect(retry.status).toBe(200);
    expect(retry.body.submission).toMatchObject({
      id,
      attempt: 2,
      canRetry: false,
      error: null,
      creditRefunded: false,
    });
    expect(['pending', 'processing']).toContain(retry.body.submission.status);
    expect(await balance(u.id)).toBe(0);
    expect((await app.api('POST', `/api/submissions/${id}/retry`, { token: u.token, body: {} })).body).toEqual({
      error: 'Only a failed or stopped submission can be retried.',
    });

    const again = await waitForStatus(app, u.token, id, TERMINAL);
    expect(again).toMatchObject({ status: 'failed', attempt: 2 });
    expect(again.taskId).not.toBe(id);
    await waitUntil('the second refund', async () => (await getSubmission(app, u.token, id)).creditRefunded);
    expect(await balance(u.id)).toBe(1);
    const moves = (await ledger(u.id)).filter((m) => m.type !== 'CreditsGranted');
    expect(moves.map((m) => [m.type, m.reference])).toEqual([
      ['CreditsSpent', id],
      ['CreditsRefunded', id],
      ['CreditsSpent', again.taskId],
      ['CreditsRefunded', again.taskId],
    ]);
    // Still one row for the firm.
    expect((await app.api('GET', '/api/submissions', { token: u.token })).body.total).toBe(1);

    const broke = await founder(app, 0);
    const none = await app.api('POST', `/api/submissions/${id}/retry`, { token: broke.token, body: {} });
    expect(none.status).toBe(404);
  });
});
