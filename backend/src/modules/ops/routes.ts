import {
  API_ROUTES,
  AuditRunsQuery,
  OpsDisableRequest,
  OpsWorkflowDetailQuery,
  OpsWorkflowsQuery,
  OpsGrantCreditsRequest,
  OpsLedgerQuery,
  OpsRetryRefundRequest,
  OpsRoleParam,
  OpsRoleRequest,
  OpsUsersQuery,
} from '@fp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { requireAdmin, requireAdminOrAuditor, type AuditorRoute } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { parse } from '../../platform/http';
import { auditRunCsv, getAuditRun, listAuditRuns } from './audit-runs';
import type { OpsContext } from './context';
import { listPendingRefunds } from './list-pending-refunds';
import { listUsers } from './list-users';
import { listWorkflows } from './list-workflows';
import { operatorSummary } from './operator-summary';
import { readLedger } from './read-ledger';
import { retryPendingRefund } from './retry-pending-refund';
import { workflowDetail } from './workflow-detail';
import type { AuditJobs } from './run-ledger-audit';

/**
 * What an auditor may call: the ledger and the audit runs. Starting a run is the one request of
 * theirs that records anything (the run itself, never a ledger movement).
 */
export const AUDITOR_ROUTES: AuditorRoute[] = [
  { method: 'GET', path: /^\/api\/ops\/ledger$/ },
  { method: 'GET', path: /^\/api\/ops\/refunds$/ },
  { method: 'GET', path: /^\/api\/ops\/audits$/ },
  { method: 'POST', path: /^\/api\/ops\/audits$/ },
  { method: 'GET', path: /^\/api\/ops\/audits\/[^/]+$/ },
  { method: 'GET', path: /^\/api\/ops\/audits\/[^/]+\/csv$/ },
];

const NO_SUCH_USER = 'No such user';
const NO_SUCH_RUN = 'No such audit run';

