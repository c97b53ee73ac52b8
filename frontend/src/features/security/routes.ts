import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/root-route';

const securityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/security-dashboard',
  component: lazyRouteComponent(() => import('./SecurityDashboardPage'), 'SecurityDashboardPage'),
});

export const securityRoutes = [securityRoute] as const;
