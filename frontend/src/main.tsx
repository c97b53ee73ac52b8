import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from './app/ErrorScreen';
import { getIdentityStore, IdentityProvider, useIdentity } from './lib/identity';
import { ThemeProvider } from './lib/theme';
import { createAppRouter } from './router';
import './index.css';

// General data: fresh 5 min, no refetch on focus, no retry (spec §9); features override per query.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5 * 60_000, refetchOnWindowFocus: false, retry: false },
  },
});
const identityStore = getIdentityStore();
const router = createAppRouter(queryClient, identityStore);

function AppRouter() {
  const { signedIn } = useIdentity();
  // Loaders skip API prefetches while signed out; run them again once the session changes.
  useEffect(() => {
    void router.invalidate();
  }, [signedIn]);
  return <RouterProvider router={router} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <IdentityProvider store={identityStore}>
            <AppRouter />
          </IdentityProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </ErrorBoundary>
  </StrictMode>,
);
