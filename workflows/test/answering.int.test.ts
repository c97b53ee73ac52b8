// Issue 23 in a real Chromium against sandbox firms that record what they receive: exact values arrive,
// the founder's answer beats the profile, unanswered optional fields stay empty, questions about others,
// identifiers and compound questions pause, and nothing arrives that no source supplied.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyToFirm,
  launchBrowser,
  type ApplyResult,
  type CheckboxChoices,
  type StartupProfile,
} from '../src/automation';
import { startSandbox, type Sandbox } from '../src/sandbox';
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

const apply = (
  slug: string,
  profile: StartupProfile,
  answers: { question: string; answer: string }[] = [],
  checkboxes?: CheckboxChoices,
  defaultMessage?: string,
) =>
  applyToFirm({
    url: `${sandbox.url}/${slug}/`,
    profile,
    answers,
    browser,
    allowPrivate: true,
    checkboxes,
    defaultMessage,
  });

/** Every non-empty value the firm received must be one the run reports it filled (a source in the fields filled). */
function expectNothingUnsourced(r: ApplyResult, fields: Record<string, string>) {
  const filled = new Set(r.fieldsFilled.map((f) => f.value));
  for (const [name, value] of Object.entries(fields)) {
    if (!value) continue;
    expect(
      filled.has(value) || filled.has('checked'),
      `"${name}" = ${JSON.stringify(value)} arrived but no source supplied it`,
    ).toBe(true);
  }
}

// A SaaS startup in London with exact values, and a founder who answered a few questions in their own words.
const EXACT: StartupProfile = {
  ...TEST_PROFILE,
  industry: 'SaaS',
  location: 'London, UK',
  founded: '2023',
  foundedDate: '2023-12-03',
  teamSize: '51-100',
  revenue: '$100K-1M MRR',
  monthlyRevenue: '200000',
  revenueCurrency: 'EUR',
};
const ANSWERS = [
  { question: 'How many people are on your team?', answer: '100' },
  { question: 'Date of birth', answer: '1990-04-02' },
  { question: 'Anything else we should know?', answer: 'We are hiring two engineers in London.' },
];

describe('larch-capital: exact values', () => {
  it("sends exact dates and numbers, the founder's answer over the profile, and leaves unanswered optional fields empty", async () => {
    const r = await apply('larch-capital', EXACT, ANSWERS);
    expect(r.status, r.summary).toBe('completed');
    const got = sandbox.received('larch-capital');
    expect(got).toHaveLength(1);
    const f = got[0].fields;
    expect(f).toMatchObject({
      name: EXACT.founderName,
      email: EXACT.founderEmail,
      company: EXACT.companyName,
      founding_date: '2023/12/03', // the full date, in the format the placeholder shows
      team_size: '100', // the founder's answer, not 51 from "51-100"
      mrr_eur: '200000', // the exact EUR amount, not 100000 from "$100K-1M MRR"
      dob: '1990/04/02', // matched by the question text, not the placeholder
      industry: 'B2B Software', // SaaS, not "Other"
      region: 'Europe', // London, not "Other"
      anything_else: 'We are hiring two engineers in London.',
    });
    expect(f.comments ?? '').toBe(''); // nobody answered "Additional comments": no composed cover note
    expect(f.newsletter ?? '').toBe(''); // the opt-in is never ticked for the founder
    expectNothingUnsourced(r, f);
  });

  it('with only ranges and a founding year, asks the founder instead of inventing a date or a number; nothing is sent', async () => {
    const before = sandbox.received('larch-capital').length;
    const r = await apply('larch-capital', {
      ...TEST_PROFILE,
      industry: 'SaaS',
      location: 'London, UK',
      teamSize: '51-100',
    });
    expect(r.status, r.summary).toBe('waiting_for_input');
    expect(r.unansweredQuestions?.map((q) => q.question)).toEqual(['Founding date', 'Team size']);
    expect(sandbox.received('larch-capital')).toHaveLength(before);
  });
});

describe('larch-capital: checkboxes by standing choices', () => {
  it('ticks the newsletter box when the founder said "always yes" to opt-ins, and the fields filled list the box with its text', async () => {
    const before = sandbox.received('larch-capital').length;
    const r = await apply('larch-capital', EXACT, ANSWERS, { optIns: 'yes', acceptTerms: false });
    expect(r.status, r.summary).toBe('completed');
    const f = sandbox.received('larch-capital')[before].fields;
    expect(f.newsletter).toBe('yes');
    expect(r.fieldsFilled).toContainEqual(
      expect.objectContaining({ label: 'Send me the Larch newsletter', value: 'checked', source: 'setting:opt-ins' }),
    );
    expectNothingUnsourced(r, f);
  });
});

