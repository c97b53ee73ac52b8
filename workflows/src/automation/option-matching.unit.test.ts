import { describe, expect, it } from 'vitest';
import { matchOption, parseRange, stageOrdinals } from '.';

const labels = (...l: string[]) => l.map((label) => ({ label }));
const pick = (
  target: Parameters<typeof matchOption>[0],
  desired: string,
  opts: { label: string; value?: string }[],
  other = false,
) => {
  const i = matchOption(target, desired, opts, { otherFallback: other });
  return i < 0 ? null : opts[i].label;
};

describe('matchOption', () => {
  it('matches exact text and values, skipping placeholders', () => {
    expect(pick('stage', 'Seed', labels('Select…', 'Pre-seed', 'Seed', 'Series A'))).toBe('Seed');
    expect(
      pick('stage', 'series-a', [
        { label: 'Choose', value: '' },
        { label: 'Round A', value: 'series-a' },
      ]),
    ).toBe('Round A');
    expect(pick('industry', 'Select…', labels('Select…', 'Fintech'))).toBeNull();
  });
  it('places funding stages on one scale', () => {
    expect(pick('stage', 'Pre-seed', labels('Idea / Pre-seed', 'Seed', 'Series A', 'Series B or later'))).toBe(
      'Idea / Pre-seed',
    );
    expect(pick('stage', 'Seed', labels('A Pre-seed', 'B Seed', 'C Series A'))).toBe('B Seed');
    expect(pick('stage', 'Series C', labels('Pre-Seed', 'Seed', 'Series A', 'Series B+'))).toBe('Series B+');
    expect(pick('stage', 'Series D+', labels('Seed', 'Series A', 'Growth'))).toBe('Growth');
    expect(pick('stage', 'Seed', labels('Pre-seed / Seed', 'Seed', 'Series A'))).toBe('Seed');
  });
  it('maps industries through synonyms', () => {
    expect(pick('industry', 'AI & ML', labels('Artificial Intelligence', 'Fintech'))).toBe('Artificial Intelligence');
    expect(pick('industry', 'AI & ML', labels('B2B SaaS', 'Developer tools', 'AI / ML'))).toBe('AI / ML');
    expect(pick('industry', 'AI & ML', labels('Space hardware', 'AI / Machine Learning', 'Retail'))).toBe(
      'AI / Machine Learning',
    );
    expect(pick('industry', 'HealthTech', labels('Fintech', 'Healthcare', 'Climate'))).toBe('Healthcare');
    expect(pick('industry', 'CleanTech', labels('Consumer', 'Climate & Energy'))).toBe('Climate & Energy');
    expect(pick('industry', 'E-commerce', labels('Marketplaces', 'Fintech'))).toBe('Marketplaces');
  });
  it('matches numeric ranges for team size, revenue and amounts', () => {
    expect(pick('teamSize', '6-10', labels('1–5', '6–15', '16–50', '51+'))).toBe('6–15');
    expect(pick('teamSize', '6-10', labels('1-5', '6-20', '21-50', '50+'))).toBe('6-20');
    expect(pick('teamSize', '100+', labels('1-10', '11-50', 'More than 50'))).toBe('More than 50');
    expect(pick('revenue', '$10-50K MRR', labels('Pre-revenue', 'Under $10k', '$10k – $50k', 'Over $50k'))).toBe(
      '$10k – $50k',
    );
    expect(pick('revenue', 'Pre-revenue', labels('Pre-revenue', 'Under $10k'))).toBe('Pre-revenue');
    expect(pick('revenue', '$10-50K MRR', labels('< $100k ARR', '$100k-$1M ARR', '$1M+ ARR'))).toBe('$100k-$1M ARR');
    expect(pick('raising', '$2M', labels('< $500k', '$500k - $1M', '$1M - $3M', '$3M+'))).toBe('$1M - $3M');
  });
  it('matches locations by containment and falls back to "Other" only when asked', () => {
    expect(pick('location', 'Berlin, Germany', labels('France', 'Germany', 'Spain'))).toBe('Germany');
    expect(pick('industry', 'Quantum Widgets', labels('Fintech', 'Other'))).toBeNull();
    expect(pick('industry', 'Quantum Widgets', labels('Fintech', 'Other'), true)).toBe('Other');
  });
});

describe('parsing helpers', () => {
  it('parses ranges', () => {
    expect(parseRange('1-5')).toEqual({ min: 1, max: 5 });
    expect(parseRange('10-50K')).toEqual({ min: 10_000, max: 50_000 });
    expect(parseRange('51+')).toEqual({ min: 51, max: Infinity });
    expect(parseRange('Under $10k')).toEqual({ min: 0, max: 10_000 });
    expect(parseRange('Pre-revenue')).toEqual({ min: 0, max: 0 });
    expect(parseRange('n/a')).toBeNull();
  });
  it('reads stage ordinals', () => {
    expect(stageOrdinals('Pre-seed').ords).toEqual([0]);
    expect(stageOrdinals('Series B or later')).toEqual({ ords: [3], orLater: true });
    expect(stageOrdinals('Bootstrapped').ords).toEqual([-1]);
  });
});

describe('choices by meaning', () => {
  it('picks the option that means the value, and never "Other"', () => {
    expect(pick('industry', 'SaaS', labels('B2B Software', 'Consumer', 'Other'))).toBe('B2B Software');
    expect(pick('location', 'London, UK', labels('Europe', 'North America', 'Asia', 'Other'))).toBe('Europe');
    expect(pick('location', 'Berlin, Germany', labels('Germany', 'Europe (other)'))).toBe('Germany');
    expect(pick('location', 'Austin, TX, USA', labels('Europe', 'North America', 'Asia', 'Other'))).toBe(
      'North America',
    );
    expect(pick('industry', 'Robotics', labels('Fintech', 'Health', 'Other'))).toBeNull();
  });
});
