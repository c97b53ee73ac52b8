import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { catchAllRoute, rootRoute } from './app/root-route';
import { accountsRoutes } from './features/accounts/routes';
import { catalogRoutes } from './features/catalog/routes';
import { creditsRoutes } from './features/credits/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { deckLinksRoutes } from './features/deck-links/routes';
import { investorUpdatesRoutes } from './features/investor-updates/routes';
import { mailRoutes } from './features/mail/routes';
import { opsRoutes } from './features/ops/routes';
import { pipelineRoutes } from './features/pipeline/routes';
import { profileRoutes } from './features/profile/routes';
import { securityRoutes } from './features/security/routes';
import { submissionsRoutes } from './features/submissions/routes';
import type { IdentityStore } from './lib/identity/store';

// One route per path in spec §2's table, each declared by the feature that shows it
// (features/<module>/routes.ts: path, search schema, loader, its lazily loaded screen).
// Each screen is its own chunk, loaded when its route is first shown.
const routeTree = rootRoute.addChildren([
  ...dashboardRoutes,
  ...catalogRoutes,
  ...submissionsRoutes,
  ...pipelineRoutes,
  ...deckLinksRoutes,
  ...investorUpdatesRoutes,
  ...profileRoutes,
  ...creditsRoutes,
  ...mailRoutes,
  ...opsRoutes,
  ...securityRoutes,
  ...accountsRoutes,
  catchAllRoute,
]);

export function createAppRouter(queryClient: QueryClient, identity: IdentityStore) {
  return createRouter({
    routeTree,
    context: { queryClient, identity },
    defaultPreload: false,
    // Query data lives in TanStack Query; the router should always call loaders (they are cheap).
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
