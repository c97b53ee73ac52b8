import { MAX_SEARCH_LENGTH, VC_SORTS, VcFilterQuery } from '@fp/contracts';
import { z } from 'zod';
import { listParam, pageParam, textParam } from '../../lib/url-search';
import { EMPTY_VC_FILTERS, type VcFilters, type VcVariant } from './vc-queries';

/** Where each variant of the VC database lives: its route's path, which its filters read their search from. */
export const VC_DATABASE_PATHS = {
  vc: '/vc-database',
  test: '/test-vc-database',
} as const satisfies Record<VcVariant, string>;

/**
 * The VC database's view in the URL (/vc-database?search=…&country=[…]&page=2): back/forward,
 * reload and a shared link restore it. A value that does not fit falls back to its default (never
 * an error screen); filters the API's own schema refuses (e.g. a minimum above the maximum) are
 * dropped together.
 */
const vcSearchSchema = z.object({
  search: textParam(MAX_SEARCH_LENGTH),
  country: listParam,
  investorType: listParam,
  aumMin: textParam(50),
  aumMax: textParam(50),
  sort: z.enum(VC_SORTS).optional().catch(undefined),
  fitMin: textParam(3),
  // The router keeps it as a boolean in the URL (?acceptsOnline=true); a saved search may bring the API's 'true'.
  acceptsOnline: z
    .preprocess((v) => (v === true || v === 'true' ? true : undefined), z.literal(true).optional())
    .catch(undefined),
  page: pageParam,
});
export type VcSearch = z.output<typeof vcSearchSchema>;

// The router lays the address's own values under what validateSearch returns (match.search is
// { ...raw, ...validated }): a dropped filter is returned as undefined, or its raw value shows through.
const NO_VC_FILTERS = Object.fromEntries(Object.keys(vcSearchSchema.shape).map((k) => [k, undefined])) as VcSearch;

export function validateVcSearch(raw: Record<string, unknown>): VcSearch {
  const { page, ...filters } = vcSearchSchema.parse(raw);
  // The same schema the API validates the list call with decides which filters are valid.
  return VcFilterQuery.safeParse({ ...filters, acceptsOnline: filters.acceptsOnline ? 'true' : undefined }).success
    ? { ...NO_VC_FILTERS, ...filters, page }
    : { ...NO_VC_FILTERS, page };
}

/** The screen's filters from the URL's search. */
export function filtersFromSearch(s: VcSearch): VcFilters {
  return {
    ...EMPTY_VC_FILTERS,
    search: s.search ?? '',
    countries: s.country ?? [],
    investorTypes: s.investorType ?? [],
    aumMin: s.aumMin ?? '',
    aumMax: s.aumMax ?? '',
    sort: s.sort ?? '',
    fitMin: s.fitMin ?? '',
    acceptsOnline: s.acceptsOnline === true,
  };
}

/** The URL's search for filters and a page; empty values and page 1 are left out (short links). */
export function searchFromFilters(f: VcFilters, page: number): VcSearch {
  const out: VcSearch = {};
  if (f.search) out.search = f.search;
  if (f.countries.length) out.country = f.countries;
  if (f.investorTypes.length) out.investorType = f.investorTypes;
  if (f.aumMin) out.aumMin = f.aumMin;
  if (f.aumMax) out.aumMax = f.aumMax;
  if (f.sort) out.sort = f.sort;
  if (f.fitMin) out.fitMin = f.fitMin;
  if (f.acceptsOnline) out.acceptsOnline = true;
  if (page > 1) out.page = page;
  return out;
}

/**
 * Why the API would refuse this AUM range (its own schema decides), in the founder's words, or
 * null. The screen keeps what was typed and shows this instead of sending a search the server
 * answers with 400.
 */
export function aumRangeProblem(min: string, max: string): string | null {
  const r = VcFilterQuery.safeParse({ aumMin: min || undefined, aumMax: max || undefined });
  if (r.success) return null;
  const wrong = r.error.issues.find((i) => i.path[0] === 'aumMin' || i.path[0] === 'aumMax');
  if (wrong?.code === 'custom' && wrong.path[0] === 'aumMin' && min && max)
    return `The minimum AUM ($${min}M) is above the maximum ($${max}M): lower the minimum or raise the maximum.`;
  return 'Enter AUM in millions of dollars, as a number (e.g. 50 or 2.5).';
}
