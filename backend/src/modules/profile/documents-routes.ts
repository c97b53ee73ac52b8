import {
  API_ROUTES,
  FOUNDER_DOCUMENT_NOT_FOUND,
  FounderDocumentParams,
  MAX_DECK_BYTES,
  UploadPitchDeckQuery,
} from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import { attachmentHeader, parse } from '../../platform/http';
import type { ProfileContext } from './route-context';
import { typedRoute } from '../../platform/typed-route';

const TOO_LARGE = 'The document is larger than 25 MB. Upload a smaller PDF.';

/**
 * The founder's other documents, one per kind (the session's user id selects them, so another
 * founder's are never reachable). An upload is the raw PDF as the body, like the deck's.
 */
export function founderDocumentRoutes(app: FastifyInstance, ctx: ProfileContext) {
  typedRoute(app, 'documents', 'GET', async (req) => ctx.profile.documents(requireUser(req).id));

  app.get(API_ROUTES.documentFile, async (req, reply) => {
    const user = requireUser(req);
    const { kind } = parse(FounderDocumentParams, req.params);
    const [file] = await ctx.profile.documentFiles(user.id, kind);
    if (!file) return reply.status(404).send({ error: FOUNDER_DOCUMENT_NOT_FOUND });
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentHeader(file.fileName))
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  });

  typedRoute(app, 'document', 'DELETE', async (req) => {
    const user = requireUser(req);
    const { kind } = parse(FounderDocumentParams, req.params);
    await ctx.profile.removeDocument(user.id, kind, metaFor(ctx, user.id));
    return ctx.profile.documents(user.id);
  });

  app.register(async (scope) => {
    // Any content type: a PDF's type is its bytes, not what the browser guessed from the name.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_DECK_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    typedRoute(
      scope,
      'document',
      'PUT',
      async (req) => {
        const user = requireUser(req);
        const { kind } = parse(FounderDocumentParams, req.params);
        const { name } = parse(UploadPitchDeckQuery, req.query ?? {});
        const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        await ctx.profile.addDocument(user.id, kind, name, bytes, metaFor(ctx, user.id));
        return ctx.profile.documents(user.id);
      },
      { bodyLimit: MAX_DECK_BYTES, config: { tooLargeMessage: TOO_LARGE } },
    );
  });
}
