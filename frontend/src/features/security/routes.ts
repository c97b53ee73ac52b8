import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/root-route';
import { prefetch } from '../../lib/router-context';
import { securityStatusQueryOptions } from './queries';

const securityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/security-dashboard',
  component: lazyRouteComponent(() => import('./SecurityDashboardPage'), 'SecurityDashboardPage'),
  // Not awaited: the dashboard shows at once; its other reads start once this one answers (admins only).
  loader: ({ context }) => prefetch(context, securityStatusQueryOptions()),
});

export const securityRoutes = [securityRoute] as const;
