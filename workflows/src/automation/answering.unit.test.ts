import { describe, expect, it } from 'vitest';
import { decideField, exactNumber, fitValue, fullDate, yearMonth, type ScannedControl, type StartupProfile } from '.';
import { control } from '../../test/fixtures/control';

const profile: StartupProfile = {
  companyName: 'Lumibyte Labs',
  founderName: 'Ada Lovelace',
  founderEmail: 'ada@lumibyte.example',
  teamSize: '51-100',
  revenue: '$100K-1M MRR',
  raising: '$2M',
  founded: '2023',
  description: 'We build AI copilots for finance teams.',
};

const decide = (c: ScannedControl, answers: { question: string; answer: string }[] = [], p: StartupProfile = profile) =>
  decideField(c, c.label, { profile: p, answers });

describe('exact values', () => {
  it('never turns a range into a number', () => {
    expect(exactNumber('51-100', 'count')).toBeNull();
    expect(exactNumber('100+', 'count')).toBeNull();
    expect(exactNumber('$100K-1M MRR', 'money')).toBeNull();
    expect(exactNumber('Pre-revenue', 'money')).toBeNull();
    expect(exactNumber('12', 'count')).toBe(12);
    expect(exactNumber('$2M', 'money')).toBe(2_000_000);
    expect(exactNumber('€500k', 'money')).toBe(500_000);
    expect(exactNumber('200000', 'money')).toBe(200_000);
  });
  it('knows a full date only when one is given', () => {
    expect(fullDate('2023-12-03')).toBe('2023-12-03');
    expect(fullDate('3 December 2023')).toBe('2023-12-03');
    expect(fullDate('December 3, 2023')).toBe('2023-12-03');
    expect(fullDate('2023')).toBeNull();
    expect(fullDate('December 2023')).toBeNull();
    expect(fullDate('2023-02-30')).toBeNull();
    expect(yearMonth('March 2022')).toBe('2022-03');
  });
  it('fits values to typed inputs, or refuses them', () => {
    const kind = { kind: 'date' as const };
    expect(fitValue('2023', kind, control({ inputType: 'date' }), 'Founding date')).toBeNull();
    expect(fitValue('2023-12-03', kind, control({ inputType: 'date' }), 'Founding date')).toBe('2023-12-03');
    expect(fitValue('2023-12-03', kind, control({ placeholder: 'YYYY/MM/DD' }), 'Founding date')).toBe('2023/12/03');
    expect(fitValue('2023', kind, control({}), 'Founding date')).toBeNull();
    expect(fitValue('March 2023', kind, control({ inputType: 'number' }), 'Year founded')).toBe('2023');
    expect(
      fitValue('2023', kind, control({ inputType: 'number', min: '2024', max: '2030' }), 'Year founded'),
    ).toBeNull();
    expect(fitValue('51-100', { kind: 'count' }, control({ inputType: 'number' }), 'Team size')).toBeNull();
    expect(fitValue('12', { kind: 'count' }, control({ inputType: 'number', step: '5' }), 'Team size')).toBeNull();
    expect(fitValue('lumibyte.example', { kind: 'url' }, control({ inputType: 'url' }), 'Website')).toBe(
      'https://lumibyte.example',
    );
    expect(fitValue('not an email', { kind: 'email' }, control({ inputType: 'email' }), 'Email')).toBeNull();
    expect(
      fitValue('+49 30 1234567', { kind: 'phone' }, control({ inputType: 'tel', pattern: '[0-9+ ]+' }), 'Phone'),
    ).toBe('+49 30 1234567');
    expect(
      fitValue('030/1234567', { kind: 'phone' }, control({ inputType: 'tel', pattern: '[0-9+ ]+' }), 'Phone'),
    ).toBeNull();
    // The founder's words are never cut to fit a maxlength.
    expect(
      fitValue('one two three four five', { kind: 'free_text' }, control({ maxLength: 12 }), 'Description'),
    ).toBeNull();
  });

  it('fits a value to what the control accepts, not to a stricter rule of ours', () => {
    // a tel input without a pattern takes any text with digits (an extension included)
    const tel = control({ inputType: 'tel' });
    expect(fitValue('577-134-7975x831', { kind: 'free_text' }, tel, 'Phone')).toBe('577-134-7975x831');
    expect(fitValue('call me', { kind: 'free_text' }, tel, 'Phone')).toBeNull();
    // a decimal goes into a number input whose step allows it; the browser's default step (1) does not
    const gpa = (step?: string) => control({ inputType: 'number', step, min: '0', max: '4' });
    expect(fitValue('3.19', { kind: 'free_text' }, gpa('0.01'), 'GPA')).toBe('3.19');
    expect(fitValue('3.19', { kind: 'free_text' }, gpa('any'), 'GPA')).toBe('3.19');
    expect(fitValue('3.19', { kind: 'free_text' }, gpa(), 'GPA')).toBeNull();
    expect(fitValue('4.5', { kind: 'free_text' }, gpa('0.01'), 'GPA')).toBeNull();
  });
});

