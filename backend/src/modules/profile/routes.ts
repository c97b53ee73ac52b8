import { UpdateStartupProfileRequest } from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import type { ProfileContext } from './index';
import { parse } from '../../platform/http';

/** A founder reads and writes only their own profile: the session's user id selects it. */
export function profileRoutes(app: FastifyInstance, ctx: ProfileContext) {
  app.get('/api/startup-profile', async (req) => ctx.profile.get(requireUser(req).id));

  app.patch('/api/startup-profile', async (req) => {
    const user = requireUser(req);
    const change = parse(UpdateStartupProfileRequest, req.body ?? {});
    const { profile, completion } = await ctx.profile.update(user.id, change, metaFor(ctx, user.id));
    return { profile, completion };
  });

  app.get('/api/profile-completion', async (req) => {
    const { completion } = await ctx.profile.get(requireUser(req).id);
    return { percentage: completion.percentage, isComplete: completion.isComplete };
  });
}
