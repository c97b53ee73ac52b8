import { submissionStream, type Submission } from '@fp/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/runtime';
import { startTestApp, type TestApp } from '../src/testing/app';
import {
  COMPLETE_PROFILE,
  founder,
  getSubmission,
  testFirmId,
  waitUntil,
  waitForStatus,
  TERMINAL,
} from './submissions-helpers';
import { awaitMail } from './support/mailbox';

/**
 * Answers the founder approves: the answer library, a run that pauses for a custom
 * question ("Needs your answers"), the founder's answer arriving in the form, drafts from a language
 * model never sent unapproved, the wait's expiry (stopped, refunded), a restart while paused, and
 * another founder's 404. Real Postgres, real Chromium, the sandbox's bramble-ventures site.
 */

const DRAFT_MARK = 'GENERATED-DRAFT';
const SITE = 'bramble-ventures';

/** A stand-in for an OpenAI-compatible endpoint (LLM_URL): drafts marked so they are easy to find if they leak. */
async function startFakeModel(): Promise<{ url: string; drafts: number; close(): Promise<void> }> {
  const srv: FastifyInstance = Fastify();
  const state = { drafts: 0 };
  srv.post('/v1/chat/completions', async (req) => {
    const body = req.body as { messages: { role: string; content: string }[] };
    const system = body.messages[0]?.content ?? '';
    let content = 'The run was analysed by the fake model.';
    if (system.includes('You draft an answer')) {
      state.drafts++;
      const asked = JSON.parse(body.messages[1]!.content) as { options: string[] | null };
      content = asked.options ? asked.options[0]! : `${DRAFT_MARK}: the market is ready now.`;
    }
    return { choices: [{ message: { role: 'assistant', content } }] };
  });
  await srv.listen({ port: 0, host: '127.0.0.1' });
  const port = (srv.server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    get drafts() {
      return state.drafts;
    },
    close: () => srv.close(),
  };
}

const received = (app: TestApp) => app.runtime.sandbox!.received(SITE);
const balance = (app: TestApp, userId: string) => app.services.credits.balance(userId);

