import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/root-route';
import { prefetch } from '../../lib/router-context';
import { auditRunsQueryOptions, opsSummaryQueryOptions, opsUsersQueryOptions, systemQueryOptions } from './queries';
import { usersListOf, validateUsersSearch } from './users-search';

// The Ops screens: the server opens them to administrators (the ledger to auditors too). Loaders
// start the screen's main read while its code loads; not awaited, the screen shows at once.
const opsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ops',
  component: lazyRouteComponent(() => import('./OpsHomePage'), 'OpsHomePage'),
  loader: ({ context }) => prefetch(context, opsSummaryQueryOptions()),
});
const opsUsersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ops/users',
  component: lazyRouteComponent(() => import('./UsersPage'), 'UsersPage'),
  validateSearch: validateUsersSearch,
  loaderDeps: ({ search }) => usersListOf(search),
  // A new search or page shows at once (the list keeps its previous page while loading).
  loader: ({ context, deps }) => prefetch(context, opsUsersQueryOptions(deps.q, deps.page)),
});
const opsWorkflowsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ops/workflows',
  component: lazyRouteComponent(() => import('./WorkflowsPage'), 'WorkflowsPage'),
});
const opsLedgerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ops/ledger',
  component: lazyRouteComponent(() => import('./LedgerPage'), 'LedgerPage'),
  // The full audit's runs; a user's ledger waits for the e-mail typed.
  loader: ({ context }) => prefetch(context, auditRunsQueryOptions()),
});
const opsFormsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ops/forms',
  component: lazyRouteComponent(() => import('./FormsPage'), 'FormsPage'),
});
const opsSystemRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ops/system',
  component: lazyRouteComponent(() => import('./SystemPage'), 'SystemPage'),
  loader: ({ context }) => prefetch(context, systemQueryOptions()),
});

export const opsRoutes = [
  opsRoute,
  opsUsersRoute,
  opsWorkflowsRoute,
  opsLedgerRoute,
  opsFormsRoute,
  opsSystemRoute,
] as const;
