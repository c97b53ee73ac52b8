import { setApiAuth } from '../api';
import { createBetterAuthAdapter } from './better-auth';
import { DEFAULT_CONFIG, fetchAppConfig } from './config';
import type { AppConfig, IdentityAdapter, IdentityProviderName, IdentityUser } from './types';

interface IdentitySnapshot {
  loaded: boolean;
  signedIn: boolean;
  user: IdentityUser | null;
  provider: IdentityProviderName | null;
  config: AppConfig;
}

export interface IdentityStore {
  getSnapshot(): IdentitySnapshot;
  subscribe(listener: () => void): () => void;
  /** Loads /api/config, picks the adapter and restores the session. Safe to call twice. */
  init(): Promise<void>;
  getToken(): Promise<string | null>;
  signIn(email: string, password: string): Promise<void>;
  signUp(name: string, email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
}

interface IdentityStoreOptions {
  loadConfig?: () => Promise<AppConfig>;
  /** Builds the adapter for a provider; tests inject a fake. */
  createAdapter?: (provider: IdentityProviderName) => Promise<IdentityAdapter>;
}

async function defaultCreateAdapter(provider: IdentityProviderName): Promise<IdentityAdapter> {
  if (provider === 'supertokens') {
    // Kept out of the main bundle: only deployments configured for SuperTokens load it.
    const { createSuperTokensAdapter } = await import('./supertokens');
    return createSuperTokensAdapter();
  }
  return createBetterAuthAdapter();
}

/**
 * Identity state outside React, so the request helper and route loaders can read it
 * synchronously and it is never a render behind.
 */
function createIdentityStore(options: IdentityStoreOptions = {}): IdentityStore {
  const loadConfig = options.loadConfig ?? (() => fetchAppConfig());
  const createAdapter = options.createAdapter ?? defaultCreateAdapter;
  let snapshot: IdentitySnapshot = {
    loaded: false,
    signedIn: false,
    user: null,
    provider: null,
    config: DEFAULT_CONFIG,
  };
  let adapter: IdentityAdapter | null = null;
  let initPromise: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  function set(patch: Partial<IdentitySnapshot>) {
    snapshot = { ...snapshot, ...patch };
    snapshot.signedIn = snapshot.loaded && snapshot.user !== null;
    for (const l of listeners) l();
  }

  async function ready(): Promise<IdentityAdapter> {
    await store.init();
    if (!adapter) throw new Error('Sign-in is unavailable right now. Please refresh the page.');
    return adapter;
  }

  const store: IdentityStore = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    init() {
      initPromise ??= (async () => {
        const config = await loadConfig();
        let user: IdentityUser | null = null;
        try {
          adapter = await createAdapter(config.identityProvider);
          user = await adapter.loadUser();
        } catch (error) {
          console.error('Could not restore the session', error);
        }
        set({ loaded: true, user, provider: adapter?.provider ?? null, config });
      })();
      return initPromise;
    },
    async getToken() {
      if (!adapter || !snapshot.signedIn) return null;
      return adapter.getToken();
    },
    async signIn(email, password) {
      const a = await ready();
      const user = await a.signIn(email.trim(), password);
      set({ user });
    },
    async signUp(name, email, password) {
      const a = await ready();
      const user = await a.signUp(name.trim(), email.trim(), password);
      set({ user });
    },
    async signOut() {
      const a = await ready();
      try {
        await a.signOut();
      } finally {
        set({ user: null });
      }
    },
  };
  return store;
}

let appStore: IdentityStore | null = null;

/** The app-wide store, bound to the request helper on first use. */
export function getIdentityStore(): IdentityStore {
  if (!appStore) {
    const s = createIdentityStore();
    setApiAuth({ isSignedIn: () => s.getSnapshot().signedIn, getToken: () => s.getToken() });
    appStore = s;
  }
  return appStore;
}