async function submitBramble(app: TestApp, token: string): Promise<string> {
  const r = await app.api('POST', '/api/submit-to-test-vcs', { token, body: { testVcIds: [testFirmId(SITE)] } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.submissionIds[0];
}

const waitForPause = (app: TestApp, token: string, id: string) =>
  waitUntil(
    `submission ${id} to wait for answers`,
    async () => {
      const s = await getSubmission(app, token, id);
      if (TERMINAL.includes(s.status)) throw new Error(`ended ${s.status} instead of pausing: ${s.summary}`);
      return s.submissionStatus === 'waiting_for_input' ? s : null;
    },
    120_000,
    200,
  );

describe('answers the founder approves', () => {
  let app: TestApp;
  let model: Awaited<ReturnType<typeof startFakeModel>>;

  beforeAll(async () => {
    model = await startFakeModel();
    app = await startTestApp({ config: { llmUrl: model.url } });
  });
  afterAll(async () => {
    await app?.close();
    await model?.close();
  });

  it('keeps an answer library per founder: the profile prefills it, answers are saved, edited and deleted; another founder gets 404', async () => {
    const u = await founder(app, 0);
    const other = await founder(app, 0);
    const first = await app.api('GET', '/api/answers', { token: u.token });
    expect(first.status).toBe(200);
    // The profile's long fields, as questions, read-only here.
    expect(first.body.answers).toContainEqual(
      expect.objectContaining({
        id: 'profile:problem',
        question: 'What problem are you solving?',
        answer: COMPLETE_PROFILE.problem,
        source: 'profile',
      }),
    );
    expect(first.body.answers).toContainEqual(
      expect.objectContaining({ id: 'profile:revenue', question: 'What traction do you have?', answer: 'Pre-revenue' }),
    );

    const saved = await app.api('POST', '/api/answers', {
      token: u.token,
      body: { question: '  Why now? ', answer: 'Rules changed this year.' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.answer).toMatchObject({
      question: 'Why now?',
      answer: 'Rules changed this year.',
      source: 'saved',
    });
    const id = saved.body.answer.id as string;
    // The same question again updates it (one answer per question).
    const again = await app.api('POST', '/api/answers', {
      token: u.token,
      body: { question: 'why now', answer: 'Rules changed in 2026.' },
    });
    expect(again.body.answer).toMatchObject({ id, answer: 'Rules changed in 2026.' });
    // The founder's own answer to a profile question replaces the profile's in the list.
    await app.api('POST', '/api/answers', {
      token: u.token,
      body: { question: 'What traction do you have?', answer: 'Three pilots signed.' },
    });
    const list = (await app.api('GET', '/api/answers', { token: u.token })).body.answers as {
      id: string;
      question: string;
      answer: string;
    }[];
    expect(list.filter((a) => a.question === 'What traction do you have?').map((a) => a.answer)).toEqual([
      'Three pilots signed.',
    ]);

    expect(
      (await app.api('PATCH', `/api/answers/${id}`, { token: u.token, body: { answer: 'Edited.' } })).body.answer,
    ).toMatchObject({ id, answer: 'Edited.' });
    // Bad input: 400 with the message; unknown fields refused.
    expect(
      await app.api('POST', '/api/answers', { token: u.token, body: { question: '', answer: 'x' } }),
    ).toMatchObject({ status: 400, body: { error: expect.stringContaining('question is required') } });
    expect(
      (await app.api('POST', '/api/answers', { token: u.token, body: { question: 'Q?', answer: 'x', extra: 1 } }))
        .status,
    ).toBe(400);
    expect((await app.api('PATCH', `/api/answers/${id}`, { token: u.token, body: {} })).status).toBe(400);
    expect(
      (await app.api('PATCH', '/api/answers/profile:problem', { token: u.token, body: { answer: 'x' } })).status,
    ).toBe(409);

    // Another founder: not theirs, 404; their list does not show it.
    expect(
      await app.api('PATCH', `/api/answers/${id}`, { token: other.token, body: { answer: 'Mine now' } }),
    ).toMatchObject({ status: 404, body: { error: 'Answer not found' } });
    expect((await app.api('DELETE', `/api/answers/${id}`, { token: other.token })).status).toBe(404);
    expect(
      ((await app.api('GET', '/api/answers', { token: other.token })).body.answers as { question: string }[]).some(
        (a) => a.question === 'Why now?',
      ),
    ).toBe(false);
    expect((await app.api('GET', '/api/answers')).status).toBe(401);

    expect((await app.api('DELETE', `/api/answers/${id}`, { token: u.token })).body).toEqual({ success: true });
    expect((await app.api('DELETE', `/api/answers/${id}`, { token: u.token })).status).toBe(404);
  });

  it('pauses for a custom question, sends nothing (drafts included) until the founder answers, then completes with exactly their answers', async () => {
    const u = await founder(app, 1);
    const other = await founder(app, 0);
    const before = received(app).length;
    const id = await submitBramble(app, u.token);
    const paused = await waitForPause(app, u.token, id);
    expect(paused).toMatchObject({
      status: 'processing',
      submissionStatus: 'waiting_for_input',
      canStop: true,
      canRetry: false,
      creditRefunded: false,
    });
    expect(new Date(paused.inputDeadline!).getTime()).toBeGreaterThan(Date.now() + 71 * 3_600_000);
    expect(received(app)).toHaveLength(before);

    // The questions, with the model's drafts marked as drafts (LLM_URL is set here).
    const q = await app.api('GET', `/api/submissions/${id}/questions`, { token: u.token });
    expect(q.status).toBe(200);
    expect(q.body.questions).toEqual([
      {
        question: 'Why now?',
        required: true,
        options: null,
        draft: `${DRAFT_MARK}: the market is ready now.`,
        suggestion: null,
      },
      {
        question: 'Which track are you applying for?',
        required: true,
        options: ['Residency programme', 'Direct investment'],
        draft: 'Residency programme',
        suggestion: null,
      },
    ]);
    expect(model.drafts).toBeGreaterThanOrEqual(2);

    // The founder is told by e-mail, with the questions.
    const mail = await awaitMail(app, u.email, /Needs your answers: Bramble Ventures/);
    expect(mail.text).toContain('Why now?');
    expect(mail.text).toContain('Nothing has been sent');

    // Another founder cannot see or answer it.
    expect((await app.api('GET', `/api/submissions/${id}/questions`, { token: other.token })).status).toBe(404);
    expect(
      (
        await app.api('POST', `/api/submissions/${id}/answers`, {
          token: other.token,
          body: { answers: [{ question: 'Why now?', answer: 'x' }] },
        })
      ).status,
    ).toBe(404);

    // Incomplete or invalid answers are refused, and save nothing to the library.
    const missing = await app.api('POST', `/api/submissions/${id}/answers`, {
      token: u.token,
      body: { answers: [{ question: 'Why now?', answer: 'Because.' }] },
    });
    expect(missing).toMatchObject({
      status: 400,
      body: { error: 'Answer every required question: "Which track are you applying for?".' },
    });
    const notOption = await app.api('POST', `/api/submissions/${id}/answers`, {
      token: u.token,
      body: {
        answers: [
          { question: 'Why now?', answer: 'Because.' },
          { question: 'Which track are you applying for?', answer: 'Fast track' },
        ],
      },
    });
    expect(notOption.status).toBe(400);
    expect(
      ((await app.api('GET', '/api/answers', { token: u.token })).body.answers as { question: string }[]).some(
        (a) => a.question === 'Why now?',
      ),
    ).toBe(false);

    // Time passes with the run paused: the site still has nothing.
    expect(received(app)).toHaveLength(before);

    // The founder writes one answer and approves the draft option for the other.
    const whyNow = 'E-invoicing becomes mandatory across the EU in 2026.';
    const ok = await app.api('POST', `/api/submissions/${id}/answers`, {
      token: u.token,
      body: {
        answers: [
          { question: 'Why now?', answer: whyNow },
          { question: 'Which track are you applying for?', answer: 'Residency programme' },
        ],
      },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.submission.submissionStatus).not.toBe('waiting_for_input');
    const done = await waitForStatus(app, u.token, id, TERMINAL, 120_000);
    expect(done.status, done.summary ?? '').toBe('completed');

    const got = received(app).slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.fields).toMatchObject({
      why_now: whyNow,
      track: 'Residency programme',
      traction: 'Pre-revenue',
      email: COMPLETE_PROFILE.founderEmail,
    });
    // Nothing generated ever went out.
    for (const s of received(app)) for (const v of Object.values(s.fields)) expect(v).not.toContain(DRAFT_MARK);
    // The answers are in the library now, for the next form.
    const lib = (await app.api('GET', '/api/answers', { token: u.token })).body.answers as {
      question: string;
      answer: string;
    }[];
    expect(lib).toContainEqual(expect.objectContaining({ question: 'Why now?', answer: whyNow }));
    // Paused, answered, resumed: one attempt, one credit, as events.
    const types = (await app.ctx.store.readStream(submissionStream(id))).events
      .map((e) => e.type)
      .filter((t) => t !== 'SubmissionLiveViewOpened');
    expect(types).toEqual([
      'SubmissionRequested',
      'SubmissionStarted',
      'SubmissionInputRequested',
      'SubmissionInputGiven',
      'SubmissionStarted',
      'SubmissionFormFilled',
      'SubmissionCompleted',
    ]);
    expect(done.attempt).toBe(1);
    expect(await balance(app, u.id)).toBe(0);
  });

  it('a saved answer to the question by other words is used without a pause', async () => {
    const u = await founder(app, 1);
    await app.api('POST', '/api/answers', {
      token: u.token,
      body: { question: 'Why is now the right time?', answer: 'Regulation changed.' },
    });
    await app.api('POST', '/api/answers', {
      token: u.token,
      body: { question: 'Which track are you applying for?', answer: 'Direct investment' },
    });
    const before = received(app).length;
    const id = await submitBramble(app, u.token);
    const done = await waitForStatus(app, u.token, id, TERMINAL, 120_000);
    expect(done.status, done.summary ?? '').toBe('completed');
    expect(received(app).slice(before)[0]!.fields).toMatchObject({
      why_now: 'Regulation changed.',
      track: 'Direct investment',
    });
  });

  it('Stop on a paused run ends it stopped and refunded, with nothing sent', async () => {
    const u = await founder(app, 1);
    const before = received(app).length;
    const id = await submitBramble(app, u.token);
    await waitForPause(app, u.token, id);
    const r = await app.api('POST', `/api/submissions/${id}/stop`, { token: u.token });
    expect(r.status).toBe(200);
    const s = await waitForStatus(app, u.token, id, TERMINAL);
    expect(s).toMatchObject({ status: 'stopped', creditRefunded: true, inputDeadline: null });
    // The submission's row and the balance are two projections: the refund may reach one first.
    await waitUntil('the refund in the balance', async () => (await balance(app, u.id)) === 1, 10_000);
    expect(received(app)).toHaveLength(before);
    expect(
      (
        await app.api('POST', `/api/submissions/${id}/answers`, {
          token: u.token,
          body: { answers: [{ question: 'Why now?', answer: 'x' }] },
        })
      ).status,
    ).toBe(409);
  });
});

describe('a paused run survives a restart', () => {
  let app: TestApp;
  let second: Runtime | null = null;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await second?.stop();
    await app?.db.drop();
  });

  it('is still waiting after the server restarts, and completes once answered', async () => {
    const u = await founder(app, 1);
    const id = await submitBramble(app, u.token);
    await waitForPause(app, u.token, id);
    await app.runtime.stop();

    second = await createRuntime({ config: app.ctx.config, role: 'all', databaseUrl: app.db.url, log: () => {} });
    const url = second.url!.replace('localhost', '127.0.0.1');
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${u.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: await res.json() };
    };
    const after = await call('GET', `/api/submissions/${id}`);
    expect(after.body).toMatchObject({ status: 'processing', submissionStatus: 'waiting_for_input' });
    expect(
      (await call('GET', `/api/submissions/${id}/questions`)).body.questions.map(
        (q: { question: string }) => q.question,
      ),
    ).toEqual(['Why now?', 'Which track are you applying for?']);
    const ok = await call('POST', `/api/submissions/${id}/answers`, {
      answers: [
        { question: 'Why now?', answer: 'Restarted, still true.' },
        { question: 'Which track are you applying for?', answer: 'Direct investment' },
      ],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const done = await waitUntil(
      'the resumed run to end',
      async () => {
        const s = (await call('GET', `/api/submissions/${id}`)).body as Submission;
        return TERMINAL.includes(s.status) ? s : null;
      },
      120_000,
      200,
    );
    expect(done.status, done.summary ?? '').toBe('completed');
    const got = second.sandbox!.received(SITE);
    expect(got).toHaveLength(1);
    expect(got[0]!.fields).toMatchObject({ why_now: 'Restarted, still true.', track: 'Direct investment' });
  });
});

describe('a paused run nobody answers', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Two seconds instead of 72 hours: the same rule, measured in seconds.
    app = await startTestApp({ config: { inputWaitHours: 2 / 3600 } });
  });
  afterAll(async () => app?.close());

  it('ends stopped after INPUT_WAIT_HOURS and is refunded; nothing was sent', async () => {
    const u = await founder(app, 1);
    const id = await submitBramble(app, u.token);
    const ended = await waitForStatus(app, u.token, id, TERMINAL, 120_000);
    expect(ended).toMatchObject({ status: 'stopped', submissionStatus: 'stopped', canRetry: true });
    // The refund is the next event after the stop (a separate command): seen a moment later.
    const s = await waitUntil(
      'the refund on the submission',
      async () => {
        const now = await getSubmission(app, u.token, id);
        return now.creditRefunded ? now : null;
      },
      10_000,
    );
    expect(s).toMatchObject({ status: 'stopped', submissionStatus: 'stopped', creditRefunded: true, canRetry: true });
    expect(s.summary).toMatch(/No answers arrived within/);
    await waitUntil('the refund in the balance', async () => (await balance(app, u.id)) === 1, 10_000);
    expect(received(app)).toHaveLength(0);
    const types = (await app.ctx.store.readStream(submissionStream(id))).events
      .map((e) => e.type)
      .filter((t) => t !== 'SubmissionLiveViewOpened');
    expect(types).toEqual([
      'SubmissionRequested',
      'SubmissionStarted',
      'SubmissionInputRequested',
      'SubmissionStopped',
      'SubmissionCreditRefunded',
    ]);
  });
});
