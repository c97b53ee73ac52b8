import { moduleContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import type { OpsContext, OpsDeps } from './context';
import { auditRunsProjection } from './projection';
import { AUDITOR_ROUTES, opsRoutes } from './routes';
import { createAuditJobs, type AuditJobs } from './run-ledger-audit';

export { auditRunDecider } from './audit-run-decider';
export type OpsService = { audits: AuditJobs };

/**
 * The operators' and auditors' screens (docs/ops.md): user administration, a user's ledger, the
 * full ledger audit as a durable job, the home tiles. It owns no users or ledgers: it acts through
 * the accounts and credits services.
 */
export function createOpsModule({ ctx: platform, ...services }: OpsDeps): AppModule<OpsService> {
  const ctx: OpsContext = moduleContext(platform, services);
  const audits = createAuditJobs(ctx);
  return {
    name: 'ops',
    service: { audits },
    projections: [auditRunsProjection],
    auditorRoutes: AUDITOR_ROUTES,
    routes: (app) => opsRoutes(app, ctx, audits),
    start: async () => audits.start(),
  };
}
