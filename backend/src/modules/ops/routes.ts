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
  pathParams,
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
import { typedRoute } from '../../platform/typed-route';
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
  const target = async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const account = await ctx.accounts.get(req.params.id);
    if (!account) throw new DomainError(NO_SUCH_USER, 404, 'not_found');
    return account;
  };
  const userAnswer = async (id: string) => (await listUsers(ctx, { q: id, page: 1, limit: 1 })).users[0];

  typedRoute(app, 'opsSummary', 'GET', async (req) => {
    requireAdmin(req);
    return operatorSummary(ctx);
  });

  typedRoute(app, 'opsUsers', 'GET', async (req) => {
    requireAdmin(req);
    return listUsers(ctx, parse(OpsUsersQuery, req.query ?? {}));
  });

  typedRoute(app, 'opsUserCredits', 'POST', async (req) => {
    const admin = requireAdmin(req);
    const account = await target(req);
    const { amount, reason } = parse(OpsGrantCreditsRequest, req.body ?? {});
    const r = await ctx.credits.grant(account.id, amount, reason, null, metaFor(ctx, admin.id));
    await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
    return { balance: r.balance, user: await userAnswer(account.id) };
  });

  /** An operator's action on one user: answers whether it changed anything and the user as now listed. */
  const userAction =
    <P extends { id: string }>(
      act: (req: FastifyRequest<{ Params: P }>, userId: string, meta: CommandMeta) => Promise<{ changed: boolean }>,
    ) =>
    async (req: FastifyRequest<{ Params: P }>) => {
      const admin = requireAdmin(req);
      const account = await target(req);
      const r = await act(req, account.id, metaFor(ctx, admin.id));
      return { changed: r.changed, user: await userAnswer(account.id) };
    };
  typedRoute(
    app,
    'opsUserRoles',
    'POST',
    userAction((req, id, meta) => ctx.accounts.grantRole(id, parse(OpsRoleRequest, req.body ?? {}).role, meta)),
  );
  typedRoute(
    app,
    'opsUserRole',
    'DELETE',
    userAction((req, id, meta) => ctx.accounts.revokeRole(id, parse(OpsRoleParam, req.params.role), meta)),
  );
  typedRoute(
    app,
    'opsUserDisable',
    'POST',
    userAction((req, id, meta) => ctx.accounts.disable(id, parse(OpsDisableRequest, req.body ?? {}).reason, meta)),
  );
  typedRoute(
    app,
    'opsUserEnable',
    'POST',
    userAction((_req, id, meta) => ctx.accounts.enable(id, meta)),
  );

  typedRoute(app, 'opsWorkflows', 'GET', async (req) => {
    requireAdmin(req);
    return listWorkflows(ctx, parse(OpsWorkflowsQuery, req.query ?? {}));
  });

  typedRoute(app, 'opsWorkflow', 'GET', async (req) => {
    requireAdmin(req);
    const { kind } = parse(OpsWorkflowDetailQuery, req.query ?? {});
    const detail = await workflowDetail(ctx, kind, req.params.id);
    if (!detail) throw new DomainError('No such workflow run', 404, 'not_found');
    return detail;
  });

  // Stop and Retry are the founder's own commands, run for the owner with the operator as actor:
  // the same rules and the same credit movements (a retry charges the owner one credit, a failure refunds it).
  const runAction = (action: 'stop' | 'retry') => async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const admin = requireAdmin(req);
    const { id } = req.params;
    const owner = await ctx.submissions.ownerOf(id);
    if (!owner) throw new DomainError('No such workflow run', 404, 'not_found');
    return ctx.submissions[action](owner, id, metaFor(ctx, admin.id));
  };
  typedRoute(app, 'opsWorkflowStop', 'POST', runAction('stop'));
  typedRoute(app, 'opsWorkflowRetry', 'POST', runAction('retry'));

  typedRoute(app, 'opsLedger', 'GET', async (req) => {
    requireAdminOrAuditor(req);
    return readLedger(ctx, parse(OpsLedgerQuery, req.query ?? {}));
  });

  typedRoute(app, 'opsRefunds', 'GET', async (req) => {
    requireAdminOrAuditor(req);
    return listPendingRefunds(ctx);
  });

  // Retrying moves credits (when it lands): operators only.
  typedRoute(app, 'opsRefundRetry', 'POST', async (req) => {
    const admin = requireAdmin(req);
    return retryPendingRefund(ctx, parse(OpsRetryRefundRequest, req.body ?? {}), metaFor(ctx, admin.id));
  });

  typedRoute(app, 'opsAudits', 'GET', async (req) => {
    requireAdminOrAuditor(req);
    const { limit } = parse(AuditRunsQuery, req.query ?? {});
    return { runs: await listAuditRuns(ctx, limit) };
  });

  typedRoute(app, 'opsAudits', 'POST', async (req, reply) => {
    const who = requireAdminOrAuditor(req);
    if (req.body !== undefined && req.body !== null && (typeof req.body !== 'object' || Object.keys(req.body).length))
      throw new DomainError('This request takes no fields', 400, 'validation');
    const id = await audits.request(metaFor(ctx, who.id));
    reply.status(202);
    return { run: await getAuditRun(ctx, id) };
  });

  typedRoute(app, 'opsAudit', 'GET', async (req) => {
    requireAdminOrAuditor(req);
    const run = await getAuditRun(ctx, req.params.id);
    if (!run) throw new DomainError(NO_SUCH_RUN, 404, 'not_found');
    return { run };
  });

  app.get(API_ROUTES.opsAuditCsv, async (req, reply) => {
    requireAdminOrAuditor(req);
    const run = await getAuditRun(ctx, parse(pathParams('opsAuditCsv'), req.params).id);
    if (!run) throw new DomainError(NO_SUCH_RUN, 404, 'not_found');
    if (run.status !== 'done') throw new DomainError('This audit run has no result yet', 409, 'conflict');
    const day = run.requestedAt.slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="ledger-audit-${day}-${run.id.slice(0, 8)}.csv"`)
      .send(Readable.from(auditRunCsv(ctx, run.id)));
  });
}
