import type { FormReview } from '@fp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import {
  COMPLETE_PROFILE,
  founder,
  getSubmission,
  TERMINAL,
  testFirmId,
  waitForStatus,
  waitUntil,
} from './submissions-helpers';

/**
 * The review before sending through the API: POST /api/submissions/review fills a test
 * firm's form without sending it and without charging, lists question → value → source and what it would
 * ask; the founder answers, reviews again, submits, and the firm receives exactly the reviewed values; the
 * submission's details carry the same sources. Real Postgres, real Chromium, the sandbox's elm-partners.
 */
const SITE = 'elm-partners';
// A hardware startup in Lagos: neither "Sector" nor "Region" offers anything but "Other" for it.
const HARDWARE_LAGOS = { ...COMPLETE_PROFILE, industry: 'Hardware', location: 'Lagos, Nigeria' };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const received = () => app.runtime.sandbox!.received(SITE);
const review = (token: string | undefined, body: unknown) =>
  app.api('POST', '/api/submissions/review', { token, body });

describe('POST /api/submissions/review', () => {
  it('reviews, asks, and the firm then receives exactly the reviewed values; no credit is charged for a review', async () => {
    const user = await founder(app, 3, HARDWARE_LAGOS);
    const before = received().length;

    const first = await review(user.token, { vcFirmId: testFirmId(SITE), test: true });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const r1 = first.body as FormReview;
    expect(r1).toMatchObject({ status: 'needs_answers', firm: { id: testFirmId(SITE) } });
    expect(r1.questions.map((q) => [q.question, q.options])).toEqual([
      ['Sector', ['Fintech', 'AI / ML', 'B2B Software', 'Consumer', 'Other']],
      ['Region', ['Europe', 'North America', 'Asia', 'Other']],
    ]);
    expect(r1.fields.map((f) => [f.question, f.value, f.sourceLabel])).toEqual([
      ['Full name', HARDWARE_LAGOS.founderName, 'Profile: founder name'],
      ['Email', HARDWARE_LAGOS.founderEmail, 'Profile: founder e-mail'],
      ['Company name', HARDWARE_LAGOS.companyName, 'Profile: company name'],
    ]);
    expect(received()).toHaveLength(before);
    expect(await app.services.credits.balance(user.id)).toBe(3);

    // The founder chooses "Other" for both (their approval), then reviews again.
    for (const question of ['Sector', 'Region']) {
      const a = await app.api('POST', '/api/answers', { token: user.token, body: { question, answer: 'Other' } });
      expect(a.status, JSON.stringify(a.body)).toBeLessThan(300);
    }
    const second = await review(user.token, { vcFirmId: testFirmId(SITE), test: true });
    const r2 = second.body as FormReview;
    expect(r2.status, r2.summary).toBe('ready');
    expect(r2.fields).toContainEqual(
      expect.objectContaining({ question: 'Sector', value: 'Other', source: 'answer:Sector', kind: 'answer' }),
    );
    expect(received()).toHaveLength(before);
    expect(await app.services.credits.balance(user.id)).toBe(3);

    const sent = await app.api('POST', '/api/submit-to-test-vcs', {
      token: user.token,
      body: { testVcIds: [testFirmId(SITE)] },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const done = await waitForStatus(
      app,
      user.token,
      sent.body.submissionIds[0],
      ['completed', 'failed', 'stopped'],
      120_000,
    );
    expect(done.status, done.summary ?? '').toBe('completed');
    const got = received();
    expect(got).toHaveLength(before + 1);
    // Every value that arrived is one the review listed, and every listed value arrived.
    const arrived = Object.values(got[before]!.fields).filter(Boolean).sort();
    expect(arrived).toEqual(r2.fields.map((f) => f.value).sort());
    // The details show the same question → value → source table for the sent run.
    expect(done.fieldsFilled.map((f) => [f.label, f.value, f.source])).toEqual(
      r2.fields.map((f) => [f.question, f.value, f.source]),
    );
  }, 300_000);

  it('checks the session, the body and the firm', async () => {
    expect(await review(undefined, { vcFirmId: testFirmId(SITE), test: true })).toMatchObject({
      status: 401,
      body: { error: 'User not authenticated' },
    });
    const user = await founder(app, 0);
    expect((await review(user.token, {})).status).toBe(400);
    expect((await review(user.token, { vcFirmId: testFirmId(SITE), test: 'yes' })).status).toBe(400);
    expect(await review(user.token, { vcFirmId: 'test_vc_nobody', test: true })).toMatchObject({
      status: 404,
      body: { error: 'VC firm not found' },
    });
  });
});

describe('"Other" only with the founder\'s approval', () => {
  it('a run whose choices match nothing asks through "Needs your answers" with the options; the founder\'s "Other" is what arrives', async () => {
    const user = await founder(app, 2, HARDWARE_LAGOS);
    const before = received().length;
    const sent = await app.api('POST', '/api/submit-to-test-vcs', {
      token: user.token,
      body: { testVcIds: [testFirmId(SITE)] },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = sent.body.submissionIds[0] as string;
    await waitUntil(
      `submission ${id} to wait for answers`,
      async () => {
        const s = await getSubmission(app, user.token, id);
        if (TERMINAL.includes(s.status)) throw new Error(`ended ${s.status} instead of pausing: ${s.summary}`);
        return s.submissionStatus === 'waiting_for_input' ? s : null;
      },
      120_000,
      200,
    );
    const asked = await app.api('GET', `/api/submissions/${id}/questions`, { token: user.token });
    expect(
      asked.body.questions.map((q: { question: string; options: string[] | null }) => [q.question, q.options]),
    ).toEqual([
      ['Sector', ['Fintech', 'AI / ML', 'B2B Software', 'Consumer', 'Other']],
      ['Region', ['Europe', 'North America', 'Asia', 'Other']],
    ]);
    expect(received()).toHaveLength(before);

    const answered = await app.api('POST', `/api/submissions/${id}/answers`, {
      token: user.token,
      body: {
        answers: [
          { question: 'Sector', answer: 'Other' },
          { question: 'Region', answer: 'Other' },
        ],
      },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const done = await waitForStatus(app, user.token, id, TERMINAL, 120_000);
    expect(done.status, done.summary ?? '').toBe('completed');
    expect(received()[before]!.fields).toMatchObject({ sector: 'Other', region: 'Other' });
  }, 300_000);
});
