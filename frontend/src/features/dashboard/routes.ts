import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { LayoutDashboard } from 'lucide-react';
import { rootRoute } from '../../app/root-route';
import { whenSignedIn, type RouterContext } from '../../lib/router-context';
import { creditBalanceQueryOptions } from '../credits';

/** The dashboard's second address; the sidebar's Dashboard shows as current there too. */
const DASHBOARD_ALIAS = '/dashboard';
const DashboardPage = lazyRouteComponent(() => import('./DashboardPage'), 'DashboardPage');
const loader = ({ context }: { context: RouterContext }) =>
  whenSignedIn(context, (qc) => qc.ensureQueryData(creditBalanceQueryOptions()));

const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: DashboardPage,
  loader,
  staticData: {
    nav: {
      label: 'Dashboard',
      icon: LayoutDashboard,
      section: 'product',
      order: 10,
      aliases: [DASHBOARD_ALIAS],
    },
  },
});
const dashboardAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: DASHBOARD_ALIAS,
  component: DashboardPage,
  loader,
});

export const dashboardRoutes = [dashboardRoute, dashboardAliasRoute] as const;
