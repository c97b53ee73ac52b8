import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { IdentityStore } from './identity/store';

/** What every route's loader / beforeLoad receives as `context`. */
export interface RouterContext {
  queryClient: QueryClient;
  /** Live identity state: context.identity.getSnapshot().signedIn */
  identity: IdentityStore;
}

/**
 * Loader helper: prefetch only for signed-in users (API calls need a session), e.g.
 *   loader: ({ context }) => whenSignedIn(context, (qc) => qc.ensureQueryData(creditBalanceQueryOptions()))
 * Signed-out visitors see the sign-in form instead, so nothing is lost by skipping.
 */
export async function whenSignedIn(
  context: RouterContext,
  load: (queryClient: QueryClient) => Promise<unknown>,
): Promise<void> {
  if (!context.identity.getSnapshot().signedIn) return;
  try {
    await load(context.queryClient);
  } catch {
    // The component's own query shows the error state; a failed prefetch must not blank the page.
  }
}

/**
 * The usual loader: start the screen's main read without awaiting it, so the screen shows its
 * skeleton at once while the request runs beside the page's code: `loader: ({ context }) =>
 * prefetch(context, pipelineQueryOptions())`.
 */
export function prefetch<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  context: RouterContext,
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<void> {
  return whenSignedIn(context, async (qc) => void qc.prefetchQuery(options));
}
