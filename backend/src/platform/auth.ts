import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from './decider';
import type { IdentityProvider } from './identity/port';
import { headersFrom } from './identity/port';
import type { Db } from '@fp/infra';

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
const PUBLIC = [/^\/api\/health$/, /^\/api\/config$/, /^\/api\/identity(\/|$)/, /^\/api\/webhooks\//];

export const NOT_AUTHENTICATED = 'User not authenticated';

/**
 * Checks the bearer session on every /api route before any handler runs: a route that forgets to
 * ask still answers 401 to a visitor without a valid session.
 */
export function installSessionCheck(app: FastifyInstance, identity: IdentityProvider, db: Db, extraPublic: RegExp[] = []) {
  app.decorateRequest('user', null);
  const open = [...PUBLIC, ...extraPublic];
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0]!;
    if (!path.startsWith('/api/') || open.some((re) => re.test(path))) return;
    const who = await identity.authenticate(headersFrom(req.headers as Record<string, string | string[] | undefined>));
    if (!who) return reply.status(401).send({ error: NOT_AUTHENTICATED });
    const row = await db.selectFrom('users').select('roles').where('id', '=', who.id).executeTakeFirst();
    req.user = { id: who.id, email: who.email, name: who.name, roles: (row?.roles as string[] | undefined) ?? [], emailVerified: who.emailVerified };
  });
}

export function requireUser(req: FastifyRequest): RequestUser {
  if (!req.user) throw new DomainError(NOT_AUTHENTICATED, 401, 'unauthenticated');
  return req.user;
}

export function requireAdmin(req: FastifyRequest): RequestUser {
  const user = requireUser(req);
  if (!user.roles.includes('admin')) throw new DomainError('Admin access required', 403, 'forbidden');
  return user;
}
