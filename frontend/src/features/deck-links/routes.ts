import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Presentation } from 'lucide-react';
import { rootRoute } from '../../app/root-route';
import { whenSignedIn } from '../../lib/router-context';
import { deckAnalyticsQueryOptions, deckLinksQueryOptions } from './queries';

const deckRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/deck',
  component: lazyRouteComponent(() => import('./DeckPage'), 'DeckPage'),
  // Not awaited: the page's skeletons show at once; the reads start while its code loads.
  loader: ({ context }) =>
    whenSignedIn(context, async (qc) => {
      void qc.prefetchQuery(deckAnalyticsQueryOptions());
      void qc.prefetchQuery(deckLinksQueryOptions());
    }),
  staticData: { nav: { label: 'Deck', icon: Presentation, section: 'product', order: 80 } },
});
/** The public deck viewer: investors without an account open it (no app shell). */
const deckViewerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/d/$token',
  component: lazyRouteComponent(() => import('./DeckViewer'), 'DeckViewerPage'),
});

export const deckLinksRoutes = [deckRoute, deckViewerRoute] as const;
