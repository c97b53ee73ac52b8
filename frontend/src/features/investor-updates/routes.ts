import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Newspaper } from 'lucide-react';
import { rootRoute } from '../../app/root-route';
import { prefetch } from '../../lib/router-context';
import { updateQueryOptions, updatesQueryOptions } from './queries';

// Not awaited: the page's skeleton shows at once; the read starts while its code loads.

const updatesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/updates',
  component: lazyRouteComponent(() => import('./UpdatesPage'), 'UpdatesPage'),
  loader: ({ context }) => prefetch(context, updatesQueryOptions()),
  staticData: { nav: { label: 'Updates', icon: Newspaper, section: 'product', order: 90 } },
});
const updateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/updates/$id',
  component: lazyRouteComponent(() => import('./UpdatePage'), 'UpdatePage'),
  loader: ({ context, params }) => prefetch(context, updateQueryOptions(params.id)),
});

export const investorUpdatesRoutes = [updatesRoute, updateRoute] as const;
