import { describe, expect, it } from 'vitest';
import {
  ANSWER_MATCH_THRESHOLD,
  bestAnswer,
  questionSimilarity,
  questionWords,
  sameQuestion,
  stem,
} from './answer-matching';

describe('answer matching', () => {
  it('stems plural and verb endings', () => {
    expect(stem('solving')).toBe(stem('solves'));
    expect(stem('companies')).toBe('company');
    expect(stem('metrics')).toBe('metric');
  });

  it('keeps only meaningful words, mapped onto synonym groups', () => {
    expect(questionWords('What traction do you have so far?')).toEqual(['traction']);
    expect(questionWords('Why is now the right time?')).toEqual(['why', 'now']);
    expect(questionWords('Tell us about your co-founders')).toEqual(['team']);
  });

  it('matches questions asked in other words', () => {
    const library = [
      { question: 'Why is now the right time for your company?', answer: 'Rules changed in 2026.' },
      { question: 'What traction do you have?', answer: '$10-50K MRR' },
      { question: 'What problem are you solving?', answer: 'Invoices get lost.' },
    ];
    expect(bestAnswer('Why now?', library)?.entry.answer).toBe('Rules changed in 2026.');
    expect(bestAnswer('Share your key metrics and growth', library)?.entry.answer).toBe('$10-50K MRR');
    expect(bestAnswer('Which problem does your startup solve?', library)?.entry.answer).toBe('Invoices get lost.');
  });

  it('refuses questions that only share a word or two', () => {
    const library = [
      { question: 'Why now?', answer: 'Timing.' },
      { question: 'What problem are you solving?', answer: 'Invoices get lost.' },
    ];
    expect(bestAnswer('Why do you want to work with us?', library)).toBeNull();
    expect(bestAnswer('What problem did you face last year?', library)).toBeNull();
    expect(bestAnswer('Which accelerator track are you applying for?', library)).toBeNull();
    expect(questionSimilarity('Why do you want to work with us?', 'Why now?')).toBeLessThan(ANSWER_MATCH_THRESHOLD);
  });

  it('scores identical questions 1 and empty ones 0', () => {
    expect(questionSimilarity('Why now?', 'why NOW')).toBe(1);
    expect(questionSimilarity('?', 'Why now?')).toBe(0);
    expect(sameQuestion('Why now?', ' why now ')).toBe(true);
    expect(sameQuestion('Why now?', 'Why you?')).toBe(false);
  });

  it('prefers the answer to the very same question over one that means the same', () => {
    const library = [
      { question: 'Why is now the right time?', answer: 'older' },
      { question: 'Why now?', answer: 'given for this form' },
    ];
    expect(bestAnswer('why now', library)?.entry.answer).toBe('given for this form');
  });

  it('prefers the higher score, then the earlier entry', () => {
    const library = [
      { question: 'What traction do you have?', answer: 'first' },
      { question: 'Traction?', answer: 'second' },
    ];
    expect(bestAnswer('Your traction', library)?.entry.answer).toBe('first');
  });
});
