import { fetchAppConfig } from '../../lib/identity/config';
import { BETTER_AUTH_TOKEN_KEY } from '../../lib/identity/token-key';

/**
 * The founder's own session in this browser, if any: their look at their own link is a preview
 * (the server decides from the token). Read without loading the app's identity stack, so an
 * investor's viewer stays small: the default provider keeps its token in localStorage; only a
 * SuperTokens deployment loads its client, and only when this browser may hold a session.
 */
export async function viewerSessionToken(): Promise<string | null> {
  try {
    const stored = localStorage.getItem(BETTER_AUTH_TOKEN_KEY);
    if (stored) return stored;
  } catch {
    // Storage blocked: no stored session.
  }
  if (!document.cookie.includes('sFrontToken')) return null;
  const config = await fetchAppConfig();
  if (config.identityProvider !== 'supertokens') return null;
  const { getIdentityStore } = await import('../../lib/identity');
  const store = getIdentityStore();
  await store.init();
  return store.getToken().catch(() => null);
}
