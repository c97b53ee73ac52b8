import { fitProfileComplete, type VcFirmWithFit } from '@fp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { activityGuard, noActivityGuard } from '../../../lib/activity-guard';
import { useIdentity } from '../../../lib/identity';
import { startupProfileQueryOptions } from '../../profile';
import {
  listQueryFor,
  VC_PAGE_SIZES,
  vcFilterOptionsQueryOptions,
  vcFirmsQueryOptions,
  type VcFilters,
  type VcVariant,
} from '../vc-queries';
import { useVcFilters } from './useVcFilters';
import { useVcSelection } from './useVcSelection';
import { useVcSubmit } from './useVcSubmit';

/** Everything the VC database screen shows and does: filters in the URL, the list, selection, submit. */
export function useVcDatabase(variant: VcVariant) {
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const guard = variant === 'vc' ? activityGuard : noActivityGuard;
  const pageSize = VC_PAGE_SIZES[variant];
  const ready = identity.loaded && identity.signedIn;
  const view = useVcFilters(variant);
  const { filters, page } = view;

  // Fit for the founder's startup (rules in contracts, scored by the server): best fit is the
  // default order once the profile names stage and industry; before that the list is by name and
  // the fit controls say what is missing. The list waits for the profile to know its order.
  const profile = useQuery({ ...startupProfileQueryOptions(), enabled: ready });
  const fitReady = fitProfileComplete(profile.data?.profile);
  // Memoised: the prefetch below depends on it and must not run again on every render.
  const query: VcFilters = useMemo(() => listQueryFor(filters, fitReady), [filters, fitReady]);
  const list = useQuery({ ...vcFirmsQueryOptions(variant, query, page, guard), enabled: ready && !profile.isPending });
  const options = useQuery({ ...vcFilterOptionsQueryOptions(variant), enabled: ready });

  const firms = useMemo(() => list.data?.firms ?? [], [list.data]);
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  // The next page is fetched ahead while the guard is calm, so Next shows it at once.
  useEffect(() => {
    if (!ready || list.isPlaceholderData || !list.data || page >= pages || guard.getSnapshot().warning) return;
    void queryClient.prefetchQuery(vcFirmsQueryOptions(variant, query, page + 1, guard));
  }, [ready, list.data, list.isPlaceholderData, page, pages, query, variant, guard, queryClient]);

  const selection = useVcSelection(variant, guard, query, firms);
  const submit = useVcSubmit(variant, ready, identity.signedIn, selection, firms);
  const [details, setDetails] = useState<VcFirmWithFit | null>(null);

  return {
    guard,
    pageSize,
    view,
    query,
    fit: { ready: fitReady, missing: ready && profile.isSuccess && !fitReady },
    list,
    options: options.data,
    firms,
    total,
    selection,
    submit,
    details,
    setDetails,
  };
}

export type VcDatabase = ReturnType<typeof useVcDatabase>;
