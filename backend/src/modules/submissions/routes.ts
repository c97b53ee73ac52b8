import {
  API_ROUTES,
  AnswerQuestionsRequest,
  ListSubmissionsQuery,
  SubmissionActivityQuery,
  SubmitToSelectedVcsRequest,
  SubmitPlanRequest,
  SubmitToTestVcsRequest,
} from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../platform/auth';
import { metaFor, type AppContext } from '../../platform/context';
import type { SubmissionsService } from './service';
import { attachmentHeader, parse } from '../../platform/http';
import { idempotencyKeyOf } from '../../platform/idempotency';
import { ownedRow, toSubmission } from './queries';

const IdParams = z.strictObject({ id: z.string().min(1).max(200) });
const EmptyBody = z.union([z.strictObject({}), z.undefined(), z.null()]);

export function submissionsRoutes(app: FastifyInstance, ctx: AppContext, submissions: SubmissionsService) {
  app.post(API_ROUTES.submitToSelectedVcs, { config: { limit: 'bulk' } }, async (req) => {
    const user = requireUser(req);
    const { vcIds } = parse(SubmitToSelectedVcsRequest, req.body);
    return submissions.submit(
      user.id,
      { vcIds, test: false, requestKey: idempotencyKeyOf(req) },
      metaFor(ctx, user.id),
    );
  });

  app.post(API_ROUTES.submitToTestVcs, { config: { limit: 'bulk' } }, async (req) => {
    const user = requireUser(req);
    const { testVcIds } = parse(SubmitToTestVcsRequest, req.body);
    return submissions.submit(
      user.id,
      { vcIds: testVcIds, test: true, requestKey: idempotencyKeyOf(req) },
      metaFor(ctx, user.id),
    );
  });

  // A preview reads as much as a submit (the firms, a DNS look-up each): counted as one.
  app.post(API_ROUTES.submitPlan, { config: { limit: 'bulk' } }, async (req) => {
    const user = requireUser(req);
    const { vcIds, test } = parse(SubmitPlanRequest, req.body);
    return submissions.plan(user.id, { vcIds, test: test ?? false });
  });

  app.get(API_ROUTES.submissions, async (req) => {
    const user = requireUser(req);
    return submissions.list(user.id, parse(ListSubmissionsQuery, req.query));
  });

  app.get(API_ROUTES.submissionStats, async (req) => submissions.stats(requireUser(req).id));

  app.get(API_ROUTES.submissionActivity, async (req) => {
    const user = requireUser(req);
    return submissions.activity(user.id, parse(SubmissionActivityQuery, req.query).days);
  });

  app.get(API_ROUTES.submission, async (req) => {
    const user = requireUser(req);
    const { id } = parse(IdParams, req.params);
    return toSubmission(ctx, await ownedRow(ctx, user.id, id));
  });

  app.get(API_ROUTES.submissionProof, async (req, reply) => {
    const user = requireUser(req);
    const { id } = parse(IdParams, req.params);
    const { fileName, zip } = await submissions.proof(user.id, id);
    return reply
      .type('application/zip')
      .header('content-disposition', attachmentHeader(fileName))
      .header('cache-control', 'private, no-store')
      .send(zip);
  });

  app.post(API_ROUTES.submissionStop, async (req) => {
    const user = requireUser(req);
    const { id } = parse(IdParams, req.params);
    parse(EmptyBody, req.body);
    return submissions.stop(user.id, id, metaFor(ctx, user.id));
  });

  app.post(API_ROUTES.submissionRetry, async (req) => {
    const user = requireUser(req);
    const { id } = parse(IdParams, req.params);
    parse(EmptyBody, req.body);
    return submissions.retry(user.id, id, metaFor(ctx, user.id), idempotencyKeyOf(req));
  });

  app.get(API_ROUTES.submissionQuestions, async (req) => {
    const user = requireUser(req);
    const { id } = parse(IdParams, req.params);
    return submissions.questions(user.id, id);
  });

  app.post(API_ROUTES.submissionAnswers, async (req) => {
    const user = requireUser(req);
    const { id } = parse(IdParams, req.params);
    const { answers } = parse(AnswerQuestionsRequest, req.body ?? {});
    return submissions.answer(user.id, id, answers, metaFor(ctx, user.id));
  });

  app.post(API_ROUTES.submissionFetchLiveUrl, async (req) => {
    const user = requireUser(req);
    const { id } = parse(IdParams, req.params);
    parse(EmptyBody, req.body);
    return submissions.fetchLiveUrl(user.id, id);
  });
}
