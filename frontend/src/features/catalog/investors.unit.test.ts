import { describe, expect, it } from 'vitest';
import {
  checkState,
  locationChips,
  locationModel,
  rangeChipLabel,
  toggleEveryLocation,
  toggleGroup,
  toggleLocation,
} from './locations';

const OPTIONS = [
  'San Francisco, CA',
  'New York, NY',
  'London, United Kingdom',
  'United States',
  'Berlin, Germany',
  'Remote',
  'Global',
  ...Array.from({ length: 20 }, (_, i) => `City ${i}, TX`),
  ...Array.from({ length: 22 }, (_, i) => `Nowhere ${i}`),
];

describe('angel location dropdown', () => {
  it('groups locations by region, 15 listed per region then +N more', () => {
    const m = locationModel(OPTIONS, []);
    const na = m.regions.find((r) => r.label === 'North America')!;
    expect(na.locations).toHaveLength(23);
    expect(na.shown).toHaveLength(15);
    expect(na.more).toBe(8);
    expect(m.regions.find((r) => r.label === 'Europe')!.locations).toEqual([
      'London, United Kingdom',
      'Berlin, Germany',
    ]);
    expect(m.regions.map((r) => r.label)).toEqual(['North America', 'Europe', 'Other']);
  });

  it('lists Other Locations (first 20, then +N more locations) and popular countries with all their locations', () => {
    const m = locationModel(OPTIONS, []);
    expect(m.other.locations).toHaveLength(24);
    expect(m.other.shown).toEqual(['Remote', 'Global', ...Array.from({ length: 18 }, (_, i) => `Nowhere ${i}`)]);
    expect(m.other.more).toBe(4);
    const us = m.popular.find((p) => p.label === 'United States')!;
    expect(us.locations).toContain('San Francisco, CA');
    expect(us.locations).toContain('United States');
    expect(m.popular.map((p) => p.label)).toEqual(['United States', 'United Kingdom', 'Germany']);
  });

  it('marks a partly chosen region as partial, a fully chosen one as all', () => {
    const m = locationModel(OPTIONS, ['London, United Kingdom']);
    expect(m.regions.find((r) => r.label === 'Europe')!.state).toBe('partial');
    const m2 = locationModel(OPTIONS, ['London, United Kingdom', 'Berlin, Germany']);
    expect(m2.regions.find((r) => r.label === 'Europe')!.state).toBe('all');
    expect(m2.all).toBe('partial');
    expect(checkState([], new Set())).toBe('none');
  });

  it("'all' selects every location or none; a region adds or removes all of it; a location toggles alone", () => {
    expect(toggleEveryLocation(OPTIONS, [])).toEqual(OPTIONS);
    expect(toggleEveryLocation(OPTIONS, OPTIONS)).toEqual([]);
    expect(toggleEveryLocation(OPTIONS, ['Remote'])).toEqual(OPTIONS);
    const europe = ['London, United Kingdom', 'Berlin, Germany'];
    expect(toggleGroup(europe, ['Remote', 'Berlin, Germany']).sort()).toEqual([
      'Berlin, Germany',
      'London, United Kingdom',
      'Remote',
    ]);
    expect(toggleGroup(europe, ['Remote', ...europe])).toEqual(['Remote']);
    expect(toggleLocation('Remote', ['Remote', 'Global'])).toEqual(['Global']);
    expect(toggleLocation('Remote', ['Global'])).toEqual(['Global', 'Remote']);
  });

  it('shows a fully chosen region as one chip, other choices one by one', () => {
    const chips = locationChips(OPTIONS, ['London, United Kingdom', 'Berlin, Germany', 'Remote']);
    expect(chips.map((c) => c.label)).toEqual(['Europe', 'Remote']);
    expect(chips[0]!.locations).toEqual(['London, United Kingdom', 'Berlin, Germany']);
  });

  it('labels range chips, ∞ for no upper bound', () => {
    expect(rangeChipLabel('5', '', 'Investments')).toBe('5 - ∞ Investments');
    expect(rangeChipLabel('', '10', 'Exits')).toBe('0 - 10 Exits');
    expect(rangeChipLabel('2', '9', 'Investments')).toBe('2 - 9 Investments');
    expect(rangeChipLabel(' ', '', 'Exits')).toBeNull();
  });
});

describe('angel investor queries', () => {
  it('uses whole numbers in the query key but sends range values as entered', async () => {
    const { angelFilterQuery, angelKeys, EMPTY_ANGEL_FILTERS } = await import('./investor-queries');
    const f = { ...EMPTY_ANGEL_FILTERS, investmentMin: '3.7', exitMax: ' 1 2 ', countries: ['B', 'A'] };
    expect(angelKeys.list(f, 2)).toEqual([
      'investors',
      'list',
      { search: '', countries: ['A', 'B'], investmentMin: 3, investmentMax: null, exitMin: null, exitMax: 12 },
      2,
    ]);
    expect(angelKeys.list({ ...f, investmentMin: '3.2' }, 2)).toEqual(angelKeys.list(f, 2));
    expect(angelFilterQuery(f)).toMatchObject({ investmentMin: '3.7', exitMax: ' 1 2 ', country: ['B', 'A'] });
  });

  it('retries the list up to 3 times, never after the local rate limit', async () => {
    const { retryAngels } = await import('./investor-queries');
    const { RateLimitError } = await import('../../lib/activity-guard');
    expect(retryAngels(0, new Error('x'))).toBe(true);
    expect(retryAngels(2, new Error('x'))).toBe(true);
    expect(retryAngels(3, new Error('x'))).toBe(false);
    expect(retryAngels(0, new RateLimitError())).toBe(false);
  });
});