describe('decideField: whose answer goes in', () => {
  it("the founder's answer beats a profile range", () => {
    const d = decide(control({ label: 'Team size', inputType: 'number' }), [
      { question: 'How many people are on your team?', answer: '100' },
    ]);
    expect(d).toMatchObject({ fill: true, value: '100', exact: true });
    const m = decide(control({ label: 'Monthly revenue (USD)', inputType: 'number' }), [
      { question: 'What is your MRR?', answer: '200000' },
    ]);
    expect(m).toMatchObject({ fill: true, value: '200000' });
  });
  it('a profile range never becomes a number: the founder is asked', () => {
    expect(decide(control({ label: 'Team size', inputType: 'number', required: true }))).toMatchObject({
      fill: false,
      ask: true,
    });
    expect(decide(control({ label: 'Monthly revenue', inputType: 'number' }))).toMatchObject({ fill: false });
  });
  it('a founding year does not fill a date', () => {
    expect(decide(control({ label: 'Founding date', inputType: 'date' }))).toMatchObject({ fill: false, ask: true });
    expect(
      decide(control({ label: 'Founding date', inputType: 'date' }), [], { ...profile, founded: '2023-12-03' }),
    ).toMatchObject({ fill: true, value: '2023-12-03' });
  });
  it("no composed text: a message field takes only the founder's own message", () => {
    expect(decide(control({ label: 'Message', kind: 'textarea', inputType: 'textarea' }))).toMatchObject({
      fill: false,
    });
    expect(decide(control({ label: 'Additional comments', kind: 'textarea', inputType: 'textarea' }))).toMatchObject({
      fill: false,
    });
    expect(
      decide(control({ label: 'Message', kind: 'textarea', inputType: 'textarea' }), [
        { question: 'Message to investors', answer: 'Hello from Ada.' },
      ]),
    ).toMatchObject({ fill: true, value: 'Hello from Ada.' });
  });
  it("the question text, not the placeholder, is matched to the founder's answer", () => {
    const c = control({ label: '', nearbyText: 'Date of birth', placeholder: 'YYYY/MM/DD' });
    expect(
      decideField(c, 'Date of birth', { profile, answers: [{ question: 'Date of birth', answer: '1990-04-02' }] }),
    ).toMatchObject({ fill: true, value: '1990/04/02' });
  });
  it("a per-firm deck link wins over the profile's deck URL", () => {
    const d = decideField(control({ label: 'Link to your pitch deck', inputType: 'url' }), 'Link to your pitch deck', {
      profile: { ...profile, pitchDeck: 'https://docsend.example/a' },
      answers: [],
      deckUrl: 'https://decks.example/firm-1',
    });
    expect(d).toMatchObject({ fill: true, value: 'https://decks.example/firm-1', source: 'deck-link' });
  });
});

describe('exact profile values', () => {
  const exact: StartupProfile = {
    ...profile,
    foundedDate: '2023-12-03',
    teamCount: '57',
    monthlyRevenue: '200000',
    revenueCurrency: 'EUR',
  };
  it('fills numbers and dates from the exact fields, never from the ranges', () => {
    expect(decide(control({ label: 'Founding date', inputType: 'date' }), [], exact)).toMatchObject({
      fill: true,
      value: '2023-12-03',
      source: 'profile:foundedDate',
    });
    expect(decide(control({ label: 'Year founded', inputType: 'number' }), [], exact)).toMatchObject({
      fill: true,
      value: '2023',
    });
    expect(decide(control({ label: 'Team size', inputType: 'number' }), [], exact)).toMatchObject({
      fill: true,
      value: '57',
      source: 'profile:teamCount',
    });
    expect(decide(control({ label: 'Monthly revenue (EUR)', inputType: 'number' }), [], exact)).toMatchObject({
      fill: true,
      value: '200000',
    });
  });
  it('an amount in another currency than the question asks for goes to the founder', () => {
    expect(
      decide(control({ label: 'Monthly revenue (USD)', inputType: 'number', required: true }), [], exact),
    ).toMatchObject({ fill: false, ask: true });
    expect(decide(control({ label: 'How much are you raising? (EUR)', inputType: 'number' }))).toMatchObject({
      fill: false,
    });
  });
});

