import { UnblockIpRequest, ViolationsPerHourQuery } from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import type { SecurityContext } from './context';
import { parse } from '../../platform/http';
import { createSecurityQueries } from './queries';

/** The security dashboard's API: admins only (403 for other users, 401 without a session). */
export function securityRoutes(app: FastifyInstance, ctx: SecurityContext) {
  const queries = createSecurityQueries(ctx.db);

  app.get('/api/security/status', async (req) => {
    requireAdmin(req);
    return queries.status(ctx.clock.now());
  });

  app.get('/api/security/blocked-ips', async (req) => {
    requireAdmin(req);
    return { blockedIps: await queries.blockedIps(ctx.clock.now()) };
  });

  app.get('/api/security/violations-per-hour', async (req) => {
    requireAdmin(req);
    const { hours } = parse(ViolationsPerHourQuery, req.query ?? {});
    return { hours: await queries.perHour(ctx.clock.now(), hours) };
  });

  app.post('/api/security/unblock-ip', async (req) => {
    const admin = requireAdmin(req);
    const { ip } = parse(UnblockIpRequest, req.body ?? {});
    return ctx.security.unblockIp(ip, metaFor(ctx, admin.id));
  });
}
