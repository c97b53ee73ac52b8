import type { AngelInvestorListItem } from '@fp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { activityGuard } from '../../../lib/activity-guard';
import { useIdentity } from '../../../lib/identity';
import { useActivityGuard } from '../ActivityBanner';
import { ANGEL_PAGE_SIZE, angelFilterOptionsQueryOptions, angelInvestorsQueryOptions } from '../investor-queries';
import { useAngelExport } from './useAngelExport';
import { useInvestorFilters } from './useInvestorFilters';
import { useInvestorSelection } from './useInvestorSelection';

/** Everything the angel investors screen shows and does: filters in the URL, the list, selection, export. */
export function useInvestors() {
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const guard = activityGuard;
  const { blocking } = useActivityGuard(guard);
  const ready = identity.loaded && identity.signedIn;
  const view = useInvestorFilters();
  const { filters, page } = view;

  const list = useQuery({ ...angelInvestorsQueryOptions(filters, page, guard), enabled: ready && !blocking });
  const options = useQuery({ ...angelFilterOptionsQueryOptions(), enabled: ready });

  const rows = useMemo(() => list.data?.investors ?? [], [list.data]);
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ANGEL_PAGE_SIZE));

  // The next page is fetched ahead while the guard is calm, so Next shows it at once.
  useEffect(() => {
    if (!ready || blocking || list.isPlaceholderData || !list.data || page >= pages || guard.getSnapshot().warning)
      return;
    void queryClient.prefetchQuery(angelInvestorsQueryOptions(filters, page + 1, guard));
  }, [ready, blocking, list.data, list.isPlaceholderData, page, pages, filters, guard, queryClient]);

  const selection = useInvestorSelection(
    guard,
    filters,
    rows.map((r) => r.id),
  );
  const exporter = useAngelExport(ready, selection);
  const [details, setDetails] = useState<AngelInvestorListItem | null>(null);
  const locationOptions = useMemo(() => options.data?.countries ?? [], [options.data]);

  return { guard, view, list, rows, total, locationOptions, selection, exporter, details, setDetails };
}

export type Investors = ReturnType<typeof useInvestors>;
