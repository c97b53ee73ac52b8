import { moduleContext, type AppContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import type { CreditsContext } from './route-context';
import { pendingRefundsProjection } from './pending-refunds-projection';
import { creditsProjection } from './projection';
import { startRefundRetry } from './retry-pending-refunds';
import { creditsRoutes } from './routes';
import { createCreditsService, type CreditsService } from './service';

export { creditDecider, InsufficientCreditsError } from './credit-decider';
export type { CreditsService, PurchaseInput, PendingRefundRow } from './service';
export { auditLedger, ledgerHistory, type AuditReport } from './audit';
export { CATALOG, checkoutLine, resolvePurchase, type CheckoutLine } from './plans';

/** How often the background retry looks for pending refunds that are due. */
const REFUND_SWEEP_MS = 5_000;

/** The credits ledger: balances, spends, refunds, grants and purchases (docs/credits.md). */
export function createCreditsModule({ ctx: platform }: { ctx: AppContext }): AppModule<CreditsService> {
  const credits = createCreditsService(platform);
  const ctx: CreditsContext = moduleContext(platform, { credits });
  return {
    name: 'credits',
    service: credits,
    projections: [creditsProjection, pendingRefundsProjection],
    routes: (app) => creditsRoutes(app, ctx),
    // Pending refunds are tried again in the background until they land (docs/credits.md).
    start: async () =>
      startRefundRetry(
        () => credits.retryDueRefunds(platform.clock.now()),
        REFUND_SWEEP_MS,
        (m) => console.error(m),
      ),
  };
}
