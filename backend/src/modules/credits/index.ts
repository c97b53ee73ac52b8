import type { Module } from '../../platform/module';
import { creditsProjection } from './projection';
import { creditsRoutes } from './routes';
import { createCreditsService, type CreditsService } from './service';

export { creditDecider, InsufficientCreditsError, INSUFFICIENT } from './decider';
export type { CreditsService } from './service';

declare module '../../platform/context' {
  interface Services {
    credits: CreditsService;
  }
}

export const creditsModule: Module = {
  name: 'credits',
  projections: () => [creditsProjection],
  init: (ctx) => {
    ctx.services.credits = createCreditsService(ctx);
  },
  routes: creditsRoutes,
};
