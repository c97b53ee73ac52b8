import { describe, expect, it } from 'vitest';
import { filtersFromAngelSearch, searchFromAngelFilters, validateAngelSearch } from './investor-search';
import { EMPTY_ANGEL_FILTERS } from './investor-queries';
import { EMPTY_VC_FILTERS } from './vc-queries';
import { aumRangeProblem, filtersFromSearch, searchFromFilters, validateVcSearch } from './vc-search';

describe('VC database URL', () => {
  it('round-trips filters and page, leaving out what is empty', () => {
    const filters = { ...EMPTY_VC_FILTERS, search: 'fintech', countries: ['Germany', 'France'], aumMin: '10' };
    const search = searchFromFilters(filters, 3);
    expect(search).toEqual({ search: 'fintech', country: ['Germany', 'France'], aumMin: '10', page: 3 });
    expect(filtersFromSearch(validateVcSearch(search))).toEqual(filters);
    expect(searchFromFilters(EMPTY_VC_FILTERS, 1)).toEqual({});
  });

  it('reads values as the router parses them (numbers, a single list value)', () => {
    expect(validateVcSearch({ aumMin: 5, country: 'Germany', page: '2' })).toEqual({
      aumMin: '5',
      country: ['Germany'],
      page: 2,
      search: undefined,
      investorType: undefined,
      aumMax: undefined,
      sort: undefined,
      fitMin: undefined,
      acceptsOnline: undefined,
    });
  });

  it('keeps the order and the fit bound in the address', () => {
    const filters = { ...EMPTY_VC_FILTERS, sort: 'name' as const, fitMin: '60' };
    const search = searchFromFilters(filters, 1);
    expect(search).toEqual({ sort: 'name', fitMin: '60' });
    expect(filtersFromSearch(validateVcSearch({ sort: 'fit', fitMin: 70 }))).toEqual({
      ...EMPTY_VC_FILTERS,
      sort: 'fit',
      fitMin: '70',
    });
    // An unknown order is the default; a fit bound the API refuses drops the filters.
    expect(validateVcSearch({ sort: 'best' }).sort).toBeUndefined();
    expect(validateVcSearch({ fitMin: '150', search: 'x', page: 2 })).toEqual({ page: 2 });
  });

  it('falls back to defaults for values that do not fit, never throwing', () => {
    const v = validateVcSearch({ page: -4, search: 'x'.repeat(500), country: [{}] });
    expect(v.page).toBeUndefined();
    expect(v.search).toBeUndefined();
    expect(v.country).toBeUndefined();
  });

  it('keeps "Accepts online applications" as a switch (a saved search brings it as text)', () => {
    const filters = { ...EMPTY_VC_FILTERS, acceptsOnline: true };
    expect(searchFromFilters(filters, 1)).toEqual({ acceptsOnline: true });
    expect(filtersFromSearch(validateVcSearch({ acceptsOnline: true }))).toEqual(filters);
    expect(filtersFromSearch(validateVcSearch({ acceptsOnline: 'true' }))).toEqual(filters);
    expect(validateVcSearch({ acceptsOnline: 'maybe' }).acceptsOnline).toBeUndefined();
  });

  it("drops filters the API's own schema refuses (a minimum above the maximum)", () => {
    expect(validateVcSearch({ aumMin: '50', aumMax: '10', page: 2 })).toEqual({ page: 2 });
  });

  it('drops them from what the screen reads too: the router lays the raw address under the validated search', () => {
    // match.search is { ...raw, ...validated }: a dropped value must come back as undefined, not be left out.
    const raw: Record<string, unknown> = { page: -3, aumMin: 90, aumMax: 1 };
    const read = { ...raw, ...validateVcSearch(raw) };
    expect(filtersFromSearch(read)).toEqual(EMPTY_VC_FILTERS);
    expect(read.page).toBeUndefined();
  });
});

describe('angel database URL', () => {
  it('round-trips filters and page, keeps range filters that arrive in the address', () => {
    const s = validateAngelSearch({ search: 'health', country: ['Spain'], investmentMin: 5, page: 4 });
    const filters = filtersFromAngelSearch(s);
    expect(filters).toMatchObject({ search: 'health', countries: ['Spain'], investmentMin: '5' });
    expect(searchFromAngelFilters(filters, 4)).toEqual({
      search: 'health',
      country: ['Spain'],
      investmentMin: '5',
      page: 4,
    });
  });

  it('drops refused ranges together', () => {
    expect(validateAngelSearch({ exitMin: '9', exitMax: '1' })).toEqual({ page: undefined });
    // …also from what the screen reads ({ ...raw, ...validated }, as the router gives it).
    const raw: Record<string, unknown> = { exitMin: 9, exitMax: 1, search: 'x' };
    expect(filtersFromAngelSearch({ ...raw, ...validateAngelSearch(raw) })).toEqual(EMPTY_ANGEL_FILTERS);
  });
});

describe('an AUM range the API would refuse', () => {
  it("given min 500 and max 10, then it says why in the founder's words", () => {
    expect(aumRangeProblem('500', '10')).toBe(
      'The minimum AUM ($500M) is above the maximum ($10M): lower the minimum or raise the maximum.',
    );
  });
  it('given a range in order, one end, or none, then there is no problem', () => {
    expect(aumRangeProblem('10', '500')).toBeNull();
    expect(aumRangeProblem('500', '')).toBeNull();
    expect(aumRangeProblem('', '')).toBeNull();
  });
});
