import type { QueryClient } from '@tanstack/react-query';
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
