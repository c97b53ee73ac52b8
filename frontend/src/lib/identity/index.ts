export type { AppConfig, Identity, IdentityAdapter, IdentityProviderName, IdentityUser } from './types';
export { IdentityProvider, useAppConfig, useIdentity, useIdentityStore } from './IdentityProvider';
export { createIdentityStore, getIdentityStore, type IdentitySnapshot, type IdentityStore } from './store';
export { displayName, splitName } from './names';
