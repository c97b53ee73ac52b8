import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/root-route';

const deckRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/deck',
  component: lazyRouteComponent(() => import('./DeckPage'), 'DeckPage'),
});
/** The public deck viewer: investors without an account open it (no app shell). */
const deckViewerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/d/$token',
  component: lazyRouteComponent(() => import('./DeckViewer'), 'DeckViewerPage'),
});

export const deckLinksRoutes = [deckRoute, deckViewerRoute] as const;
