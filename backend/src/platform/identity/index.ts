// The identity port and its two adapters; the composition root (runtime.ts) picks one.
export * from './port';
export { BetterAuthProvider } from './better-auth';
export { SuperTokensProvider } from './supertokens';
