import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/root-route';
import { whenSignedIn, type RouterContext } from '../../lib/router-context';
import { creditBalanceQueryOptions } from '../credits/queries';

const DashboardPage = lazyRouteComponent(() => import('./DashboardPage'), 'DashboardPage');
const loader = ({ context }: { context: RouterContext }) =>
  whenSignedIn(context, (qc) => qc.ensureQueryData(creditBalanceQueryOptions()));

const dashboardRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: DashboardPage, loader });
const dashboardAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
  component: DashboardPage,
  loader,
});

export const dashboardRoutes = [dashboardRoute, dashboardAliasRoute] as const;
