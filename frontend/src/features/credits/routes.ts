import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { CreditCard } from 'lucide-react';
import { rootRoute } from '../../app/root-route';
import { prefetch, whenSignedIn } from '../../lib/router-context';
import { FIRST_HISTORY_PAGE } from './history-params';
import { balanceHistoryQueryOptions, creditHistoryQueryOptions, plansQueryOptions } from './queries';
import { validateCreditsSearch } from './search';

// Loaders start the screen's reads while its code loads; not awaited, the screen shows its skeletons at once.

/** The credit history: its own page, shown in the sidebar as Credits. */
const CREDIT_HISTORY = '/credits';
const pricingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pricing',
  component: lazyRouteComponent(() => import('./PricingPage'), 'PricingPage'),
  loader: ({ context }) => prefetch(context, plansQueryOptions()),
  staticData: {
    nav: {
      label: 'Credits',
      icon: CreditCard,
      section: 'product',
      order: 50,
      aliases: [CREDIT_HISTORY],
    },
  },
});
const creditsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: CREDIT_HISTORY,
  component: lazyRouteComponent(() => import('./CreditsPage'), 'CreditsPage'),
  validateSearch: validateCreditsSearch,
  loader: ({ context }) =>
    whenSignedIn(context, async (qc) => {
      void qc.prefetchQuery(creditHistoryQueryOptions(FIRST_HISTORY_PAGE));
      void qc.prefetchQuery(balanceHistoryQueryOptions());
    }),
});
/** The local stand-in for the payment provider's checkout (no real money). */
const localCheckoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout/local/$id',
  component: lazyRouteComponent(() => import('./LocalCheckoutPage'), 'LocalCheckoutPage'),
});

export const creditsRoutes = [pricingRoute, creditsRoute, localCheckoutRoute] as const;
