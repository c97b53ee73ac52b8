import { AngelFilterQuery, MAX_SEARCH_LENGTH } from '@fp/contracts';
import { z } from 'zod';
import { listParam, pageParam, textParam } from '../../lib/url-search';
import { EMPTY_ANGEL_FILTERS, type AngelFilters } from './investor-queries';

/**
 * The angel database's view in the URL (/investors?search=…&country=…&investmentMin=5&page=2):
 * back/forward, reload and a shared link restore it. Filters the API's own schema refuses are
 * dropped together; anything else that does not fit falls back to its default.
 */
const angelSearchSchema = z.object({
  search: textParam(MAX_SEARCH_LENGTH),
  country: listParam,
  investmentMin: textParam(50),
  investmentMax: textParam(50),
  exitMin: textParam(50),
  exitMax: textParam(50),
  page: pageParam,
});
export type AngelSearch = z.output<typeof angelSearchSchema>;

// The router lays the address's own values under what validateSearch returns: a dropped filter is
// returned as undefined, or its raw value shows through.
const NO_ANGEL_FILTERS = Object.fromEntries(
  Object.keys(angelSearchSchema.shape).map((k) => [k, undefined]),
) as AngelSearch;

export function validateAngelSearch(raw: Record<string, unknown>): AngelSearch {
  const { page, ...filters } = angelSearchSchema.parse(raw);
  return AngelFilterQuery.safeParse(filters).success
    ? { ...NO_ANGEL_FILTERS, ...filters, page }
    : { ...NO_ANGEL_FILTERS, page };
}

export function filtersFromAngelSearch(s: AngelSearch): AngelFilters {
  return {
    ...EMPTY_ANGEL_FILTERS,
    search: s.search ?? '',
    countries: s.country ?? [],
    investmentMin: s.investmentMin ?? '',
    investmentMax: s.investmentMax ?? '',
    exitMin: s.exitMin ?? '',
    exitMax: s.exitMax ?? '',
  };
}

export function searchFromAngelFilters(f: AngelFilters, page: number): AngelSearch {
  const out: AngelSearch = {};
  if (f.search) out.search = f.search;
  if (f.countries.length) out.country = f.countries;
  for (const k of ['investmentMin', 'investmentMax', 'exitMin', 'exitMax'] as const) if (f[k]) out[k] = f[k];
  if (page > 1) out.page = page;
  return out;
}
