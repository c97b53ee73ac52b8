import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Send } from 'lucide-react';
import { rootRoute } from '../../app/root-route';
import { whenSignedIn } from '../../lib/router-context';
import { submissionStatsQueryOptions, submissionsQueryOptions } from './queries';
import { submissionsTab, validateSubmissionsSearch } from './search';

const submissionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/submissions',
  component: lazyRouteComponent(() => import('./SubmissionsPage'), 'SubmissionsPage'),
  validateSearch: validateSubmissionsSearch,
  // The list follows the tab; the run to answer is the page's business.
  loaderDeps: ({ search }) => ({ tab: submissionsTab(search) }),
  // Not awaited: a tab change shows at once (the skeleton while the list loads).
  loader: ({ context, deps }) =>
    whenSignedIn(context, async (qc) => {
      void qc.prefetchQuery(submissionsQueryOptions(deps.tab));
      void qc.prefetchQuery(submissionStatsQueryOptions());
    }),
  staticData: { nav: { label: 'Submissions', icon: Send, section: 'product', order: 60 } },
});

export const submissionsRoutes = [submissionsRoute] as const;
