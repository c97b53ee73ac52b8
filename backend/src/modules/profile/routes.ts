import { isProfileField, UpdateStartupProfileRequest } from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import type { ProfileContext } from './route-context';
import { typedRoute } from '../../platform/typed-route';
import { ValidationError, zodMessage } from '../../platform/http';
import { DomainError } from '../../platform/decider';

/** Parses a profile change; a refusal answers 400 `{ error, fields }` with each bad field's message. */
function parseChange(body: unknown) {
  const r = UpdateStartupProfileRequest.safeParse(body);
  if (r.success) return r.data;
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const f = issue.path[0];
    if (typeof f === 'string' && isProfileField(f) && !fields[f]) fields[f] = issue.message;
  }
  if (!Object.keys(fields).length) throw new ValidationError(zodMessage(r.error));
  throw new DomainError(zodMessage(r.error), 400, 'validation', { fields });
}

/** A founder reads and writes only their own profile: the session's user id selects it. */
export function profileRoutes(app: FastifyInstance, ctx: ProfileContext) {
  typedRoute(app, 'startupProfile', 'GET', async (req) => ctx.profile.get(requireUser(req).id));

  typedRoute(app, 'startupProfile', 'PATCH', async (req) => {
    const user = requireUser(req);
    const change = parseChange(req.body ?? {});
    const { profile, completion } = await ctx.profile.update(user.id, change, metaFor(ctx, user.id));
    return { profile, completion };
  });

  typedRoute(app, 'profileCompletion', 'GET', async (req) => {
    const { completion } = await ctx.profile.get(requireUser(req).id);
    return { percentage: completion.percentage, isComplete: completion.isComplete };
  });
}
