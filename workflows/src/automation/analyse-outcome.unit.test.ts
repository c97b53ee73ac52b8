import { describe, expect, it } from 'vitest';
import { analyseOutcome, type ApplyResult } from '.';

const base: ApplyResult = {
  status: 'completed',
  subStatus: 'submitted',
  summary: '',
  fieldsFilled: [],
  confirmationText: null,
  error: null,
  screenshot: null,
};
const fields = [
  { field: 'founderEmail', label: 'Email', value: 'ada@x.example' },
  { field: 'companyName', label: 'Company', value: 'Lumibyte' },
  { field: 'pitchDeck', label: 'Deck', value: 'https://d.example' },
];

describe('analyseOutcome', () => {
  it('recaps a confirmed submission with the confirmation text', () => {
    const t = analyseOutcome(
      { ...base, fieldsFilled: fields, confirmationText: 'Thanks! We received your pitch.' },
      { firmName: 'Ember Capital' },
    );
    expect(t).toBe(
      'Application to Ember Capital submitted. 3 fields filled (including e-mail, company name, deck link). The site confirmed: "Thanks! We received your pitch.".',
    );
  });
  it('suggests sending the deck when the form never asked for it', () => {
    expect(analyseOutcome({ ...base, fieldsFilled: fields.slice(0, 1) })).toContain('did not ask for a deck link');
  });
  it('counts an attached deck file as the deck (no follow-up advice)', () => {
    const t = analyseOutcome({
      ...base,
      fieldsFilled: [fields[0]!, { field: 'pitchDeckFile', label: 'Pitch deck (PDF upload)', value: 'seed.pdf' }],
    });
    expect(t).toContain('(including e-mail, deck file)');
    expect(t).not.toContain('did not ask for a deck');
  });
  it('explains permanent failures with advice', () => {
    const t = analyseOutcome(
      { ...base, status: 'failed', subStatus: 'error', error: 'CAPTCHA', errorCode: 'captcha', errorKind: 'permanent' },
      { firmName: 'Sentinel' },
    );
    expect(t).toContain('Application to Sentinel failed.');
    expect(t).toContain('submitted by hand');
    expect(t).toContain('Retrying automatically will not help.');
  });
  it('marks transient failures as temporary', () => {
    const t = analyseOutcome({
      ...base,
      status: 'failed',
      subStatus: 'error',
      error: 'timeout',
      errorCode: 'timeout',
      errorKind: 'transient',
    });
    expect(t).toContain('This looks temporary.');
  });
  it('covers dry runs and stops, and is deterministic', () => {
    const dry = { ...base, subStatus: 'form_filled' as const, fieldsFilled: fields };
    expect(analyseOutcome(dry)).toContain('Nothing was sent.');
    expect(analyseOutcome(dry)).toBe(analyseOutcome(dry));
    expect(analyseOutcome({ ...base, status: 'stopped', subStatus: 'stopped' })).toContain('was stopped');
  });
  it('never truncates mid-way without an ellipsis', () => {
    const t = analyseOutcome({ ...base, confirmationText: 'x'.repeat(500) });
    expect(t).toContain('…');
  });
});
