import { UpdateStartupProfileRequest } from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth';
import { metaFor, type AppContext } from '../../platform/context';
import { parse } from '../../platform/http';

/** A founder reads and writes only their own profile: the session's user id selects it. */
export function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/startup-profile', async (req) => ctx.services.profile.get(requireUser(req).id));

  app.patch('/api/startup-profile', async (req) => {
    const user = requireUser(req);
    const change = parse(UpdateStartupProfileRequest, req.body ?? {});
    const { profile, completion } = await ctx.services.profile.update(user.id, change, metaFor(ctx, user.id));
    return { profile, completion };
  });

  app.get('/api/profile-completion', async (req) => {
    const { completion } = await ctx.services.profile.get(requireUser(req).id);
    return { percentage: completion.percentage, isComplete: completion.isComplete };
  });
}
