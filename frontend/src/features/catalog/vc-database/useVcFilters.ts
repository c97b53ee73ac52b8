import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { EMPTY_VC_FILTERS, type VcFilters, type VcVariant } from '../vc-queries';
import { aumRangeProblem, filtersFromSearch, searchFromFilters, VC_DATABASE_PATHS } from '../vc-search';

export type AumDraft = { min: string; max: string };

/** The VC database's query, filters and page, kept in the URL, and the drafts of the typed inputs. */
export function useVcFilters(variant: VcVariant) {
  const navigate = useNavigate();
  // Query, filters and page live in the URL, as the variant's route validated them (validateSearch).
  const search = useSearch({ from: VC_DATABASE_PATHS[variant] });
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const page = search.page ?? 1;
  const setView = (f: VcFilters, p: number) => void navigate({ to: '.', search: searchFromFilters(f, p) });
  const setPage = (p: number) => setView(filters, p);
  const [searchDraft, setSearchDraft] = useState(filters.search);
  const [aumDraft, setAumDraft] = useState<AumDraft>({ min: filters.aumMin, max: filters.aumMax });
  // A range the API would refuse is not applied: the typed values stay, with the reason beside them.
  const [aumError, setAumError] = useState<string | null>(null);
  // Back/forward or a shared link changes the URL: the inputs follow it.
  useEffect(() => {
    setSearchDraft(filters.search);
    setAumDraft({ min: filters.aumMin, max: filters.aumMax });
  }, [filters.search, filters.aumMin, filters.aumMax]);

  function applyFilters(next: Partial<VcFilters>) {
    setView({ ...filters, ...next }, 1);
  }
  function applyAum() {
    const problem = aumRangeProblem(aumDraft.min, aumDraft.max);
    setAumError(problem);
    if (problem) return;
    if (aumDraft.min !== filters.aumMin || aumDraft.max !== filters.aumMax)
      applyFilters({ aumMin: aumDraft.min, aumMax: aumDraft.max });
  }
  function applySearch() {
    if (searchDraft.trim() !== filters.search) applyFilters({ search: searchDraft.trim() });
  }
  function clearFilters() {
    setSearchDraft('');
    setAumDraft({ min: '', max: '' });
    setAumError(null);
    // The order is not a filter: it stays.
    applyFilters({ ...EMPTY_VC_FILTERS, sort: filters.sort });
  }

  return {
    filters,
    page,
    setPage,
    searchDraft,
    setSearchDraft,
    aumDraft,
    setAumDraft,
    aumError,
    applyFilters,
    applyAum,
    applySearch,
    clearFilters,
  };
}
