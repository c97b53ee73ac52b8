import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import type { AnyRoute } from '@tanstack/react-router';
import { meQueryOptions } from '../features/accounts';
import { whenSignedIn, type RouterContext } from '../lib/router-context';
import { accessOf, mayOpen } from './nav';

/**
 * The loader of a screen the server opens to some roles only (its route's `staticData.roles`):
 * like `prefetch`, but the read starts only if the signed-in user's roles open the screen, so an
 * auditor sent on to the ledger, or a founder who types /ops, fires no read the server refuses
 * (403). The roles come from GET /api/auth/me, usually cached already (the sidebar reads it too).
 *   loader: (args) => prefetchIfOpen(args, opsSummaryQueryOptions())
 */
export function prefetchIfOpen<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  { context, route }: { context: RouterContext; route: AnyRoute },
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<void> {
  return whenSignedIn(context, async (qc) => {
    const roles = route.options.staticData?.roles;
    if (roles && !mayOpen(accessOf((await qc.ensureQueryData(meQueryOptions())).roles), roles)) return;
    void qc.prefetchQuery(options);
  });
}