describe("checkboxes by the founder's standing choices", () => {
  const box = (label: string, required = false) =>
    control({ kind: 'checkbox', inputType: 'checkbox', label, required });
  const terms = box('I accept the terms and conditions', true);
  const news = box('Send me the newsletter');
  it('opt-ins: never by default, always with "yes", or when the founder answered this box yes', () => {
    expect(decide(news)).toMatchObject({ fill: false, ask: false });
    expect(
      decideField(news, news.label, { profile, answers: [], checkboxes: { optIns: 'yes', acceptTerms: true } }),
    ).toMatchObject({ fill: true, source: 'setting:opt-ins' });
    expect(
      decideField(news, news.label, {
        profile,
        answers: [{ question: 'Send me the newsletter', answer: 'Yes' }],
        checkboxes: { optIns: 'ask', acceptTerms: true },
      }),
    ).toMatchObject({ fill: true, exact: true });
    expect(
      decideField(news, news.label, { profile, answers: [], checkboxes: { optIns: 'ask', acceptTerms: true } }),
    ).toMatchObject({ fill: false });
  });
  it('by default (nothing allowed in Settings) a required agreement is asked, an optional one and an opt-in stay unticked', () => {
    expect(decide(terms)).toMatchObject({ fill: false, ask: true });
    expect(decide(box('I agree to the privacy notice'))).toMatchObject({ fill: false, ask: false });
    expect(decide(news)).toMatchObject({ fill: false, ask: false });
    expect(decide(box('Subscribe me to your newsletter', true))).toMatchObject({ fill: false, ask: true });
  });
  it('"Ask me" asks about a required opt-in only, and leaves an optional one unticked', () => {
    const ask = { optIns: 'ask' as const, acceptTerms: false };
    expect(decideField(news, news.label, { profile, answers: [], checkboxes: ask })).toMatchObject({
      fill: false,
      ask: false,
    });
    const required = box('Sign me up for the newsletter', true);
    expect(decideField(required, required.label, { profile, answers: [], checkboxes: ask })).toMatchObject({
      fill: false,
      ask: true,
    });
    expect(
      decideField(news, news.label, { profile, answers: [], checkboxes: { optIns: 'no', acceptTerms: true } }),
    ).toMatchObject({ fill: false });
  });
  it('agreements: only when allowed; otherwise a required one is asked, and their answer decides', () => {
    expect(
      decideField(terms, terms.label, { profile, answers: [], checkboxes: { optIns: 'no', acceptTerms: true } }),
    ).toMatchObject({ fill: true, source: 'setting:accept-terms' });
    const off = { optIns: 'no' as const, acceptTerms: false };
    expect(decideField(terms, terms.label, { profile, answers: [], checkboxes: off })).toMatchObject({
      fill: false,
      ask: true,
    });
    expect(
      decideField(terms, terms.label, {
        profile,
        answers: [{ question: 'I accept the terms and conditions', answer: 'Yes' }],
        checkboxes: off,
      }),
    ).toMatchObject({ fill: true });
    expect(
      decideField(terms, terms.label, {
        profile,
        answers: [{ question: 'I accept the terms and conditions', answer: 'No' }],
        checkboxes: off,
      }),
    ).toMatchObject({ fill: false });
  });
});

describe("the profile's long fields in the library", () => {
  it('are resolved as profile values, so the source says so', () => {
    const d = decideField(
      control({ label: 'What traction do you have?', kind: 'textarea', inputType: 'textarea' }),
      'What traction do you have?',
      {
        profile: { ...profile, revenue: '$10-50K MRR' },
        answers: [{ question: 'What traction do you have?', answer: '$10-50K MRR', source: 'profile' }],
      },
    );
    expect(d).toMatchObject({ fill: true, value: '$10-50K MRR', source: 'profile:revenue' });
  });
});

describe('the default message', () => {
  const field = (label: string, required = false) =>
    control({ kind: 'textarea', inputType: 'textarea', label, required });
  const message = 'Dear partners, Lumibyte Labs builds finance copilots. — Ada';
  const withMessage = { profile, answers: [], defaultMessage: message };
  it('goes verbatim into fields that ask for a message, a pitch or a cover note, with its source', () => {
    for (const label of ['Message', 'Your message to the team', 'Cover letter', 'Your pitch', 'How can we help?']) {
      expect(decideField(field(label), label, withMessage), label).toMatchObject({
        fill: true,
        value: message,
        source: 'setting:default-message',
      });
    }
  });
  it('never into other optional fields', () => {
    for (const label of ['Additional comments', 'Anything else we should know?', 'Notes', 'Who referred you?']) {
      expect(decideField(field(label), label, withMessage), label).toMatchObject({ fill: false });
    }
  });
  it('without one, an optional message field gets nothing and a required one is asked', () => {
    expect(decide(field('Message'))).toMatchObject({ fill: false });
    expect(decide(field('Message', true))).toMatchObject({ fill: false, ask: true });
  });
  it("the founder's own answer to that very question still comes first", () => {
    const d = decideField(field('Cover letter'), 'Cover letter', {
      ...withMessage,
      answers: [{ question: 'Cover letter', answer: 'My own letter for you.' }],
    });
    expect(d).toMatchObject({ fill: true, value: 'My own letter for you.', source: 'answer:Cover letter' });
  });
});
