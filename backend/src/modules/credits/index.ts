import { moduleContext, type AppContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import type { CreditsContext } from './route-context';
import { creditsProjection } from './projection';
import { creditsRoutes } from './routes';
import { createCreditsService, type CreditsService } from './service';

export { creditDecider, CreditsOwedError, InsufficientCreditsError, INSUFFICIENT } from './credit-decider';
export type { CreditsService, SpendInput, SpendAllInput, PurchaseInput, ReverseInput } from './service';
export type { CreditsContext } from './route-context';
export { auditLedger, ledgerHistory, type AuditProgress, type AuditReport, type AuditRow } from './audit';
export { CATALOG, checkoutLine, plansFor, resolvePurchase, type CheckoutLine } from './plans';

/** The credits ledger: balances, spends, refunds, grants and purchases (docs/credits.md). */
export function createCreditsModule({ ctx: platform }: { ctx: AppContext }): AppModule<CreditsService> {
  const credits = createCreditsService(platform);
  const ctx: CreditsContext = moduleContext(platform, { credits });
  return {
    name: 'credits',
    service: credits,
    projections: [creditsProjection],
    routes: (app) => creditsRoutes(app, ctx),
  };
}
