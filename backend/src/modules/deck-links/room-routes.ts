import {
  CreateDeckRoomRequest,
  CreateRoomLinkRequest,
  MAX_DECK_BYTES,
  UpdateDeckRoomRequest,
  UploadRoomDocumentQuery,
} from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import { parse } from '../../platform/http';
import { typedRoute } from '../../platform/typed-route';
import type { DeckLinksContext } from './route-context';

const TOO_LARGE = 'The file is larger than 25 MB. Upload a smaller PDF.';

/** The founder's data rooms: every route selects by the session's user (another founder's room is a 404). */
export function deckRoomRoutes(app: FastifyInstance, ctx: DeckLinksContext) {
  const rooms = ctx.deckLinks.rooms;

  typedRoute(app, 'deckRooms', 'POST', async (req, reply) => {
    const user = requireUser(req);
    const body = parse(CreateDeckRoomRequest, req.body ?? {});
    return reply.status(201).send(await rooms.create(user.id, body, metaFor(ctx, user.id)));
  });

  typedRoute(app, 'deckRooms', 'GET', async (req) => ({ rooms: await rooms.list(requireUser(req).id) }));

  typedRoute(app, 'deckRoom', 'GET', async (req) => {
    const user = requireUser(req);
    return rooms.get(user.id, req.params.id);
  });

  typedRoute(app, 'deckRoom', 'PATCH', async (req) => {
    const user = requireUser(req);
    const { id } = req.params;
    return rooms.change(user.id, id, parse(UpdateDeckRoomRequest, req.body ?? {}), metaFor(ctx, user.id));
  });

  typedRoute(app, 'deckRoomDocument', 'DELETE', async (req) => {
    const user = requireUser(req);
    const { id, documentId } = req.params;
    return rooms.removeDocument(user.id, id, documentId, metaFor(ctx, user.id));
  });

  typedRoute(app, 'deckRoomLinks', 'POST', async (req, reply) => {
    const user = requireUser(req);
    const { id } = req.params;
    const body = parse(CreateRoomLinkRequest, req.body ?? {});
    return reply.status(201).send(await rooms.createLink(user.id, id, body, metaFor(ctx, user.id)));
  });

  typedRoute(app, 'deckRoomAnalytics', 'GET', async (req) => {
    const user = requireUser(req);
    return rooms.analytics(user.id, req.params.id);
  });

  // A document is the raw PDF as the body, as the pitch deck's upload: judged by its bytes, not its type.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_DECK_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    typedRoute(
      scope,
      'deckRoomDocuments',
      'PUT',
      async (req, reply) => {
        const user = requireUser(req);
        const { id } = req.params;
        const { name } = parse(UploadRoomDocumentQuery, req.query ?? {});
        const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return reply.status(201).send(await rooms.addDocument(user.id, id, name, bytes, metaFor(ctx, user.id)));
      },
      { bodyLimit: MAX_DECK_BYTES, config: { tooLargeMessage: TOO_LARGE } },
    );
  });
}
