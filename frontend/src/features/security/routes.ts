import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Shield } from 'lucide-react';
import { rootRoute } from '../../app/root-route';
import { prefetchIfOpen } from '../../app/route-access';
import { securityStatusQueryOptions } from './queries';

const securityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/security-dashboard',
  component: lazyRouteComponent(() => import('./SecurityDashboardPage'), 'SecurityDashboardPage'),
  // Not awaited: the dashboard shows at once; its other reads start once this one answers.
  loader: (args) => prefetchIfOpen(args, securityStatusQueryOptions()),
  staticData: { roles: ['admin'], nav: { label: 'Security', icon: Shield, section: 'ops', order: 80 } },
});

export const securityRoutes = [securityRoute] as const;
