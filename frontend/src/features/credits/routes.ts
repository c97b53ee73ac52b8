import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/root-route';

const pricingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pricing',
  component: lazyRouteComponent(() => import('./PricingPage'), 'PricingPage'),
});
const creditsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/credits',
  component: lazyRouteComponent(() => import('./CreditsPage'), 'CreditsPage'),
});
/** The local stand-in for the payment provider's checkout (no real money). */
const localCheckoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout/local/$id',
  component: lazyRouteComponent(() => import('./LocalCheckoutPage'), 'LocalCheckoutPage'),
});

export const creditsRoutes = [pricingRoute, creditsRoute, localCheckoutRoute] as const;
