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
    if (roles) {
      const me = await rolesWithin(qc.ensureQueryData(meQueryOptions()), ROLES_WAIT_MS);
      if (!me || !mayOpen(accessOf(me.roles), roles)) return;
    }
    void qc.prefetchQuery(options);
  });
}

/**
 * The loader waits this long for the roles (usually cached, so at once): a slow /me must not hold
 * the screen back; past it nothing is primed and the screen's own query reads when it mounts.
 */
const ROLES_WAIT_MS = 5_000;

async function rolesWithin<T>(read: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}
