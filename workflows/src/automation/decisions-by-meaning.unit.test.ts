import { describe, expect, it } from 'vitest';
import { decideField, decideUpload, matchOption, type StartupProfile } from '.';
import { control } from '../../test/fixtures/control';

// Each case is a question the old decisions got wrong (a deck in a CV field, a fact box ticked by the terms
// setting, a dollar range picked for pounds, another question's saved answer, a missed month or hint).

const profile: StartupProfile = {
  companyName: 'Tidewell Labs',
  founderName: 'Amara Osei',
  website: 'tidewell.example',
  raising: '£1.5M',
  founded: '2023-12',
  additionalFounders: 'Leo Marsh (CTO), Priya Nair (COO)',
  problem: 'Buildings waste heat.',
  solution: 'Sensors that tune heating.',
  oneLineExplanation: 'Room-by-room heating control that pays for itself in one winter.',
};
const deck = { kind: 'pitchDeck', fileName: 'deck.pdf', mimeType: 'application/pdf' };
const cv = { kind: 'cv', fileName: 'cv.pdf', mimeType: 'application/pdf' };
const file = (label: string, accept = '.pdf') => control({ kind: 'file', inputType: 'file', label, accept });
const box = (label: string, required = true) => control({ kind: 'checkbox', inputType: 'checkbox', label, required });
const terms = { optIns: 'no' as const, acceptTerms: true };

describe('uploads by meaning', () => {
  it('given only a deck, when a CV or a financial model is asked for, then nothing is attached', () => {
    expect(decideUpload(file('Founder CV / résumé (PDF)'), 'Founder CV / résumé (PDF)', [deck]).attach).toBeNull();
    expect(decideUpload(file('Financial model'), 'Financial model', [deck]).attach).toBeNull();
    expect(decideUpload(file('Upload a PDF'), 'Upload a PDF', [deck]).attach).toBeNull();
  });
  it('given a CV in the library, when the CV is asked for, then the CV (not the deck) goes in', () => {
    expect(decideUpload(file('Founder CV / résumé (PDF)'), 'Founder CV / résumé (PDF)', [deck, cv]).attach).toBe(cv);
    expect(decideUpload(file('Pitch deck (PDF)'), 'Pitch deck (PDF)', [deck, cv]).attach).toBe(deck);
  });
  it('given a PDF deck, when the deck upload takes only PowerPoint, then nothing is attached', () => {
    expect(decideUpload(file('Pitch deck', '.ppt,.pptx'), 'Pitch deck', [deck]).attach).toBeNull();
  });
});

describe('tick boxes by what they state', () => {
  const decide = (label: string, answers: { question: string; answer: string }[] = [], required = true) =>
    decideField(box(label, required), label, { profile, answers, checkboxes: terms });
  it('given accept-terms on, when a box agrees to the terms or privacy policy only, then it is ticked', () => {
    expect(decide('I agree to the Terms and Conditions')).toMatchObject({ fill: true, source: 'setting:accept-terms' });
    expect(decide('I have read and accept the privacy policy')).toMatchObject({ fill: true });
  });
  it('given accept-terms on, when a box states a fact or authorises sharing, then it is asked (or left unticked)', () => {
    for (const label of [
      'I consent to Northstar sharing my application with co-investors',
      'I certify that no founder has been convicted of a criminal offence',
      'I confirm that I am over 18',
      'I confirm the company is not a subsidiary of another company',
    ])
      expect(decide(label), label).toMatchObject({ fill: false, ask: true });
    expect(decide('I agree to be contacted by portfolio partners', [], false)).toMatchObject({
      fill: false,
      ask: false,
    });
  });
  it('given the founder said yes to that very statement, then it is ticked with their answer as the source', () => {
    const q = 'I confirm that I am over 18';
    expect(decide(q, [{ question: q, answer: 'Yes' }])).toMatchObject({ fill: true, source: `answer:${q}` });
  });
});

