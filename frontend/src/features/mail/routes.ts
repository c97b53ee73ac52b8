import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Mail } from 'lucide-react';
import { rootRoute } from '../../app/root-route';
import { prefetchIfOpen } from '../../app/route-access';
import { mailboxQueryOptions } from './queries';

const mailboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/mailbox',
  component: lazyRouteComponent(() => import('./MailboxPage'), 'MailboxPage'),
  // The list as it opens: every e-mail, no address typed yet (not awaited: the screen shows at once).
  loader: (args) => prefetchIfOpen(args, mailboxQueryOptions('')),
  staticData: { roles: ['admin'], nav: { label: 'Mailbox', icon: Mail, section: 'ops', order: 70 } },
});
/** Opened from an e-mail's link, signed in or not (no app shell). */
const unsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/unsubscribe',
  component: lazyRouteComponent(() => import('./UnsubscribePage'), 'UnsubscribePage'),
});

export const mailRoutes = [mailboxRoute, unsubscribeRoute] as const;