/** The operators' (admin) and auditors' API: user administration, ledgers, audit runs, the home tiles. */
export function opsRoutes(app: FastifyInstance, ctx: OpsContext, audits: AuditJobs) {
  /** The user a path names, registered: 404 otherwise. */
  const target = async (req: FastifyRequest) => {
    const { id } = req.params as { id: string };
    const account = await ctx.accounts.get(id);
    if (!account) throw new DomainError(NO_SUCH_USER, 404, 'not_found');
    return account;
  };
  const userAnswer = async (id: string) => (await listUsers(ctx, { q: id, page: 1, limit: 1 })).users[0];

  app.get(API_ROUTES.opsSummary, async (req) => {
    requireAdmin(req);
    return operatorSummary(ctx);
  });

  app.get(API_ROUTES.opsUsers, async (req) => {
    requireAdmin(req);
    return listUsers(ctx, parse(OpsUsersQuery, req.query ?? {}));
  });

  app.post(API_ROUTES.opsUserCredits, async (req) => {
    const admin = requireAdmin(req);
    const account = await target(req);
    const { amount, reason } = parse(OpsGrantCreditsRequest, req.body ?? {});
    const r = await ctx.credits.grant(account.id, amount, reason, null, metaFor(ctx, admin.id));
    await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
    return { balance: r.balance, user: await userAnswer(account.id) };
  });

  /** An operator's action on one user: answers whether it changed anything and the user as now listed. */
  const userAction = (
    method: 'POST' | 'DELETE',
    url: string,
    act: (req: FastifyRequest, userId: string, meta: CommandMeta) => Promise<{ changed: boolean }>,
  ) =>
    app.route({
      method,
      url,
      handler: async (req) => {
        const admin = requireAdmin(req);
        const account = await target(req);
        const r = await act(req, account.id, metaFor(ctx, admin.id));
        return { changed: r.changed, user: await userAnswer(account.id) };
      },
    });
  userAction('POST', API_ROUTES.opsUserRoles, (req, id, meta) =>
    ctx.accounts.grantRole(id, parse(OpsRoleRequest, req.body ?? {}).role, meta),
  );
  userAction('DELETE', API_ROUTES.opsUserRole, (req, id, meta) =>
    ctx.accounts.revokeRole(id, parse(OpsRoleParam, (req.params as { role: string }).role), meta),
  );
  userAction('POST', API_ROUTES.opsUserDisable, (req, id, meta) =>
    ctx.accounts.disable(id, parse(OpsDisableRequest, req.body ?? {}).reason, meta),
  );
  userAction('POST', API_ROUTES.opsUserEnable, (_req, id, meta) => ctx.accounts.enable(id, meta));

  app.get(API_ROUTES.opsWorkflows, async (req) => {
    requireAdmin(req);
    return listWorkflows(ctx, parse(OpsWorkflowsQuery, req.query ?? {}));
  });

  app.get(API_ROUTES.opsWorkflow, async (req) => {
    requireAdmin(req);
    const { kind } = parse(OpsWorkflowDetailQuery, req.query ?? {});
    const detail = await workflowDetail(ctx, kind, (req.params as { id: string }).id);
    if (!detail) throw new DomainError('No such workflow run', 404, 'not_found');
    return detail;
  });

  // Stop and Retry are the founder's own commands, run for the owner with the operator as actor:
  // the same rules and the same credit movements (a retry charges the owner one credit, a failure refunds it).
  for (const [action, url] of [
    ['stop', API_ROUTES.opsWorkflowStop],
    ['retry', API_ROUTES.opsWorkflowRetry],
  ] as const) {
    app.post(url, async (req) => {
      const admin = requireAdmin(req);
      const { id } = req.params as { id: string };
      const owner = await ctx.submissions.ownerOf(id);
      if (!owner) throw new DomainError('No such workflow run', 404, 'not_found');
      return ctx.submissions[action](owner, id, metaFor(ctx, admin.id));
    });
  }

  app.get(API_ROUTES.opsLedger, async (req) => {
    requireAdminOrAuditor(req);
    return readLedger(ctx, parse(OpsLedgerQuery, req.query ?? {}));
  });

  app.get(API_ROUTES.opsRefunds, async (req) => {
    requireAdminOrAuditor(req);
    return listPendingRefunds(ctx);
  });

  // Retrying moves credits (when it lands): operators only.
  app.post(API_ROUTES.opsRefundRetry, async (req) => {
    const admin = requireAdmin(req);
    return retryPendingRefund(ctx, parse(OpsRetryRefundRequest, req.body ?? {}), metaFor(ctx, admin.id));
  });

  app.get(API_ROUTES.opsAudits, async (req) => {
    requireAdminOrAuditor(req);
    const { limit } = parse(AuditRunsQuery, req.query ?? {});
    return { runs: await listAuditRuns(ctx, limit) };
  });

  app.post(API_ROUTES.opsAudits, async (req, reply) => {
    const who = requireAdminOrAuditor(req);
    if (req.body !== undefined && req.body !== null && (typeof req.body !== 'object' || Object.keys(req.body).length))
      throw new DomainError('This request takes no fields', 400, 'validation');
    const id = await audits.request(metaFor(ctx, who.id));
    reply.status(202);
    return { run: await getAuditRun(ctx, id) };
  });

  app.get(API_ROUTES.opsAudit, async (req) => {
    requireAdminOrAuditor(req);
    const run = await getAuditRun(ctx, (req.params as { id: string }).id);
    if (!run) throw new DomainError(NO_SUCH_RUN, 404, 'not_found');
    return { run };
  });

  app.get(API_ROUTES.opsAuditCsv, async (req, reply) => {
    requireAdminOrAuditor(req);
    const run = await getAuditRun(ctx, (req.params as { id: string }).id);
    if (!run) throw new DomainError(NO_SUCH_RUN, 404, 'not_found');
    if (run.status !== 'done') throw new DomainError('This audit run has no result yet', 409, 'conflict');
    const day = run.requestedAt.slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="ledger-audit-${day}-${run.id.slice(0, 8)}.csv"`)
      .send(Readable.from(auditRunCsv(ctx, run.id)));
  });
}
