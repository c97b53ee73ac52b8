import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { EMPTY_ANGEL_FILTERS, type AngelFilters } from '../investor-queries';
import { filtersFromAngelSearch, searchFromAngelFilters } from '../investor-search';

const route = getRouteApi('/investors');

/** The angel database's query, filters and page, kept in the URL, and the draft of the search box. */
export function useInvestorFilters() {
  // Query, filters and page live in the URL (validated by the route's validateSearch). Range filters
  // have no inputs here (spec §2); they can arrive in the address (?investmentMin=5).
  const navigate = useNavigate();
  const search = route.useSearch();
  const filters = useMemo(() => filtersFromAngelSearch(search), [search]);
  const page = search.page ?? 1;
  const setView = (f: AngelFilters, p: number) => void navigate({ to: '.', search: searchFromAngelFilters(f, p) });
  const setPage = (p: number) => setView(filters, p);
  const [searchDraft, setSearchDraft] = useState(filters.search);
  // Back/forward or a shared link changes the URL: the search box follows it.
  useEffect(() => setSearchDraft(filters.search), [filters.search]);

  function applyFilters(next: Partial<AngelFilters>) {
    setView({ ...filters, ...next }, 1);
  }
  function clearAll() {
    setSearchDraft('');
    applyFilters(EMPTY_ANGEL_FILTERS);
  }
  // Enter always runs the search and returns to page 1 (spec §4).
  const applySearch = () => applyFilters({ search: searchDraft.trim() });

  return { filters, page, setPage, searchDraft, setSearchDraft, applyFilters, applySearch, clearAll };
}
