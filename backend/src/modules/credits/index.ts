import type { Module } from '../../platform/module';
import { creditsProjection } from './projection';
import { creditsRoutes } from './routes';
import { createCreditsService, type CreditsService } from './service';

export { creditDecider, InsufficientCreditsError, INSUFFICIENT } from './decider';
export type { CreditsService, SpendInput, PurchaseInput } from './service';
export { auditLedger, ledgerHistory, type AuditReport, type AuditRow } from './audit';
export { CATALOG, plansFor, resolvePurchase } from './plans';

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
  // The payment provider calls the webhook without a session; its signature is its credential.
  publicPaths: [/^\/api\/webhooks\/payments$/],
};
