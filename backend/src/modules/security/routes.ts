import type { SecurityConfig } from '@fp/infra';
import type { SecurityStatusResponse } from '@fp/contracts';
import { UnblockIpRequest, ViolationsPerHourQuery } from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import type { SecurityContext } from './route-context';
import { parse } from '../../platform/http';
import { createSecurityQueries } from './queries';
import { debugInfo } from './debug';
import { typedRoute } from '../../platform/typed-route';

/** The security dashboard's API: admins only (403 for other users, 401 without a session). */
export function securityRoutes(app: FastifyInstance, ctx: SecurityContext) {
  const queries = createSecurityQueries(ctx.db);

  typedRoute(app, 'securityStatus', 'GET', async (req) => {
    requireAdmin(req);
    return { ...(await queries.status(ctx.clock.now())), protection: protectionStatus(ctx.config.security) };
  });

  typedRoute(app, 'securityDebug', 'GET', async (req) => debugInfo(ctx.config, requireAdmin(req)));

  typedRoute(app, 'securityBlockedIps', 'GET', async (req) => {
    requireAdmin(req);
    return { blockedIps: await queries.blockedIps(ctx.clock.now()) };
  });

  typedRoute(app, 'securityViolationsPerHour', 'GET', async (req) => {
    requireAdmin(req);
    const { hours } = parse(ViolationsPerHourQuery, req.query ?? {});
    return { hours: await queries.perHour(ctx.clock.now(), hours) };
  });

  typedRoute(app, 'securityUnblockIp', 'POST', async (req) => {
    const admin = requireAdmin(req);
    const { ip } = parse(UnblockIpRequest, req.body ?? {});
    return ctx.security.unblockIp(ip, metaFor(ctx, admin.id));
  });
}

/** What the protection does, from the configuration: any refusal beyond rate limits makes it "blocking". */
export function protectionStatus({
  autoBlock,
  userAgentMode,
  fingerprintMode,
}: Pick<SecurityConfig, 'autoBlock' | 'userAgentMode' | 'fingerprintMode'>): SecurityStatusResponse['protection'] {
  const mode =
    autoBlock || userAgentMode === 'block' || fingerprintMode === 'block'
      ? 'blocking'
      : userAgentMode === 'off' && fingerprintMode === 'off'
        ? 'off'
        : 'log_only';
  return { mode, autoBlock, userAgentMode, fingerprintMode };
}
