import {
  CreateDeckLinkRequest,
  DeckAnalyticsQuery,
  DeckLinkAnalyticsQuery,
  UpdateDeckAlertSettings,
  UpdateDeckLinkRequest,
} from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import { parse } from '../../platform/http';
import { typedRoute } from '../../platform/typed-route';
import type { DeckLinksContext } from './route-context';

/** The founder's links: every route selects by the session's user (another founder's link is a 404). */
export function deckLinksRoutes(app: FastifyInstance, ctx: DeckLinksContext) {
  const svc = ctx.deckLinks;

  typedRoute(app, 'deckLinks', 'POST', async (req, reply) => {
    const user = requireUser(req);
    return reply
      .status(201)
      .send(await svc.create(user.id, parse(CreateDeckLinkRequest, req.body ?? {}), metaFor(ctx, user.id)));
  });

  typedRoute(app, 'deckLinks', 'GET', async (req) => ({ links: await svc.list(requireUser(req).id) }));

  typedRoute(app, 'deckLink', 'PATCH', async (req) => {
    const user = requireUser(req);
    const { id } = req.params;
    return svc.update(user.id, id, parse(UpdateDeckLinkRequest, req.body ?? {}), metaFor(ctx, user.id));
  });

  typedRoute(app, 'deckLink', 'DELETE', async (req, reply) => {
    const user = requireUser(req);
    await svc.delete(user.id, req.params.id, metaFor(ctx, user.id));
    return reply.status(204).send();
  });

  typedRoute(app, 'deckLinkAnalytics', 'GET', async (req) => {
    const user = requireUser(req);
    return svc.analytics(user.id, req.params.id, parse(DeckLinkAnalyticsQuery, req.query ?? {}));
  });

  typedRoute(app, 'deckAnalytics', 'GET', async (req) =>
    svc.deckAnalytics(requireUser(req).id, parse(DeckAnalyticsQuery, req.query ?? {})),
  );

  typedRoute(app, 'deckNotifications', 'GET', async (req) => svc.notifications(requireUser(req).id));

  typedRoute(app, 'deckNotificationsSeen', 'POST', async (req, reply) => {
    const user = requireUser(req);
    await svc.markNotificationsSeen(user.id, metaFor(ctx, user.id));
    return reply.status(204).send();
  });

  typedRoute(app, 'deckNotificationSettings', 'PUT', async (req) => {
    const user = requireUser(req);
    return svc.setAlerts(user.id, parse(UpdateDeckAlertSettings, req.body ?? {}), metaFor(ctx, user.id));
  });
}
