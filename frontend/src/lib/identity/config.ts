import { API_ROUTES } from '@fp/contracts';
import type { AppConfig } from './types';

export const DEFAULT_CONFIG: AppConfig = {
  identityProvider: 'better-auth',
  bookCallUrl: '',
  contactUrl: '',
};

/** Fills gaps with defaults so a partial or missing config still boots the app. */
function normalizeConfig(raw: unknown): AppConfig {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const str = (v: unknown, d: string) => (typeof v === 'string' ? v : d);
  return {
    identityProvider: r.identityProvider === 'supertokens' ? 'supertokens' : 'better-auth',
    bookCallUrl: str(r.bookCallUrl, DEFAULT_CONFIG.bookCallUrl),
    contactUrl: str(r.contactUrl, DEFAULT_CONFIG.contactUrl),
  };
}

/** GET /api/config is public, so it bypasses the bearer-token request helper. */
export async function fetchAppConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  try {
    const res = await fetchImpl(API_ROUTES.config, { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`status ${res.status}`);
    return normalizeConfig(await res.json());
  } catch (error) {
    console.error('Could not load /api/config; using defaults', error);
    return DEFAULT_CONFIG;
  }
}
