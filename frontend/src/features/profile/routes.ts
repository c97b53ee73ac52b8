import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/root-route';
import { prefetch, type RouterContext } from '../../lib/router-context';
import { startupProfileQueryOptions } from './queries';

const SettingsPage = lazyRouteComponent(() => import('./SettingsPage'), 'SettingsPage');
// Not awaited: the form's skeleton shows at once; the profile (often cached already) loads meanwhile.
const loader = ({ context }: { context: RouterContext }) => prefetch(context, startupProfileQueryOptions());

const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings',
  component: SettingsPage,
  loader,
});
const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile',
  component: SettingsPage,
  loader,
});

export const profileRoutes = [settingsRoute, profileRoute] as const;
