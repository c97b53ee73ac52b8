import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/root-route';

const SettingsPage = lazyRouteComponent(() => import('./SettingsPage'), 'SettingsPage');

const settingsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/settings', component: SettingsPage });
const profileRoute = createRoute({ getParentRoute: () => rootRoute, path: '/profile', component: SettingsPage });

export const profileRoutes = [settingsRoute, profileRoute] as const;
