import { fitProfileComplete } from '@fp/contracts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Database, FlaskConical, Users } from 'lucide-react';
import { rootRoute } from '../../app/root-route';
import { activityGuard, noActivityGuard } from '../../lib/activity-guard';
import { whenSignedIn, type RouterContext } from '../../lib/router-context';
import { startupProfileQueryOptions } from '../profile';
import { angelInvestorsQueryOptions } from './investor-queries';
import { filtersFromAngelSearch, validateAngelSearch } from './investor-search';
import { listQueryFor, vcFirmsQueryOptions, type VcVariant } from './vc-queries';
import { filtersFromSearch, validateVcSearch, VC_DATABASE_PATHS, type VcSearch } from './vc-search';

// The databases keep query, filters and page in the URL; loaders prefetch the page the component reads.
// Not awaited: a filter change must show at once (the list keeps its previous page while loading),
// never wait for the request (the activity guard delays list requests by design).
// The list's order needs the profile (best fit once it names stage and industry): the loader reads
// it (usually cached) and starts the very request the screen makes, while the screen's code loads.
const vcLoader =
  (variant: VcVariant) =>
  ({ context, deps }: { context: RouterContext; deps: VcSearch }) =>
    whenSignedIn(context, async (qc) => {
      const { profile } = await qc.ensureQueryData(startupProfileQueryOptions());
      void qc.prefetchQuery(
        vcFirmsQueryOptions(
          variant,
          listQueryFor(filtersFromSearch(deps), fitProfileComplete(profile)),
          deps.page ?? 1,
          variant === 'vc' ? activityGuard : noActivityGuard,
        ),
      );
    });

const vcDatabaseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: VC_DATABASE_PATHS.vc,
  component: lazyRouteComponent(() => import('./VcDatabasePage'), 'VcDatabasePage'),
  validateSearch: validateVcSearch,
  loaderDeps: ({ search }) => search,
  loader: vcLoader('vc'),
  staticData: { nav: { label: 'VC Database', icon: Database, section: 'product', order: 20 } },
});
const testVcDatabaseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: VC_DATABASE_PATHS.test,
  component: lazyRouteComponent(() => import('./TestVcDatabasePage'), 'TestVcDatabasePage'),
  validateSearch: validateVcSearch,
  loaderDeps: ({ search }) => search,
  loader: vcLoader('test'),
  // The sandbox firms that accept applications: a founder's first try.
  staticData: { nav: { label: 'Test firms', icon: FlaskConical, section: 'product', order: 30 } },
});
const investorsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/investors',
  component: lazyRouteComponent(() => import('./InvestorsPage'), 'InvestorsPage'),
  validateSearch: validateAngelSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    whenSignedIn(
      context,
      async (qc) =>
        void qc.prefetchQuery(angelInvestorsQueryOptions(filtersFromAngelSearch(deps), deps.page ?? 1, activityGuard)),
    ),
  staticData: { nav: { label: 'Angel Investors', icon: Users, section: 'product', order: 40 } },
});

export const catalogRoutes = [vcDatabaseRoute, testVcDatabaseRoute, investorsRoute] as const;
