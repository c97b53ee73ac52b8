// Form shapes the team did not build the automation against, each a sandbox firm that records what it receives:
// controls that refuse some of the founder's values, a one-question-at-a-time flow whose choices go on only with
// "OK ✓", a single-page app that refuses the submission by a message, and a slow confirmation.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyToFirm,
  launchBrowser,
  reviewForm,
  type ApplyOptions,
  type FounderAnswer,
  type StartupProfile,
} from '../src/automation';
import { samplePdf, startSandbox, type Sandbox } from '../src/sandbox';
import { createHash } from 'node:crypto';
import type { DocumentFile } from '../src/automation';
import { TEST_PROFILE } from './fixtures/profile';

let sandbox: Sandbox;
let browser: Browser;

beforeAll(async () => {
  [sandbox, browser] = await Promise.all([startSandbox(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

const P: StartupProfile = TEST_PROFILE;

/** Nothing arrives that no row of the review supplied. */
function expectOnlyReviewed(rv: { fields: { value: string }[] }, received: Record<string, string>) {
  const reviewed = new Set(rv.fields.map((f) => f.value));
  for (const [name, value] of Object.entries(received))
    if (value) expect(reviewed.has(value), `"${name}" = ${JSON.stringify(value)} arrived unreviewed`).toBe(true);
}
const url = (slug: string, path = '') => `${sandbox.url}/${slug}/${path}`;
const apply = (slug: string, o: Partial<ApplyOptions> = {}) =>
  applyToFirm({ url: url(slug), profile: P, browser, allowPrivate: true, ...o });

describe('reed-grants: each value fitted to what its control accepts, or said why not', () => {
  const PHONE = '577-134-7975x831';
  const given: FounderAnswer[] = [
    { question: 'Phone', answer: PHONE },
    { question: 'Office phone (digits only)', answer: PHONE },
    { question: 'GPA', answer: '3.19' },
    { question: 'Years of experience', answer: '2.5' },
    { question: 'Tagline', answer: 'Grants for every founder, everywhere' },
  ];

  it('the review lists every field: filled (a phone with an extension, a decimal), asked, or not sent and why', async () => {
    const rv = await reviewForm(
      { url: url('reed-grants'), profile: P, answers: given, browser, allowPrivate: true },
      { id: 'reed-grants', name: 'Reed Grants', website: null },
    );
    expect(rv.status, rv.summary).toBe('needs_answers');
    const filled = Object.fromEntries(rv.fields.map((f) => [f.question, f.value]));
    expect(filled).toEqual({
      'Full name': P.founderName,
      Email: P.founderEmail,
      Company: P.companyName,
      Phone: PHONE,
      GPA: '3.19',
    });
    // 2.5 years is no whole number: a required field the founder is asked again
    expect(rv.questions).toEqual([{ question: 'Years of experience', required: true, options: null }]);
    // optional fields whose given value the control refuses: not sent, each with its reason
    expect(rv.notSent.map((n) => n.question)).toEqual(['Office phone (digits only)', 'Tagline']);
    expect(rv.notSent[0].reason).toMatch(/pattern|format/i);
    expect(rv.notSent[1].reason).toMatch(/20 characters/);
    expect(sandbox.received('reed-grants')).toHaveLength(0);
  });

  it('the run sends what fits, lists what it could not send, and never says completed silently', async () => {
    const answers = given.map((a) => (a.question === 'Years of experience' ? { ...a, answer: '3' } : a));
    const rv = await reviewForm(
      { url: url('reed-grants'), profile: P, answers, browser, allowPrivate: true },
      { id: 'reed-grants', name: 'Reed Grants', website: null },
    );
    expect(rv.status, rv.summary).toBe('ready');
    const r = await apply('reed-grants', { answers });
    expect(r.status, r.summary).toBe('completed');
    const got = sandbox.received('reed-grants');
    expect(got).toHaveLength(1);
    expect(got[0].fields).toEqual({
      name: P.founderName,
      email: P.founderEmail,
      company: P.companyName,
      phone: PHONE,
      officePhone: '',
      gpa: '3.19',
      years: '3',
      tagline: '',
    });
    expectOnlyReviewed(rv, got[0].fields);
    expect(r.notSent?.map((n) => n.question)).toEqual(['Office phone (digits only)', 'Tagline']);
    expect(r.summary).toMatch(/Not sent: "Office phone \(digits only\)"/);
  });
});

describe('fern-ventures: one question at a time, choices that go on only with "OK ✓" or Enter', () => {
  it('picks letter-key buttons, role=radio cards and a listbox option, and the firm receives exactly them', async () => {
    const r = await apply('fern-ventures');
    expect(r.status, r.summary).toBe('completed');
    const got = sandbox.received('fern-ventures');
    expect(got).toHaveLength(1);
    expect(got[0].fields).toEqual({
      company: P.companyName,
      sector: 'AI / Machine Learning',
      stage: 'Seed',
      region: 'Europe',
      email: P.founderEmail,
    });
    // the proof shows the option's words, not its letter key ("B Seed")
    expect(r.fieldsFilled).toContainEqual(
      expect.objectContaining({ label: 'What stage is the company at?', value: 'Seed', source: 'profile:stage' }),
    );
  });
});

describe('cobalt-spa: a refusal by message turns the fields it names into questions', () => {
  it('asks the founder what "All fields except website are required" means, instead of "no confirmation"', async () => {
    const r = await apply('cobalt-spa');
    expect(r.status, r.summary).toBe('waiting_for_input');
    expect(r.unansweredQuestions).toEqual([
      { question: 'Why are you raising now?', required: true, options: null },
      { question: 'How did you hear about us?', required: true, options: null },
    ]);
    expect(sandbox.received('cobalt-spa')).toHaveLength(0);
  });

  it('sends once the founder answered them', async () => {
    const answers = [
      { question: 'Why are you raising now?', answer: 'Three banks signed pilots this quarter.' },
      { question: 'How did you hear about us?', answer: 'A portfolio founder' },
    ];
    const r = await apply('cobalt-spa', { answers });
    expect(r.status, r.summary).toBe('completed');
    expect(sandbox.received('cobalt-spa')).toEqual([
      expect.objectContaining({
        accepted: true,
        fields: {
          name: P.founderName,
          email: P.founderEmail,
          company: P.companyName,
          website: P.website,
          whyNow: answers[0].answer,
          heard: answers[1].answer,
        },
      }),
    ]);
  });
});

describe('slate-capital: the confirmation wait adapts to a busy page', () => {
  // The test knob: a short quiet wait, so only the adaptive part can see the slow confirmation through.
  const timeouts = { verifyMs: 1500, verifyMaxMs: 20_000 };

  it('keeps waiting while the request is in flight and the form is busy, then sees the confirmation', async () => {
    const r = await apply('slate-capital', { timeouts });
    expect(r.status, r.summary).toBe('completed');
    expect(r.confirmationText).toMatch(/Application received/);
    expect(sandbox.received('slate-capital')).toHaveLength(1);
  });

  it('says "sent, confirmation not seen" when the firm accepted the application and showed nothing', async () => {
    const before = sandbox.received('slate-capital').length;
    const r = await applyToFirm({
      url: url('slate-capital', 'quiet'),
      profile: P,
      browser,
      allowPrivate: true,
      timeouts,
    });
    expect(r.status, r.summary).toBe('completed');
    expect(r.confirmationText).toBeNull();
    expect(r.summary).toMatch(/Sent, confirmation not seen/);
    expect(r.sentRequest).toMatchObject({ method: 'POST', status: 200 });
    expect(sandbox.received('slate-capital')).toHaveLength(before + 1);
  });
});

describe("thistle-capital: each upload gets only the founder's document of its kind", () => {
  const deck = { fileName: 'lumibyte-deck.pdf', bytes: samplePdf() };
  const cv: DocumentFile = { kind: 'cv', fileName: 'ada-lovelace-cv.pdf', bytes: samplePdf('Ada Lovelace — CV') };
  const model: DocumentFile = {
    kind: 'financialModel',
    fileName: 'lumibyte-model.pdf',
    bytes: samplePdf('Lumibyte — financial model'),
  };
  const sent = (f: { fileName: string; bytes: Buffer }) =>
    `file:${f.fileName};sha256=${createHash('sha256').update(f.bytes).digest('hex')}`;

  it('without a CV: nothing is sent, and the founder is told which document to add and where', async () => {
    const before = sandbox.received('thistle-capital').length;
    const r = await apply('thistle-capital', { deck, documents: [model] });
    expect(r.status, r.summary).toBe('failed');
    expect(r.errorCode).toBe('file_upload_required');
    expect(r.error).toBe(
      'This form requires your CV ("Founder CV / résumé (PDF)"): add it under Settings → Documents as a PDF, then retry. Nothing was sent.',
    );
    expect(sandbox.received('thistle-capital').slice(before)).toEqual([]);
  });

  it('with a CV: the deck to the deck and the CV to the CV; the other uploads stay empty, each with why', async () => {
    const rv = await reviewForm(
      { url: url('thistle-capital'), profile: P, browser, allowPrivate: true, deck, documents: [cv] },
      { id: 'thistle-capital', name: 'Thistle Capital', website: null },
    );
    expect(rv.status, rv.summary).toBe('ready');
    const rows = Object.fromEntries(rv.fields.map((f) => [f.question, [f.value, f.sourceLabel]]));
    expect(rows['Pitch deck (PDF)']).toEqual([deck.fileName, 'Your deck (PDF)']);
    expect(rows['Founder CV / résumé (PDF)']).toEqual([cv.fileName, 'Your CV (PDF)']);
    expect(rv.notSent).toEqual([
      {
        question: 'Financial model (optional)',
        reason: 'left empty: you have not added a financial model to your documents',
        given: false,
      },
      {
        question: 'Co-founders’ CVs (optional)',
        reason: 'left empty: the upload asks for a document your library does not hold by that kind',
        given: false,
      },
    ]);

    const before = sandbox.received('thistle-capital').length;
    const r = await apply('thistle-capital', { deck, documents: [cv] });
    expect(r.status, r.summary).toBe('completed');
    const got = sandbox.received('thistle-capital').slice(before);
    expect(got).toHaveLength(1);
    expect(got[0].fields).toMatchObject({ deck: sent(deck), cv: sent(cv) });
    // Empty: never the deck or the founder's CV in their place.
    for (const other of ['model', 'team_cvs']) expect(got[0].fields[other] ?? '', other).toBe('');
  });

  it('with a financial model too: attached to its own upload only', async () => {
    const before = sandbox.received('thistle-capital').length;
    const r = await apply('thistle-capital', { deck, documents: [model, cv] });
    expect(r.status, r.summary).toBe('completed');
    const got = sandbox.received('thistle-capital').slice(before);
    expect(got[0].fields).toMatchObject({ deck: sent(deck), cv: sent(cv), model: sent(model) });
    expect(got[0].fields.team_cvs ?? '').toBe('');
    expect(r.fieldsFilled).toContainEqual(
      expect.objectContaining({
        label: 'Financial model (optional)',
        value: model.fileName,
        source: 'document:financialModel',
      }),
    );
  });
});

describe('heather-partners: each tick box by what it states, and dollar ranges for a raise in pounds', () => {
  const inPounds: StartupProfile = { ...P, raising: '£1.5M' };
  const checkboxes = { optIns: 'no', acceptTerms: true } as const;
  const AGE = 'I confirm that I am over 18';
  const RAISE = 'How much are you looking to raise?';

  it('ticks the terms box by the standing choice, asks the age statement and the dollar range, sends nothing', async () => {
    const r = await apply('heather-partners', { profile: inPounds, checkboxes });
    expect(r.status, r.summary).toBe('waiting_for_input');
    expect(r.unansweredQuestions).toEqual([
      { question: RAISE, required: true, options: ['Under $1.6M', '$1.6M–$3M', 'Over $3M'] },
      { question: AGE, required: true, options: ['Yes', 'No'] },
    ]);
    expect(r.fieldsFilled).toContainEqual(
      expect.objectContaining({
        label: 'I agree to the Terms of Service and Privacy Policy',
        value: 'checked',
        source: 'setting:accept-terms',
      }),
    );
    // Every box is accounted for: the two left unticked say why.
    expect(r.notSent?.map((n) => [n.question, n.reason])).toEqual([
      [
        'I consent to Heather sharing my application with co-investors',
        expect.stringMatching(/a statement only you can make .*left unticked/),
      ],
      ['Send me the Heather newsletter', expect.stringMatching(/marketing opt-in box; left unticked/)],
    ]);
    expect(sandbox.received('heather-partners')).toHaveLength(0);
  });

  it('sends exactly what the founder answered; the authorisation and the newsletter stay unticked', async () => {
    const answers = [
      { question: AGE, answer: 'Yes' },
      { question: RAISE, answer: '$1.6M–$3M' },
    ];
    const before = sandbox.received('heather-partners').length;
    const r = await apply('heather-partners', { profile: inPounds, checkboxes, answers });
    expect(r.status, r.summary).toBe('completed');
    const got = sandbox.received('heather-partners').slice(before);
    expect(got).toHaveLength(1);
    expect(got[0].fields).toEqual({
      name: P.founderName,
      email: P.founderEmail,
      company: P.companyName,
      raise: '$1.6M–$3M',
      terms: 'yes',
      over18: 'yes',
    });
  });

  it('a raise in dollars picks its range; the age is still asked', async () => {
    const r = await apply('heather-partners', { checkboxes });
    expect(r.status, r.summary).toBe('waiting_for_input');
    expect(r.unansweredQuestions?.map((q) => q.question)).toEqual([AGE]);
    expect(r.fieldsFilled).toContainEqual(
      expect.objectContaining({ label: RAISE, value: '$1.6M–$3M', source: 'profile:raising' }),
    );
  });
});
