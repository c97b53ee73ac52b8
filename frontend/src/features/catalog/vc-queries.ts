import type { VcSort } from '@fp/contracts';
import type { SubmitPlanResponse, SubmitResponse } from '@fp/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { guardedRequest, type ActivityGuard } from '../../lib/activity-guard';
import { api, sendKeyed } from '../../lib/api';

export type VcVariant = 'vc' | 'test';

/** The routes of each database (submitting is the submissions module's, with a body per database). */
const VC_ROUTES = {
  vc: { list: 'vcFirms', options: 'vcFilterOptions', allIds: 'vcFirmIds' },
  test: { list: 'testVcFirms', options: 'testFilterOptions', allIds: 'testVcFirmIds' },
} as const;

export const VC_PAGE_SIZES: Record<VcVariant, number> = { vc: 25, test: 20 };

/**
 * The filters as the screen holds them; AUM bounds as typed (digits and a dot). `sort` '' is the
 * default (best fit once the profile names stage and industry, else name); `fitMin` '' is any fit.
 */
export interface VcFilters {
  search: string;
  countries: string[];
  investorTypes: string[];
  aumMin: string;
  aumMax: string;
  sort: '' | VcSort;
  fitMin: string;
  /** Only firms the registry found a usable application form on ("Accepts online applications"). */
  acceptsOnline: boolean;
}

export const EMPTY_VC_FILTERS: VcFilters = {
  search: '',
  countries: [],
  investorTypes: [],
  aumMin: '',
  aumMax: '',
  sort: '',
  fitMin: '',
  acceptsOnline: false,
};

/**
 * The filters the list is asked with: best fit first by default once the founder's profile names
 * stage and industry (`fitReady`), else by name and without a fit floor. The route's loader and
 * the screen ask with the same key, so the screen finds the loader's request already on its way.
 */
export const listQueryFor = (filters: VcFilters, fitReady: boolean): VcFilters =>
  fitReady ? { ...filters, sort: filters.sort || 'fit' } : { ...filters, sort: 'name', fitMin: '' };

export const hasVcFilters = (f: VcFilters) =>
  Boolean(
    f.search || f.countries.length || f.investorTypes.length || f.aumMin || f.aumMax || f.fitMin || f.acceptsOnline,
  );

/** Query string of the list and all-ids calls (empty values are left out by the request helper). */
function vcFilterQuery(f: VcFilters) {
  return {
    search: f.search.trim(),
    country: f.countries,
    investorType: f.investorTypes,
    aumMin: f.aumMin,
    aumMax: f.aumMax,
    fitMin: f.fitMin,
    sort: f.sort,
    acceptsOnline: f.acceptsOnline ? ('true' as const) : undefined,
  };
}

const vcKeys = {
  all: (v: VcVariant) => ['vc-firms', v] as const,
  list: (v: VcVariant, f: VcFilters, page: number) => ['vc-firms', v, 'list', f, page] as const,
  options: (v: VcVariant) => ['vc-firms', v, 'filter-options'] as const,
};

/**
 * One page of firms. Cached pages show at once (fresh 5 min); a new page keeps the previous one
 * on screen while the guard's delay and the request run.
 */
export const vcFirmsQueryOptions = (variant: VcVariant, filters: VcFilters, page: number, guard: ActivityGuard) =>
  queryOptions({
    queryKey: vcKeys.list(variant, filters, page),
    // The answer carries its page: while the next page loads, the previous one stays on screen with its own numbers.
    queryFn: async ({ signal }) => ({
      ...(await guardedRequest(
        guard,
        () =>
          api(VC_ROUTES[variant].list, 'GET', {
            query: { page: String(page), limit: String(VC_PAGE_SIZES[variant]), ...vcFilterQuery(filters) },
            signal,
          }),
        signal,
      )),
      page,
    }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    // General data is not retried (spec §9); the local rate limit never is.
    retry: false,
  });

/** Countries and investor types (the test database's cached 5 min, like the rest). */
export const vcFilterOptionsQueryOptions = (variant: VcVariant) =>
  queryOptions({
    queryKey: vcKeys.options(variant),
    queryFn: () => api(VC_ROUTES[variant].options, 'GET'),
    staleTime: 5 * 60_000,
  });

export const INVALID_RESPONSE = 'Invalid response format from server';

/** Select All Filtered: every id matching the filters. */
export async function fetchAllVcIds(variant: VcVariant, filters: VcFilters, guard: ActivityGuard): Promise<string[]> {
  const body = await guardedRequest(guard, () =>
    api(VC_ROUTES[variant].allIds, 'GET', { query: vcFilterQuery(filters) }),
  );
  if (!body || !Array.isArray(body.vcIds)) throw new Error(INVALID_RESPONSE);
  return body.vcIds;
}

/** POST /api/submit-plan: what submitting these firms would do now (nothing is sent or charged). */
export function submitPlan(variant: VcVariant, ids: string[]): Promise<SubmitPlanResponse> {
  return api('submitPlan', 'POST', { body: { vcIds: ids, test: variant === 'test' } });
}

/** POST /api/submit-to-selected-vcs or /api/submit-to-test-vcs (built by the submissions module). */
export async function submitToVcs(variant: VcVariant, ids: string[]): Promise<SubmitResponse> {
  // Read leniently, as before: a missing part is none.
  const r: Partial<SubmitResponse> = await sendKeyed((headers) =>
    variant === 'test'
      ? api('submitToTestVcs', 'POST', { body: { testVcIds: ids }, headers })
      : api('submitToSelectedVcs', 'POST', { body: { vcIds: ids }, headers }),
  );
  return { creditsDeducted: r.creditsDeducted ?? 0, submissionIds: r.submissionIds ?? [], skipped: r.skipped ?? [] };
}