describe('money with its currency', () => {
  const select = (options: string[]) =>
    control({
      kind: 'select',
      options: options.map((label, index) => ({
        id: `o${index}`,
        clickId: '',
        label,
        value: label,
        index,
        checked: false,
        disabled: false,
      })),
    });
  it('given a raise in pounds, when the ranges are in dollars, then no option is chosen', () => {
    expect(matchOption('raising', '£1.5M', select(['Under $1.6M', '$1.6M–$3M', 'Over $3M']).options)).toBe(-1);
  });
  it('given a raise in pounds, when the ranges are in pounds, then the one it falls in — unless within 10 % of a boundary', () => {
    expect(matchOption('raising', '£1.5M', select(['Under £1M', '£1M–£2M', 'Over £2M']).options)).toBe(1);
    expect(matchOption('raising', '£1.5M', select(['Under £1.4M', '£1.4M–£3M']).options)).toBe(-1);
  });
  it('given a raise in pounds, when a number field asks in USD, then it is asked', () => {
    const c = control({ inputType: 'number', required: true, label: 'Amount you are raising in USD' });
    expect(decideField(c, c.label, { profile, answers: [] })).toMatchObject({ fill: false, ask: true });
  });
});

describe('saved answers for their own question', () => {
  const area = (label: string) => control({ kind: 'textarea', inputType: 'textarea', label, required: true });
  const saved = [{ question: 'What is your unfair advantage?', answer: 'Ten years of data.' }];
  it('given a saved unfair advantage, when the form asks for the value proposition or differentiation, then it is asked', () => {
    for (const q of ['What is your value proposition?', 'What makes you different from existing solutions?'])
      expect(decideField(area(q), q, { profile, answers: saved }), q).toMatchObject({ fill: false, ask: true });
    const q = 'What is your unfair advantage?';
    expect(decideField(area(q), q, { profile, answers: saved })).toMatchObject({
      fill: true,
      value: 'Ten years of data.',
    });
  });
  it('given a problem and a solution apart, when one question asks for both, then it is asked', () => {
    const q = 'Describe the problem and your solution';
    expect(decideField(area(q), q, { profile, answers: [] })).toMatchObject({ fill: false, ask: true });
  });
  it('given no title, when the form asks for a role, then it is asked (no "Founder")', () => {
    const c = control({ label: 'Your title / role at the company', required: true });
    expect(decideField(c, c.label, { profile, answers: [] })).toMatchObject({ fill: false, ask: true });
  });
});

describe('misses a person would not make', () => {
  const decide = (over: Parameters<typeof control>[0]) =>
    decideField(control(over), over.label ?? '', { profile, answers: [] });
  it('co-founders with their roles, from a profile that states them', () => {
    expect(decide({ kind: 'textarea', label: 'Co-founders (names and roles)' })).toMatchObject({
      value: profile.additionalFounders,
    });
    const bare = decideField(control({ label: 'Co-founders (names and roles)' }), 'Co-founders (names and roles)', {
      profile: { ...profile, additionalFounders: 'Leo Marsh' },
      answers: [],
    });
    expect(bare).toMatchObject({ fill: false });
  });
  it('a month and year from a known month', () => {
    expect(decide({ inputType: 'month', label: 'Founded (month/year)' })).toMatchObject({ value: '2023-12' });
    expect(decide({ label: 'Month and year founded' })).toMatchObject({ value: 'December 2023' });
    expect(decide({ label: 'Founding month (MM/YYYY)' })).toMatchObject({ value: '12/2023' });
  });
  it('hints in brackets or after a dash do not hide the question', () => {
    expect(decide({ label: 'Company website (starting with http)' })).toMatchObject({
      value: 'https://tidewell.example',
    });
    expect(decide({ label: 'Company name — max 100 characters' })).toMatchObject({ value: 'Tidewell Labs' });
  });
  it("a pitch from the founder's own one-liner when it fits the stated length", () => {
    expect(decide({ kind: 'textarea', label: 'Your pitch (max 500 characters)' })).toMatchObject({
      value: profile.oneLineExplanation,
    });
    expect(decide({ label: 'One-liner (max 40 characters)' })).toMatchObject({ fill: false });
  });
});
