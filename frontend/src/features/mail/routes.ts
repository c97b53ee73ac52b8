import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/root-route';

const mailboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/mailbox',
  component: lazyRouteComponent(() => import('./MailboxPage'), 'MailboxPage'),
});
/** Opened from an e-mail's link, signed in or not (no app shell). */
const unsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/unsubscribe',
  component: lazyRouteComponent(() => import('./UnsubscribePage'), 'UnsubscribePage'),
});

export const mailRoutes = [mailboxRoute, unsubscribeRoute] as const;
