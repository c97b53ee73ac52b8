import type { AppConfig } from '@fp/infra';
import type { SecurityDebugResponse } from '@fp/contracts';

/**
 * The debug card's server-side facts, for admins only: a founder's API call never gets
 * the environment, the API base or the publishable key (the provider's public address, encoded).
 */
export function debugInfo(
  config: Pick<AppConfig, 'supertokensUrl' | 'publicUrl' | 'environment'>,
  user: { id: string; email?: string | null },
): SecurityDebugResponse {
  const provider = config.supertokensUrl ? 'supertokens' : 'better-auth';
  const prefix = provider === 'supertokens' ? 'st_pk_' : 'ba_pk_';
  return {
    userId: user.id,
    email: user.email ?? null,
    environment: config.environment,
    identityProvider: provider,
    apiBase: config.publicUrl,
    publishableKey: `${prefix}${Buffer.from(config.publicUrl).toString('base64url')}`,
  };
}
