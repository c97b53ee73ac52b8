import { describe, expect, it } from 'vitest';
import { askingClauses, decideQuestion, normaliseQuestion, wantedKinds } from './question-model';
import { resolveQuestion } from './resolve';
import { DEFAULT_MESSAGE_QUESTION } from './intents';

const intent = (text: string, extra: Partial<Parameters<typeof decideQuestion>[0]> = {}) => {
  const d = decideQuestion({ text, ...extra });
  return d.answer ? d.intent.id : `ask:${d.reason}`;
};

describe('decideQuestion: the near misses go to the founder', () => {
  it.each([
    ['Who are your current investors?', 'ask'],
    ['What is the name of your lead investor?', 'ask'],
    ['Company registration number', 'ask:identifier'],
    ['Are any of your company founders women?', 'ask'],
    ["What is your company's valuation?", 'ask'],
    ['Which company referred you?', 'ask'],
    ['How many founders are there?', 'ask'],
    [
      'Which incumbent would you most like to displace, and what is your unfair advantage against them?',
      'ask:compound',
    ],
  ])('%s', (q, expected) => {
    expect(intent(q).startsWith(expected)).toBe(true);
  });
});

describe('decideQuestion: whole questions with the right kind of value', () => {
  it('answers the plain questions', () => {
    expect(intent('Company name')).toBe('companyName');
    expect(intent('Your name')).toBe('founderName');
    expect(intent('Team size')).toBe('teamSize');
    expect(intent('Year founded')).toBe('founded');
    expect(intent('What problem are you solving? (max 200 words)')).toBe('problem');
    expect(intent('In one sentence, what does your company do?')).toBe('oneLineExplanation');
  });
  it('checks the kind of value the input and the wording want', () => {
    expect(intent('Founding date', { inputType: 'date' })).toBe('founded');
    expect(intent('Website', { inputType: 'email' })).toMatch(/^ask/);
    expect(intent('Have you raised any funding?')).toMatch(/^ask/);
    expect(intent('Do you have revenue?', { control: 'radio-group' })).toMatch(/^ask/);
    expect(intent('Revenue', { control: 'select' })).toBe('revenue');
    expect(intent('Contact', { inputType: 'email' })).toBe('founderEmail');
    expect(intent('Co-founder email', { inputType: 'email' })).toMatch(/^ask/);
  });
  it('reads checkboxes as consent or opt-in only', () => {
    expect(intent('I agree to receive other communications from Harbor VC.', { control: 'checkbox' })).toBe(
      'marketingOptIn',
    );
    expect(intent('I agree to the privacy policy', { control: 'checkbox' })).toBe('consent');
    expect(intent('Are you remote-first?', { control: 'checkbox' })).toMatch(/^ask/);
  });
  it('uses the placeholder only when there is no question text', () => {
    expect(intent('', { hint: 'Your company name' })).toBe('companyName');
    expect(intent('Date of birth', { hint: 'YYYY/MM/DD' })).toMatch(/^ask/);
  });
  it('splits questions into what they ask', () => {
    expect(askingClauses('What problem are you solving, and how does your solution address it?')).toHaveLength(2);
    expect(askingClauses('Company website (https://…)')).toEqual(['company website']);
    expect(normaliseQuestion("3 → What's your company's name? *")).toBe('what your company name');
    expect(wantedKinds('Total raised to date', { text: '' })).not.toContain('date');
  });
});

describe("resolveQuestion: the founder's word first", () => {
  const library = [
    { question: 'How many people are on your team?', answer: '100' },
    { question: 'Date of birth', answer: '1990-04-02' },
    { question: 'What does your company do?', answer: 'We do X.' },
    { question: 'How did you hear about us?', answer: 'A friend' },
  ];
  it('their answer to the same intent beats the profile', () => {
    const r = resolveQuestion({ text: 'Team size', inputType: 'number' }, library);
    expect(r.from).toBe('answer');
    expect(r.from === 'answer' && r.entry.answer).toBe('100');
  });
  it('their answer to this very question wins', () => {
    const r = resolveQuestion({ text: 'Date of birth', hint: 'YYYY/MM/DD' }, library);
    expect(r.from === 'answer' && r.entry.answer).toBe('1990-04-02');
  });
  it('a question about someone else never takes their answer', () => {
    expect(resolveQuestion({ text: 'Which company referred you?' }, library).from).toBe('ask');
    expect(
      resolveQuestion({ text: 'How many founders are there?' }, [
        { question: 'Who is on your founding team?', answer: 'Ada and Bo' },
      ]).from,
    ).toBe('ask');
  });
  it('the profile answers what the founder has not', () => {
    const r = resolveQuestion({ text: 'Company name' }, library);
    expect(r.from === 'profile' && r.intent.id).toBe('companyName');
  });
});

describe('the default message', () => {
  it("is the founder's answer to a message question, and goes only into fields that ask for a message or a pitch", () => {
    const library = [{ question: DEFAULT_MESSAGE_QUESTION, answer: 'Hello from Ada.' }];
    for (const text of ['Message', 'Your pitch', 'Cover letter', 'How can we help?']) {
      const r = resolveQuestion({ text }, library);
      expect(r.from === 'answer' && r.entry.answer, text).toBe('Hello from Ada.');
    }
    for (const text of [
      'Additional comments',
      'Anything else we should know?',
      'Tell us about your company',
      'Notes',
    ]) {
      const r = resolveQuestion({ text }, library);
      expect(r.from === 'answer', text).toBe(false);
    }
  });
});
