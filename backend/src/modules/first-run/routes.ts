import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import { typedRoute } from '../../platform/typed-route';
import type { FirstRunContext } from './context';
import type { FirstRunService } from './service';

/** The founder's own checklist (every read and write is the session's user). */
export function firstRunRoutes(app: FastifyInstance, ctx: FirstRunContext, svc: FirstRunService) {
  typedRoute(app, 'firstRun', 'GET', async (req) => svc.checklist(requireUser(req).id));

  typedRoute(app, 'firstRunDismiss', 'POST', async (req) => {
    const user = requireUser(req);
    await svc.dismiss(user.id, metaFor(ctx, user.id));
    return svc.checklist(user.id);
  });

  // "Watch it live" is done when the live view page was actually served: the submissions module
  // answers /live/:id with 200 only to its owner's signed token, so its owner is who opened it.
  // Recorded before the page goes out (onSend, not onResponse), so the checklist read right after
  // it already shows the step, and no write trails behind the answer.
  app.addHook('onSend', async (req: FastifyRequest<{ Params: { id?: string } }>, reply, payload) => {
    if (req.method !== 'GET' || req.routeOptions.url !== '/live/:id' || reply.statusCode !== 200 || !req.params.id)
      return payload;
    const id = req.params.id;
    const owner = await ctx.submissions.ownerOf(id);
    if (owner)
      await svc
        .recordLiveViewOpened(owner, id, metaFor(ctx, owner))
        .catch((err) => req.log.error({ err }, 'recording the first live view failed'));
    return payload;
  });
}
