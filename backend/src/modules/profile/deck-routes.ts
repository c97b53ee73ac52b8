import { API_ROUTES, DECK_NOT_FOUND, MAX_DECK_BYTES, UploadPitchDeckQuery } from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import { attachmentHeader, parse } from '../../platform/http';
import type { ProfileContext } from './route-context';
import { typedRoute } from '../../platform/typed-route';

const TOO_LARGE = 'The deck is larger than 25 MB. Upload a smaller PDF.';

/**
 * The founder's own pitch deck (the session's user id selects it, so another founder's is never
 * reachable). The upload is the raw PDF as the body, whatever content type the browser sends: the
 * type is judged from the bytes, and Fastify refuses a body over 25 MB before reading it (413).
 */
export function pitchDeckRoutes(app: FastifyInstance, ctx: ProfileContext) {
  typedRoute(app, 'pitchDeck', 'GET', async (req) => ctx.profile.pitchDeck(requireUser(req).id));

  app.get(API_ROUTES.pitchDeckFile, async (req, reply) => {
    const file = await ctx.profile.pitchDeckFile(requireUser(req).id);
    if (!file) return reply.status(404).send({ error: DECK_NOT_FOUND });
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentHeader(file.fileName))
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  });

  typedRoute(app, 'pitchDeck', 'DELETE', async (req) => {
    const user = requireUser(req);
    await ctx.profile.removePitchDeck(user.id, metaFor(ctx, user.id));
    return ctx.profile.pitchDeck(user.id);
  });

  app.register(async (scope) => {
    // Any content type: a PDF's type is its bytes, not what the browser guessed from the name.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_DECK_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    typedRoute(
      scope,
      'pitchDeck',
      'PUT',
      async (req) => {
        const user = requireUser(req);
        const { name } = parse(UploadPitchDeckQuery, req.query ?? {});
        const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        await ctx.profile.uploadPitchDeck(user.id, name, bytes, metaFor(ctx, user.id));
        return ctx.profile.pitchDeck(user.id);
      },
      { bodyLimit: MAX_DECK_BYTES, config: { tooLargeMessage: TOO_LARGE } },
    );
  });
}
