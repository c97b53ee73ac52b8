import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { getIdentityStore, type IdentityStore } from './store';
import type { AppConfig, Identity } from './types';

interface IdentityContextValue {
  identity: Identity;
  config: AppConfig;
  store: IdentityStore;
}

const IdentityContext = createContext<IdentityContextValue | null>(null);

/** Provides useIdentity() / useAppConfig(). Pass a store to inject a fake in tests. */
export function IdentityProvider({ children, store: given }: { children: ReactNode; store?: IdentityStore }) {
  const store = given ?? getIdentityStore();
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);

  useEffect(() => {
    void store.init();
  }, [store]);

  const value = useMemo<IdentityContextValue>(
    () => ({
      store,
      config: snap.config,
      identity: {
        loaded: snap.loaded,
        signedIn: snap.signedIn,
        user: snap.user,
        provider: snap.provider,
        getToken: store.getToken,
        signIn: store.signIn,
        signUp: store.signUp,
        signOut: store.signOut,
      },
    }),
    [snap, store],
  );
  return <IdentityContext.Provider value={value}>{children}</IdentityContext.Provider>;
}

function useIdentityContext(): IdentityContextValue {
  const ctx = useContext(IdentityContext);
  if (!ctx) throw new Error('useIdentity must be used inside <IdentityProvider>');
  return ctx;
}

/** { loaded, signedIn, user, provider, getToken, signIn, signUp, signOut } */
export function useIdentity(): Identity {
  return useIdentityContext().identity;
}

/** The public config from GET /api/config (defaults until loaded). */
export function useAppConfig(): AppConfig {
  return useIdentityContext().config;
}
