// Issue 23, items 5, 6 and 9 end to end on real Postgres, the embedded engine and Chromium against the
// sandbox firms: the founder's standing choices (Settings → Applications) through their route, read by
// every run; a required agreement asks by default and the founder's yes ticks it; allowed, it is ticked
// by the setting; opt-ins follow the setting; the default message goes exactly into a message field and
// nowhere else; a firm whose registered form requires a file is skipped uncharged when there is no deck.
import { samplePdf } from '@fp/workflows/sandbox';
import type { Submission } from '@fp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { founder, getSubmission, TERMINAL, testFirmId, waitForStatus, waitUntil } from './submissions-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const PRIVACY = 'I agree to the privacy policy';
const received = (slug: string) => app.runtime.sandbox!.received(slug);

async function submit(token: string, slug: string) {
  const r = await app.api('POST', '/api/submit-to-test-vcs', { token, body: { testVcIds: [testFirmId(slug)] } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as {
    creditsDeducted: number;
    submissionIds: string[];
    skipped: { vcId: string; reason: string; message: string }[];
  };
}

const waitForPause = (token: string, id: string) =>
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

describe('standing choices: the route', () => {
  it('starts at never opt in, never accept terms, no default message, with a template suggestion from the profile', async () => {
    const u = await founder(app, 0, undefined, null);
    const r = await app.api('GET', '/api/settings/choices', { token: u.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ optIns: 'no', acceptTerms: false, defaultMessage: null });
    expect(r.body.suggestion).toMatch(/^Hi, I'm .+, founder of .+\./);
  });

  it('saves a change, answers it, keeps it per founder, and refuses bad input and visitors', async () => {
    const u = await founder(app, 0, undefined, null);
    const other = await founder(app, 0, undefined, null);
    const put = await app.api('PUT', '/api/settings/choices', {
      token: u.token,
      body: { optIns: 'ask', defaultMessage: '  Dear partners  ' },
    });
    expect(put).toMatchObject({
      status: 200,
      body: { optIns: 'ask', acceptTerms: false, defaultMessage: 'Dear partners' },
    });
    expect((await app.api('GET', '/api/settings/choices', { token: u.token })).body).toMatchObject({
      optIns: 'ask',
      defaultMessage: 'Dear partners',
    });
    expect((await app.api('GET', '/api/settings/choices', { token: other.token })).body).toMatchObject({
      optIns: 'no',
      acceptTerms: false,
      defaultMessage: null,
    });
    expect(await app.api('PUT', '/api/settings/choices', { token: u.token, body: { optIns: 'maybe' } })).toMatchObject({
      status: 400,
      body: { error: 'optIns must be one of ask, yes, no' },
    });
    expect(await app.api('PUT', '/api/settings/choices', { token: u.token, body: {} })).toMatchObject({
      status: 400,
      body: { error: 'Give a choice to change' },
    });
    expect(
      (await app.api('PUT', '/api/settings/choices', { token: u.token, body: { acceptTerms: 'yes' } })).status,
    ).toBe(400);
    expect(
      (await app.api('PUT', '/api/settings/choices', { token: u.token, body: { acceptTerms: true, extra: 1 } })).status,
    ).toBe(400);
    expect(
      (await app.api('PUT', '/api/settings/choices', { token: u.token, body: { defaultMessage: 'x'.repeat(3001) } }))
        .body.error,
    ).toBe('defaultMessage must be at most 3,000 characters');
    expect(await app.api('GET', '/api/settings/choices')).toMatchObject({
      status: 401,
      body: { error: 'User not authenticated' },
    });
    expect((await app.api('PUT', '/api/settings/choices', { body: { acceptTerms: true } })).status).toBe(401);
    // Nothing refused was written.
    expect((await app.api('GET', '/api/settings/choices', { token: u.token })).body).toMatchObject({
      optIns: 'ask',
      acceptTerms: false,
      defaultMessage: 'Dear partners',
    });
  });
});

describe('standing choices reach every run (granite-growth: a required privacy box, an optional newsletter box)', () => {
  it("by default the run asks about the required agreement (its caption), and the founder's yes ticks it; the newsletter stays unticked", async () => {
    const u = await founder(app, 1, undefined, null);
    const before = received('granite-growth').length;
    const {
      submissionIds: [id],
    } = await submit(u.token, 'granite-growth');
    const paused = await waitForPause(u.token, id!);
    expect(received('granite-growth')).toHaveLength(before);
    const q = await app.api('GET', `/api/submissions/${id}/questions`, { token: u.token });
    expect(q.body.questions).toEqual([
      expect.objectContaining({ question: expect.stringContaining(PRIVACY), required: true }),
    ]);
    expect(paused.fieldsFilled.some((f) => f.label.includes(PRIVACY))).toBe(false);
    const question = q.body.questions[0].question as string;
    const answered = await app.api('POST', `/api/submissions/${id}/answers`, {
      token: u.token,
      body: { answers: [{ question, answer: 'Yes' }] },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const done = (await waitForStatus(app, u.token, id!, TERMINAL, 120_000)) as Submission;
    expect(done.status, done.summary ?? '').toBe('completed');
    const f = received('granite-growth').slice(before);
    expect(f).toHaveLength(1);
    expect(f[0]!.fields.privacy).toBe('yes');
    expect(f[0]!.fields.newsletter ?? '').toBe('');
    // The submission's record (and so its proof) names the box, its text and why it was ticked.
    expect(done.fieldsFilled).toContainEqual(
      expect.objectContaining({ label: expect.stringContaining(PRIVACY), source: `answer:${question}` }),
    );
    expect(done.fieldsFilled.some((x) => x.label.includes('newsletter'))).toBe(false);
  }, 300_000);

  it('with terms acceptance allowed and opt-ins "Always yes", both boxes are ticked by the settings and the record says so', async () => {
    const u = await founder(app, 1, undefined, { acceptTerms: true, optIns: 'yes' });
    const before = received('granite-growth').length;
    const {
      submissionIds: [id],
    } = await submit(u.token, 'granite-growth');
    const done = (await waitForStatus(app, u.token, id!, TERMINAL, 120_000)) as Submission;
    expect(done.status, done.summary ?? '').toBe('completed');
    expect(received('granite-growth').slice(before)[0]!.fields).toMatchObject({ privacy: 'yes', newsletter: 'yes' });
    expect(done.fieldsFilled).toContainEqual(
      expect.objectContaining({ label: expect.stringContaining(PRIVACY), source: 'setting:accept-terms' }),
    );
    expect(done.fieldsFilled).toContainEqual(
      expect.objectContaining({ label: 'Subscribe to our quarterly newsletter', source: 'setting:opt-ins' }),
    );
  }, 300_000);

  it('with terms allowed and opt-ins "Ask me", the optional newsletter stays unticked', async () => {
    const u = await founder(app, 1, undefined, { acceptTerms: true, optIns: 'ask' });
    const before = received('granite-growth').length;
    const {
      submissionIds: [id],
    } = await submit(u.token, 'granite-growth');
    const done = (await waitForStatus(app, u.token, id!, TERMINAL, 120_000)) as Submission;
    expect(done.status, done.summary ?? '').toBe('completed');
    const fields = received('granite-growth').slice(before)[0]!.fields;
    expect(fields.privacy).toBe('yes');
    expect(fields.newsletter ?? '').toBe('');
  }, 300_000);
});

describe('the default message through a run (larch-capital)', () => {
  it('arrives exactly in "Your message to the team"; "Additional comments" stays empty', async () => {
    const message = 'Dear Larch team, we would value 20 minutes to show you our product. — Ada';
    const u = await founder(app, 1, undefined, { defaultMessage: message });
    // The founder's own answers to the questions this form needs and the profile cannot answer exactly.
    for (const [question, answer] of [
      ['Founding date', '2023-12-03'],
      ['Team size', '12'],
      ['Industry', 'B2B Software'],
      ['Region', 'Europe'],
    ]) {
      expect((await app.api('POST', '/api/answers', { token: u.token, body: { question, answer } })).status).toBe(201);
    }
    const before = received('larch-capital').length;
    const {
      submissionIds: [id],
    } = await submit(u.token, 'larch-capital');
    const done = (await waitForStatus(app, u.token, id!, TERMINAL, 120_000)) as Submission;
    expect(done.status, done.summary ?? '').toBe('completed');
    const fields = received('larch-capital').slice(before)[0]!.fields;
    expect(fields.message).toBe(message);
    expect(fields.comments ?? '').toBe('');
    expect(fields.anything_else ?? '').toBe('');
    expect(done.fieldsFilled).toContainEqual(
      expect.objectContaining({ label: 'Your message to the team', value: message, source: 'setting:default-message' }),
    );
  }, 300_000);
});

describe('known before charging: forge-ventures requires a PDF upload', () => {
  it('is skipped without a charge while the founder has no deck, and applied to once they uploaded one', async () => {
    const u = await founder(app, 2);
    // The registry checks the firm's site (a real visit in Chromium) and records the required file.
    const started = await app.services.catalog.forms.discover(
      { collection: 'test', firmId: testFirmId('forge-ventures') },
      { now: new Date(), actor: 'test' },
    );
    await waitUntil(
      'the registry to check forge-ventures',
      async () => ((await app.services.catalog.forms.run(started.runId!))?.checked ?? 0) >= 1,
      180_000,
    );
    const entry = (await app.services.catalog.forms.entries('test', [testFirmId('forge-ventures')])).get(
      testFirmId('forge-ventures'),
    );
    expect(entry?.blockers).toContain('file_upload_required');

    const before = received('forge-ventures').length;
    const r = await submit(u.token, 'forge-ventures');
    expect(r).toEqual({
      creditsDeducted: 0,
      submissionIds: [],
      skipped: [
        {
          vcId: testFirmId('forge-ventures'),
          reason: 'deck_required',
          message: expect.stringContaining('upload your deck as a PDF in Settings'),
        },
      ],
    });
    expect(await app.services.credits.balance(u.id)).toBe(2);
    expect((await app.api('GET', '/api/submissions', { token: u.token })).body.submissions).toEqual([]);

    await app.services.profile.uploadPitchDeck(u.id, 'deck.pdf', samplePdf('Forge deck'), {
      now: new Date(),
      actor: u.id,
    });
    await app.ctx.projections.waitFor(undefined, 60_000);
    const again = await submit(u.token, 'forge-ventures');
    expect(again.creditsDeducted).toBe(1);
    expect(again.skipped).toEqual([]);
    const done = (await waitForStatus(app, u.token, again.submissionIds[0]!, TERMINAL, 120_000)) as Submission;
    expect(done.status, done.summary ?? '').toBe('completed');
    expect(received('forge-ventures').slice(before)).toHaveLength(1);
  }, 400_000);
});
