import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Settings } from 'lucide-react';
import { rootRoute } from '../../app/root-route';
import { prefetch, type RouterContext } from '../../lib/router-context';
import { startupProfileQueryOptions } from './queries';

/** The settings' second address; the sidebar's Settings shows as current there too. */
const PROFILE_ALIAS = '/profile';
const SettingsPage = lazyRouteComponent(() => import('./SettingsPage'), 'SettingsPage');
// Not awaited: the form's skeleton shows at once; the profile (often cached already) loads meanwhile.
const loader = ({ context }: { context: RouterContext }) => prefetch(context, startupProfileQueryOptions());

const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings',
  component: SettingsPage,
  loader,
  staticData: {
    nav: { label: 'Settings', icon: Settings, section: 'product', order: 100, aliases: [PROFILE_ALIAS] },
  },
});
const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: PROFILE_ALIAS,
  component: SettingsPage,
  loader,
});

export const profileRoutes = [settingsRoute, profileRoute] as const;
