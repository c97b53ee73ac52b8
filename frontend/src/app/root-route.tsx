import {
  createRootRouteWithContext,
  createRoute,
  Navigate,
  Outlet,
  useRouterState,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import type { JSX } from 'react';
import { AuthScreen, SignInPage } from '../features/accounts';
import { useOpsAccess } from '../features/ops';
import { useIdentity } from '../lib/identity';
import type { RouterContext } from '../lib/router-context';
import { Toaster } from '../ui/Toaster';
import { AppShell } from './AppShell';
import { ErrorScreen } from './ErrorScreen';
import { LoadingScreen } from './LoadingScreen';
import { AUDITOR_HOME, isAuthPath, isDeckViewerPath } from './nav';
import { NotFoundPage } from './NotFoundPage';

/**
 * The gate: /auth and /sign-* render only the sign-in form. Everything else shows the loading
 * view until auth has loaded, then the shell and the route when signed in, else the sign-in form.
 */
function RootLayout(): JSX.Element {
  // Toasts live inside the router so that a toast may hold a <Link>.
  return (
    <>
      <Gate />
      <Toaster />
    </>
  );
}

function Gate(): JSX.Element {
  const identity = useIdentity();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (isAuthPath(pathname)) return <Outlet />;
  // The public deck viewer: no account, no shell (it still sees a founder's session, to not count their visits).
  if (isDeckViewerPath(pathname)) return <Outlet />;
  if (!identity.loaded) return <LoadingScreen />;
  if (!identity.signedIn) return <SignInPage />;
  return <SignedIn pathname={pathname} />;
}

/** The shell; an auditor is kept on the ledger, the only screen the server opens to them. */
function SignedIn({ pathname }: { pathname: string }): JSX.Element {
  const { auditor } = useOpsAccess();
  if (auditor && !pathname.startsWith(AUDITOR_HOME)) return <Navigate to={AUDITOR_HOME} replace />;
  return (
    <AppShell pathname={pathname}>
      <Outlet />
    </AppShell>
  );
}

function RouteError({ reset }: ErrorComponentProps): JSX.Element {
  return <ErrorScreen onDismiss={reset} />;
}

/**
 * The root of the route tree, in a module of its own: each feature's routes.ts hangs its routes
 * under it (`getParentRoute: () => rootRoute`) and router.tsx assembles them, so no feature
 * imports the router and nothing runs in a circle.
 */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});

/** Unknown paths: 404, except /sign-* which belongs to the sign-in form. */
function CatchAll(): JSX.Element {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return isAuthPath(pathname) ? <AuthScreen /> : <NotFoundPage />;
}

/** Everything no feature claims: /sign-* (sign-in form) or the 404 screen. */
export const catchAllRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', component: CatchAll });
