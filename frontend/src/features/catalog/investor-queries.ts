import type { AngelAllIdsResponse } from '@fp/contracts';
import { API_ROUTES, angelExportFileName, parseNumeric } from '@fp/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { guardedRequest, isRateLimitError, type ActivityGuard } from '../../lib/activity-guard';
import { api, ApiError, apiRequestRaw, sendKeyed } from '../../lib/api';
import { saveResponse } from '../../lib/download';

/** Page size of the angel investor list (spec §9: 50). */
export const ANGEL_PAGE_SIZE = 50;

export interface AngelFilters {
  search: string;
  /** Chosen location strings (the 'country' parameter). */
  countries: string[];
  investmentMin: string;
  investmentMax: string;
  exitMin: string;
  exitMax: string;
}

export const EMPTY_ANGEL_FILTERS: AngelFilters = {
  search: '',
  countries: [],
  investmentMin: '',
  investmentMax: '',
  exitMin: '',
  exitMax: '',
};

export const hasAngelFilters = (f: AngelFilters) =>
  Boolean(f.search || f.countries.length || f.investmentMin || f.investmentMax || f.exitMin || f.exitMax);

/** Range values as whole numbers, for the query key only (spec §5); sent as entered. */
const wholeOrNull = (v: string): number | null => {
  const n = parseNumeric(v);
  return n === undefined ? null : Math.trunc(n);
};

export function angelFilterQuery(f: AngelFilters) {
  return {
    search: f.search.trim(),
    country: f.countries,
    investmentMin: f.investmentMin,
    investmentMax: f.investmentMax,
    exitMin: f.exitMin,
    exitMax: f.exitMax,
  };
}

const keyOf = (f: AngelFilters) => ({
  search: f.search.trim(),
  countries: [...f.countries].sort(),
  investmentMin: wholeOrNull(f.investmentMin),
  investmentMax: wholeOrNull(f.investmentMax),
  exitMin: wholeOrNull(f.exitMin),
  exitMax: wholeOrNull(f.exitMax),
});

export const angelKeys = {
  list: (f: AngelFilters, page: number) => ['investors', 'list', keyOf(f), page] as const,
  options: () => ['investors', 'filter-options'] as const,
  detail: (id: string) => ['investors', 'detail', id] as const,
};

/** Retried up to 3 times, never for the local rate limit (spec §7). */
export const retryAngels = (failures: number, error: unknown) => !isRateLimitError(error) && failures < 3;

export const angelInvestorsQueryOptions = (filters: AngelFilters, page: number, guard: ActivityGuard) =>
  queryOptions({
    queryKey: angelKeys.list(filters, page),
    // The answer carries its page: while the next page loads, the previous one stays on screen with its own numbers.
    queryFn: async ({ signal }) => ({
      ...(await guardedRequest(
        guard,
        () =>
          api('investors', 'GET', {
            query: { page: String(page), limit: String(ANGEL_PAGE_SIZE), ...angelFilterQuery(filters) },
            signal,
          }),
        signal,
      )),
      page,
    }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: retryAngels,
  });

export const angelFilterOptionsQueryOptions = () =>
  queryOptions({
    queryKey: angelKeys.options(),
    queryFn: () => api('investorFilterOptions', 'GET'),
    staleTime: 5 * 60_000,
  });

export const angelDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: angelKeys.detail(id),
    queryFn: () => api('investor', 'GET', { params: { id } }),
    staleTime: 5 * 60_000,
  });

export async function fetchAllAngelIds(filters: AngelFilters, guard: ActivityGuard): Promise<string[]> {
  let body: AngelAllIdsResponse;
  try {
    body = await guardedRequest(guard, () => api('investorIds', 'GET', { query: angelFilterQuery(filters) }));
  } catch (err) {
    // Explanations from the server (too many matches) and the guard are kept; others are generic.
    if (isRateLimitError(err) || (err instanceof ApiError && err.status === 400)) throw err;
    throw new Error('Failed to fetch investor IDs');
  }
  if (!body || !Array.isArray(body.investorIds)) throw new Error('Failed to fetch investor IDs');
  return body.investorIds;
}

/** POST /api/export-angel-investors and save the CSV it answers. */
export async function exportAngels(ids: string[]): Promise<{ fileName: string; bytes: number }> {
  let res: Response;
  try {
    res = await sendKeyed((headers) =>
      apiRequestRaw(API_ROUTES.exportAngelInvestors, { method: 'POST', body: { investorIds: ids }, headers }),
    );
  } catch (err) {
    // A 402 carries the sentence to show in `message`.
    const body = err instanceof ApiError ? (err.body as { message?: unknown } | undefined) : undefined;
    throw new Error(
      typeof body?.message === 'string' ? body.message : (err as Error).message || 'Failed to export investor data',
    );
  }
  return saveResponse(res, angelExportFileName(new Date()));
}
