import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from './decider';
import type { IdentityProvider } from './identity/port';
import { headersFrom } from './identity/port';
import type { Db } from '@fp/infra';
import { AUDITORS_READ_ONLY } from '@fp/contracts';

export interface RequestUser {
  id: string;
  email: string;
  name: string | null;
  roles: string[];
  /** False until the user opens the verification e-mail's link (undefined: the provider does not say). */
  emailVerified?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
  }
}

/** Routes any visitor may call: health, public config, the identity provider's own routes, payment webhooks. */
const PUBLIC = [/^\/api\/health$/, /^\/api\/ready$/, /^\/api\/config$/, /^\/api\/identity(\/|$)/, /^\/api\/webhooks\//];

const NOT_AUTHENTICATED = 'User not authenticated';
export const ACCOUNT_DISABLED = 'This account has been disabled. Contact support to restore access.';

/** A route an auditor may call (method and path pattern). */
export interface AuditorRoute {
  method: string;
  path: RegExp;
}
/** What every signed-in user needs to use the app at all; the modules add their own (AppModule.auditorRoutes). */
const AUDITOR_BASE: AuditorRoute[] = [{ method: 'GET', path: /^\/api\/auth\/me$/ }];

/** An auditor (without the admin role) reaches only the routes listed for auditors. */
const isAuditorOnly = (roles: readonly string[]) => roles.includes('auditor') && !roles.includes('admin');

/**
 * Checks the bearer session on every /api route before any handler runs: a route that forgets to
 * ask still answers 401 to a visitor without a valid session.
 */
export function installSessionCheck(
  app: FastifyInstance,
  identity: IdentityProvider,
  db: Db,
  extraPublic: RegExp[] = [],
  auditorRoutes: AuditorRoute[] = [],
) {
  app.decorateRequest('user', null);
  const open = [...PUBLIC, ...extraPublic];
  const forAuditors = [...AUDITOR_BASE, ...auditorRoutes];
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0]!;
    if (!path.startsWith('/api/') || open.some((re) => re.test(path))) return;
    const who = await identity.authenticate(headersFrom(req.headers as Record<string, string | string[] | undefined>));
    if (!who) return reply.status(401).send({ error: NOT_AUTHENTICATED });
    const row = await db
      .selectFrom('users')
      .select(['roles', 'disabled_at'])
      .where('id', '=', who.id)
      .executeTakeFirst();
    // Disabling ends the sessions too; this refuses at once whatever the provider still honours.
    if (row?.disabled_at) return reply.status(401).send({ error: ACCOUNT_DISABLED });
    const roles = (row?.roles as string[] | undefined) ?? [];
    // Auditors are refused on every write and on founder data: a closed list, so a new route is refused until listed.
    if (isAuditorOnly(roles) && !forAuditors.some((r) => r.method === req.method && r.path.test(path)))
      return reply.status(403).send({ error: AUDITORS_READ_ONLY });
    req.user = { id: who.id, email: who.email, name: who.name, roles, emailVerified: who.emailVerified };
  });
}

export function requireUser(req: FastifyRequest): RequestUser {
  if (!req.user) throw new DomainError(NOT_AUTHENTICATED, 401, 'unauthenticated');
  return req.user;
}

/** Admins, and auditors on the routes they are allowed (the session check already refused the rest). */
export function requireAdminOrAuditor(req: FastifyRequest): RequestUser {
  const user = requireUser(req);
  if (!user.roles.includes('admin') && !user.roles.includes('auditor'))
    throw new DomainError('Admin or auditor access required', 403, 'forbidden');
  return user;
}

export function requireAdmin(req: FastifyRequest): RequestUser {
  const user = requireUser(req);
  if (!user.roles.includes('admin')) throw new DomainError('Admin access required', 403, 'forbidden');
  return user;
}
