import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/root-route';

const updatesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/updates',
  component: lazyRouteComponent(() => import('./UpdatesPage'), 'UpdatesPage'),
});
const updateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/updates/$id',
  component: lazyRouteComponent(() => import('./UpdatePage'), 'UpdatePage'),
});

export const investorUpdatesRoutes = [updatesRoute, updateRoute] as const;
