import { describe, expect, it } from 'vitest';
import { collectAnswers } from './collect-answers';

describe('collectAnswers', () => {
  const questions = [{ question: 'Why now?', required: true }, { question: 'Anything else?' }];

  it('keeps trimmed answers and drops empty optional ones', () => {
    expect(collectAnswers(questions, { 'Why now?': '  Rates fell.  ', 'Anything else?': '   ' })).toEqual({
      answers: [{ question: 'Why now?', answer: 'Rates fell.' }],
      error: null,
    });
  });

  it('names every required question left empty', () => {
    const r = collectAnswers([...questions, { question: 'Lead investor?', required: true }], { 'Why now?': ' ' });
    expect(r.error).toBe('Answer every required question: “Why now?”, “Lead investor?”.');
  });
});
