import { HONEYPOT_FIELD } from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import type { SecurityContext } from './route-context';
import { HONEYPOT_PATHS } from './classify';
import { pathOf, reportFor } from './request';

/**
 * Honeypot routes answer like any unknown path (404) but record a honeypot violation. They are
 * public paths so that a scanner without a session is recorded too.
 */
export function honeypotRoutes(app: FastifyInstance, ctx: SecurityContext) {
  const security = ctx.security;
  for (const url of HONEYPOT_PATHS) {
    app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url,
      handler: async (req, reply) => {
        await security
          .recordViolation(reportFor(req, 'honeypot', 'honeypot route'))
          .catch((err: Error) => req.log.error({ err }, 'recording a honeypot violation failed'));
        return reply.code(404).send({ error: `Not found: ${req.method} ${url}` });
      },
    });
  }
}

/**
 * The hidden form field: forms may send it empty (it is removed before the route sees the body, so
 * strict schemas still pass); a value in it means a bot filled in every field.
 */
export function installHiddenFieldCheck(app: FastifyInstance, ctx: SecurityContext) {
  const security = ctx.security;
  app.addHook('preHandler', async (req, reply) => {
    const body = req.body as Record<string, unknown> | null | undefined;
    if (
      !body ||
      typeof body !== 'object' ||
      Array.isArray(body) ||
      !(HONEYPOT_FIELD in body) ||
      !pathOf(req).startsWith('/api/')
    )
      return;
    const value = body[HONEYPOT_FIELD];
    delete body[HONEYPOT_FIELD];
    if (value === undefined || value === null || value === '') return;
    await security
      .recordViolation(reportFor(req, 'honeypot', 'hidden form field filled in'))
      .catch((err: Error) => req.log.error({ err }, 'recording a honeypot violation failed'));
    return reply.code(400).send({ error: 'Invalid request' });
  });
}
