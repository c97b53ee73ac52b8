import { describe, expect, it } from 'vitest';
import { industryBadges, MAX_INDUSTRY_BADGES, splitIndustries, takeWithMore } from './industries';

describe('splitIndustries', () => {
  it('given a comma-separated list, when split, then gives trimmed names in order', () => {
    expect(splitIndustries('SaaS, Fintech ,AI & ML')).toEqual(['SaaS', 'Fintech', 'AI & ML']);
  });

  it('given empty parts and a trailing comma, when split, then drops the blanks', () => {
    expect(splitIndustries(' , SaaS,, ,Fintech, ')).toEqual(['SaaS', 'Fintech']);
  });

  it('given repeats differing only in case, when split, then keeps the first spelling once', () => {
    expect(splitIndustries('SaaS, saas, Fintech, SAAS')).toEqual(['SaaS', 'Fintech']);
  });

  it.each([null, undefined, '', '  ', ',,,'])('given %j, when split, then gives an empty list', (csv) => {
    expect(splitIndustries(csv)).toEqual([]);
  });
});

describe('industryBadges', () => {
  it('given five industries, when badged, then shows three and counts two more', () => {
    expect(industryBadges('A, B, C, D, E')).toEqual({ shown: ['A', 'B', 'C'], more: 2 });
  });

  it('given exactly three, when badged, then nothing more', () => {
    expect(industryBadges('A,B,C')).toEqual({ shown: ['A', 'B', 'C'], more: 0 });
  });

  it('given fewer than the maximum, when badged, then shows all', () => {
    expect(industryBadges('A')).toEqual({ shown: ['A'], more: 0 });
  });

  it('given no industries, when badged, then shows none', () => {
    expect(industryBadges(null)).toEqual({ shown: [], more: 0 });
  });

  it('given a custom maximum, when badged, then it is honoured', () => {
    expect(industryBadges('A,B,C,D', 1)).toEqual({ shown: ['A'], more: 3 });
    expect(MAX_INDUSTRY_BADGES).toBe(3);
  });
});

describe('takeWithMore', () => {
  it('given a zero, negative, fractional or non-finite maximum, when truncated, then it is floored at 0', () => {
    expect(takeWithMore([1, 2], 0)).toEqual({ shown: [], more: 2 });
    expect(takeWithMore([1, 2], -3)).toEqual({ shown: [], more: 2 });
    expect(takeWithMore([1, 2, 3], 1.9)).toEqual({ shown: [1], more: 2 });
    expect(takeWithMore([1, 2], Number.NaN)).toEqual({ shown: [], more: 2 });
  });
});
