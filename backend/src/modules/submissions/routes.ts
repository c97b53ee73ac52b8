import {
  AnswerQuestionsRequest,
  ListSubmissionsQuery,
  SubmissionActivityQuery,
  SubmitToSelectedVcsRequest,
  SubmitToTestVcsRequest,
} from '@fp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../platform/auth';
import { metaFor, type AppContext } from '../../platform/context';
import type { SubmissionsService } from './service';
import { attachmentHeader, parse, ValidationError } from '../../platform/http';
import { ownedRow, toSubmission } from './queries';

const IdParams = z.strictObject({ id: z.string().min(1).max(200) });
const EmptyBody = z.union([z.strictObject({}), z.undefined(), z.null()]);

function idempotencyKey(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (!key || key.length > 200) throw new ValidationError('Idempotency-Key must be 1 to 200 characters');
  return key;
}

export function submissionsRoutes(app: FastifyInstance, ctx: AppContext, submissions: SubmissionsService) {
  const svc = () => submissions;

  app.post('/api/submit-to-selected-vcs', async (req) => {
    const user = requireUser(req);
    const { vcIds } = parse(SubmitToSelectedVcsRequest, req.body);
    return svc().submit(user.id, { vcIds, test: false, requestKey: idempotencyKey(req) }, metaFor(ctx, user.id));
  });

  app.post('/api/submit-to-test-vcs', async (req) => {
    const user = requireUser(req);
    const { testVcIds } = parse(SubmitToTestVcsRequest, req.body);
    return svc().submit(
      user.id,
      { vcIds: testVcIds, test: true, requestKey: idempotencyKey(req) },
      metaFor(ctx, user.id),
    );
  });

  app.get('/api/submissions', async (req) => {
    const user = requireUser(req);
    return svc().list(user.id, parse(ListSubmissionsQuery, req.query));
  });

  app.get('/api/submission-stats', async (req) => svc().stats(requireUser(req).id));

  app.get('/api/submission-activity', async (req) => {
    const user = requireUser(req);
    return svc().activity(user.id, parse(SubmissionActivityQuery, req.query).days);
  });

  app.get('/api/submissions/:id', async (req) => {
    const user = requireUser(req);
    const { id } = parse(IdParams, req.params);
    return toSubmission(ctx, await ownedRow(ctx, user.id, id));
  });

  app.get('/api/submissions/:id/proof', async (req, reply) => {
    const user = requireUser(req);
    const { id } = parse(IdParams, req.params);
    const { fileName, zip } = await svc().proof(user.id, id);
    return reply
      .type('application/zip')
      .header('content-disposition', attachmentHeader(fileName))
      .header('cache-control', 'private, no-store')
      .send(zip);
  });

  app.post('/api/submissions/:id/stop', async (req) => {
    const user = requireUser(req);
    const { id } = parse(IdParams, req.params);
    parse(EmptyBody, req.body);
    return svc().stop(user.id, id, metaFor(ctx, user.id));
  });

  app.post('/api/submissions/:id/retry', async (req) => {
    const user = requireUser(req);
    const { id } = parse(IdParams, req.params);
    parse(EmptyBody, req.body);
    return svc().retry(user.id, id, metaFor(ctx, user.id));
  });

  app.get('/api/submissions/:id/questions', async (req) => {
    const user = requireUser(req);
    const { id } = parse(IdParams, req.params);
    return svc().questions(user.id, id);
  });

  app.post('/api/submissions/:id/answers', async (req) => {
    const user = requireUser(req);
    const { id } = parse(IdParams, req.params);
    const { answers } = parse(AnswerQuestionsRequest, req.body ?? {});
    return svc().answer(user.id, id, answers, metaFor(ctx, user.id));
  });

  app.post('/api/submissions/:id/fetch-live-url', async (req) => {
    const user = requireUser(req);
    const { id } = parse(IdParams, req.params);
    parse(EmptyBody, req.body);
    return svc().fetchLiveUrl(user.id, id);
  });
}
