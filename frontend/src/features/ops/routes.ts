import type { UserRole } from '@fp/contracts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Activity, ClipboardList, FileSearch, Gauge, UserCog, Workflow } from 'lucide-react';
import { rootRoute } from '../../app/root-route';
import { prefetchIfOpen } from '../../app/route-access';
import {
  auditRunsQueryOptions,
  EMPTY_WORKFLOW_FILTERS,
  FIRST_FORMS_COLLECTION,
  formsOverviewQueryOptions,
  opsSummaryQueryOptions,
  opsUsersQueryOptions,
  systemQueryOptions,
  workflowsQueryOptions,
} from './queries';
import { usersListOf, validateUsersSearch } from './users-search';

// The Ops screens: the server opens them to administrators, the ledger to auditors too. Loaders
// start the screen's main read while its code loads, for the users the server answers; not awaited,
// the screen shows at once.
const ADMINS: readonly UserRole[] = ['admin'];

const opsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ops',
  component: lazyRouteComponent(() => import('./OpsHomePage'), 'OpsHomePage'),
  loader: (args) => prefetchIfOpen(args, opsSummaryQueryOptions()),
  staticData: { roles: ADMINS, nav: { label: 'Operations', icon: Gauge, section: 'ops', order: 10 } },
});
const opsUsersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ops/users',
  component: lazyRouteComponent(() => import('./UsersPage'), 'UsersPage'),
  validateSearch: validateUsersSearch,
  loaderDeps: ({ search }) => usersListOf(search),
  // A new search or page shows at once (the list keeps its previous page while loading).
  loader: (args) => prefetchIfOpen(args, opsUsersQueryOptions(args.deps.q, args.deps.page)),
  staticData: { roles: ADMINS, nav: { label: 'Users', icon: UserCog, section: 'ops', order: 30 } },
});
const opsWorkflowsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ops/workflows',
  component: lazyRouteComponent(() => import('./WorkflowsPage'), 'WorkflowsPage'),
  // The console's first page as it opens (its filters live in the screen).
  loader: (args) => prefetchIfOpen(args, workflowsQueryOptions(EMPTY_WORKFLOW_FILTERS, null)),
  staticData: { roles: ADMINS, nav: { label: 'Workflow runs', icon: Workflow, section: 'ops', order: 20 } },
});
const opsLedgerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ops/ledger',
  component: lazyRouteComponent(() => import('./LedgerPage'), 'LedgerPage'),
  // The full audit's runs; a user's ledger waits for the e-mail typed.
  loader: (args) => prefetchIfOpen(args, auditRunsQueryOptions()),
  staticData: {
    roles: ['admin', 'auditor'],
    nav: { label: 'Ledger', icon: FileSearch, section: 'ops', order: 60 },
  },
});
const opsFormsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ops/forms',
  component: lazyRouteComponent(() => import('./FormsPage'), 'FormsPage'),
  loader: (args) => prefetchIfOpen(args, formsOverviewQueryOptions(FIRST_FORMS_COLLECTION)),
  staticData: { roles: ADMINS, nav: { label: 'Application forms', icon: ClipboardList, section: 'ops', order: 40 } },
});
const opsSystemRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ops/system',
  component: lazyRouteComponent(() => import('./SystemPage'), 'SystemPage'),
  loader: (args) => prefetchIfOpen(args, systemQueryOptions()),
  staticData: { roles: ADMINS, nav: { label: 'System', icon: Activity, section: 'ops', order: 50 } },
});

export const opsRoutes = [
  opsRoute,
  opsUsersRoute,
  opsWorkflowsRoute,
  opsLedgerRoute,
  opsFormsRoute,
  opsSystemRoute,
] as const;
