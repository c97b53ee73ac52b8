import type { AppConfig } from '@fp/infra';
import type pg from 'pg';
import { BetterAuthProvider } from './better-auth';
import type { IdentityProvider } from './port';
import { SuperTokensProvider } from './supertokens';

export * from './port';
export { BetterAuthProvider } from './better-auth';
export { SuperTokensProvider } from './supertokens';

export function createIdentityProvider(config: AppConfig, pool: pg.Pool): IdentityProvider {
  if (config.supertokensUrl) {
    return new SuperTokensProvider({ connectionURI: config.supertokensUrl, apiKey: config.supertokensApiKey, apiDomain: config.publicUrl, websiteDomain: config.publicUrl });
  }
  return new BetterAuthProvider(pool, { secret: config.authSecret, baseURL: config.publicUrl });
}
