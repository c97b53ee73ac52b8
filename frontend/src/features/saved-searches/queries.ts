import type { SavedSearch, SavedSearchKind, SavedSearchQuery } from '@fp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const savedSearchKeys = { all: ['saved-searches'] as const };

/** GET /api/saved-searches: every saved search with its new-match count (refreshed every minute). */
export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: savedSearchKeys.all,
    queryFn: async () => (await api('savedSearches', 'GET')).savedSearches,
    staleTime: 15_000,
    refetchInterval: 60_000,
  });

export const createSavedSearch = (body: { name: string; kind: SavedSearchKind; query: SavedSearchQuery }) =>
  api('savedSearches', 'POST', { body });
export const renameSavedSearch = (id: string, name: string) =>
  api('savedSearch', 'PATCH', { params: { id }, body: { name } });
export const openSavedSearch = (id: string) => api('savedSearchOpen', 'POST', { params: { id } });
export const deleteSavedSearch = (id: string) => api('savedSearch', 'DELETE', { params: { id } });

/** Where a saved search opens: its database screen with the filters in the URL. */
export const SCREEN: Record<SavedSearchKind, '/vc-database' | '/investors'> = {
  vc: '/vc-database',
  angel: '/investors',
};

/** "3 new" / "No new matches" / "12 matches" for a chip. */
export function matchLabel(s: Pick<SavedSearch, 'newMatches' | 'total'>): string {
  if (s.newMatches > 0) return `${s.newMatches.toLocaleString('en-US')} new`;
  return `${s.total.toLocaleString('en-US')} ${s.total === 1 ? 'match' : 'matches'}`;
}

/** A screen's URL search as a saved query: the filters without the page (the API's filter schema). */
export function savedQuery(
  search: { page?: number } & Record<string, string | string[] | number | boolean | undefined>,
): SavedSearchQuery {
  const out: SavedSearchQuery = {};
  // A switch (e.g. acceptsOnline) is kept as the API's 'true'.
  for (const [k, v] of Object.entries(search))
    if (k !== 'page' && v !== undefined && typeof v !== 'number') out[k] = typeof v === 'boolean' ? String(v) : v;
  return out;
}
