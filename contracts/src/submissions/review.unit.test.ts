import { describe, expect, it } from 'vitest';
import { describeSource, ReviewFirmRequest, reviewFields } from './review';

describe('describeSource', () => {
  it('names every recorded kind of source in words', () => {
    expect(describeSource('profile:stage')).toEqual({ kind: 'profile', label: 'Profile: stage' });
    expect(describeSource('profile:someNewField')).toEqual({ kind: 'profile', label: 'Profile: someNewField' });
    expect(describeSource('answer:Why now?')).toEqual({ kind: 'answer', label: 'Your answer to “Why now?”' });
    expect(describeSource('setting:default-message')).toEqual({
      kind: 'default-message',
      label: 'Your default message',
    });
    expect(describeSource('setting:opt-ins').kind).toBe('setting');
    expect(describeSource('setting:accept-terms').kind).toBe('setting');
    expect(describeSource('deck-link').kind).toBe('deck-link');
    expect(describeSource('deck-file').kind).toBe('deck-file');
    expect(describeSource('document:cv')).toEqual({ kind: 'document', label: 'Your CV (PDF)' });
    expect(describeSource('document:financialModel').label).toBe('Your financial model (PDF)');
    expect(describeSource('live-view').kind).toBe('live-view');
  });

  it('says when a record has no source instead of guessing one', () => {
    expect(describeSource(undefined)).toEqual({ kind: 'unknown', label: 'Not recorded' });
    expect(describeSource('something-else')).toEqual({ kind: 'unknown', label: 'something-else' });
  });
});

describe('reviewFields', () => {
  it('turns the fields filled into question → value → source rows', () => {
    expect(
      reviewFields([
        { label: 'Stage', value: 'Seed', source: 'profile:stage' },
        { label: 'Old', value: 'x' },
      ]),
    ).toEqual([
      { question: 'Stage', value: 'Seed', source: 'profile:stage', kind: 'profile', sourceLabel: 'Profile: stage' },
      { question: 'Old', value: 'x', source: null, kind: 'unknown', sourceLabel: 'Not recorded' },
    ]);
  });
});

describe('ReviewFirmRequest', () => {
  it('wants a firm id and nothing else', () => {
    expect(ReviewFirmRequest.parse({ vcFirmId: ' f1 ' })).toEqual({ vcFirmId: 'f1', test: false });
    expect(ReviewFirmRequest.safeParse({}).success).toBe(false);
    expect(ReviewFirmRequest.safeParse({ vcFirmId: 'f1', extra: 1 }).success).toBe(false);
  });
});
