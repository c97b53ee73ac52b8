import type { Module } from '../../platform/module';
import { startupProfilesProjection } from './projection';
import { profileRoutes } from './routes';
import { createProfileService, type ProfileService } from './service';

export { profileDecider } from './decider';
export type { ProfileService, ProfileView } from './service';

declare module '../../platform/context' {
  interface Services {
    profile: ProfileService;
  }
}

export const profileModule: Module = {
  name: 'profile',
  projections: () => [startupProfilesProjection],
  init: (ctx) => {
    ctx.services.profile = createProfileService(ctx);
  },
  routes: profileRoutes,
};
