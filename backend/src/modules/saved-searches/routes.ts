import { CreateSavedSearchRequest, RenameSavedSearchRequest } from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import { parse } from '../../platform/http';
import { typedRoute } from '../../platform/typed-route';
import type { SavedSearchesContext } from './route-context';

/** A founder's saved searches: every route selects by the session's user (another founder's search is a 404). */
export function savedSearchesRoutes(app: FastifyInstance, ctx: SavedSearchesContext) {
  const svc = ctx.savedSearches;

  typedRoute(app, 'savedSearches', 'GET', async (req) => ({ savedSearches: await svc.list(requireUser(req).id) }));

  typedRoute(app, 'savedSearches', 'POST', async (req, reply) => {
    const user = requireUser(req);
    return reply
      .status(201)
      .send(await svc.create(user.id, parse(CreateSavedSearchRequest, req.body ?? {}), metaFor(ctx, user.id)));
  });

  typedRoute(app, 'savedSearch', 'PATCH', async (req) => {
    const user = requireUser(req);
    const { name } = parse(RenameSavedSearchRequest, req.body ?? {});
    return svc.rename(user.id, req.params.id, name, metaFor(ctx, user.id));
  });

  typedRoute(app, 'savedSearchOpen', 'POST', async (req) => {
    const user = requireUser(req);
    return svc.open(user.id, req.params.id, metaFor(ctx, user.id));
  });

  typedRoute(app, 'savedSearch', 'DELETE', async (req) => {
    const user = requireUser(req);
    await svc.remove(user.id, req.params.id, metaFor(ctx, user.id));
    return { success: true as const };
  });
}
