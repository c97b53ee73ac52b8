import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/root-route';
import { AuthScreen } from './AuthScreen';

// The sign-in form and the pages opened from an e-mail's link, signed in or not (no app shell).
const authRoute = createRoute({ getParentRoute: () => rootRoute, path: '/auth', component: AuthScreen });
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  component: lazyRouteComponent(() => import('./ResetPasswordPage'), 'ResetPasswordPage'),
});
const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify-email',
  component: lazyRouteComponent(() => import('./VerifyEmailPage'), 'VerifyEmailPage'),
});

export const accountsRoutes = [authRoute, resetPasswordRoute, verifyEmailRoute] as const;