describe('larch-capital: the default message', () => {
  it('goes exactly into the message to the team, never into "Additional comments"', async () => {
    const before = sandbox.received('larch-capital').length;
    const message = 'Dear Larch partners, we would value 20 minutes to show you our finance copilot. — Ada';
    const r = await apply('larch-capital', EXACT, ANSWERS, undefined, message);
    expect(r.status, r.summary).toBe('completed');
    const f = sandbox.received('larch-capital')[before].fields;
    expect(f.message).toBe(message);
    expect(f.comments ?? '').toBe('');
    expect(f.anything_else).toBe('We are hiring two engineers in London.');
    expect(r.fieldsFilled).toContainEqual(
      expect.objectContaining({ label: 'Your message to the team', value: message, source: 'setting:default-message' }),
    );
    expectNothingUnsourced(r, f);
  });
  it('without a default message the optional message field stays empty', async () => {
    const before = sandbox.received('larch-capital').length;
    const r = await apply('larch-capital', EXACT, ANSWERS);
    expect(r.status, r.summary).toBe('completed');
    expect(sandbox.received('larch-capital')[before].fields.message ?? '').toBe('');
  });
});

describe('granite-growth: a required privacy agreement and an optional newsletter box', () => {
  const PRIVACY = 'I agree to the privacy policy';
  it('with the default choices, the required agreement is asked of the founder (its caption is the question) and nothing is sent', async () => {
    const before = sandbox.received('granite-growth').length;
    const r = await apply('granite-growth', TEST_PROFILE);
    expect(r.status, r.summary).toBe('waiting_for_input');
    expect(r.unansweredQuestions).toEqual([
      expect.objectContaining({ question: expect.stringContaining(PRIVACY), required: true }),
    ]);
    expect(sandbox.received('granite-growth')).toHaveLength(before);
  });
  it("the founder's yes to that question ticks it; the newsletter stays unticked", async () => {
    const before = sandbox.received('granite-growth').length;
    const r = await apply('granite-growth', TEST_PROFILE, [{ question: PRIVACY, answer: 'Yes' }]);
    expect(r.status, r.summary).toBe('completed');
    const f = sandbox.received('granite-growth')[before].fields;
    expect(f.privacy).toBe('yes');
    expect(f.newsletter ?? '').toBe('');
    expect(r.fieldsFilled).toContainEqual(
      expect.objectContaining({ label: expect.stringContaining(PRIVACY), source: `answer:${PRIVACY}` }),
    );
  });
  it('with terms acceptance allowed it is ticked by the setting; opt-ins "Ask me" leave the optional newsletter unticked', async () => {
    const before = sandbox.received('granite-growth').length;
    const r = await apply('granite-growth', TEST_PROFILE, [], { optIns: 'ask', acceptTerms: true });
    expect(r.status, r.summary).toBe('completed');
    const f = sandbox.received('granite-growth')[before].fields;
    expect(f.privacy).toBe('yes');
    expect(f.newsletter ?? '').toBe('');
    expect(r.fieldsFilled).toContainEqual(
      expect.objectContaining({ label: expect.stringContaining(PRIVACY), source: 'setting:accept-terms' }),
    );
  });
  it('opt-ins "Always yes" tick the newsletter too', async () => {
    const before = sandbox.received('granite-growth').length;
    const r = await apply('granite-growth', TEST_PROFILE, [], { optIns: 'yes', acceptTerms: true });
    expect(r.status, r.summary).toBe('completed');
    expect(sandbox.received('granite-growth')[before].fields).toMatchObject({ privacy: 'yes', newsletter: 'yes' });
    expect(r.fieldsFilled).toContainEqual(
      expect.objectContaining({ label: 'Subscribe to our quarterly newsletter', source: 'setting:opt-ins' }),
    );
  });
});

describe('aspen-ventures: questions about others, identifiers and compound questions', () => {
  it('pauses for the required ones and never answers them from the profile', async () => {
    const r = await apply('aspen-ventures', TEST_PROFILE, [
      { question: 'What does your company do?', answer: TEST_PROFILE.description },
    ]);
    expect(r.status, r.summary).toBe('waiting_for_input');
    expect(r.unansweredQuestions?.map((q) => q.question)).toEqual([
      'Which incumbent would you most like to displace, and what is your unfair advantage against them?',
      'What is the name of your lead investor?',
      'Company registration number',
    ]);
    expect(sandbox.received('aspen-ventures')).toHaveLength(0);
  });

  it("sends the founder's answers once given; the optional questions about others stay empty", async () => {
    const answers = [
      {
        question: 'Which incumbent would you most like to displace, and what is your unfair advantage against them?',
        answer: 'Legacy AP suites; we match in minutes, not days.',
      },
      { question: 'What is the name of your lead investor?', answer: 'Example Seed Partners' },
      { question: 'Company registration number', answer: 'HRB 123456' },
    ];
    const r = await apply('aspen-ventures', TEST_PROFILE, answers);
    expect(r.status, r.summary).toBe('completed');
    const f = sandbox.received('aspen-ventures')[0].fields;
    expect(f).toMatchObject({
      displace: answers[0].answer,
      lead_investor: answers[1].answer,
      registration_number: answers[2].answer,
      what: TEST_PROFILE.description,
    });
    for (const k of ['current_investors', 'referred_by', 'founder_count', 'valuation', 'women_founders'])
      expect(f[k] ?? '', k).toBe('');
    expectNothingUnsourced(r, f);
  });
});
