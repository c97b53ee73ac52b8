export type { IdentityUser } from './types';
export { IdentityProvider, useAppConfig, useIdentity } from './IdentityProvider';
export { getIdentityStore } from './store';
export { displayName } from './names';
