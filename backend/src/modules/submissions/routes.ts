import {
  API_ROUTES,
  AnswerQuestionsRequest,
  ListSubmissionsQuery,
  pathParams,
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
import { typedRoute } from '../../platform/typed-route';

const EmptyBody = z.union([z.strictObject({}), z.undefined(), z.null()]);

export function submissionsRoutes(app: FastifyInstance, ctx: AppContext, submissions: SubmissionsService) {
  typedRoute(app, 'submitToSelectedVcs', 'POST', async (req) => {
    const user = requireUser(req);
    const { vcIds } = parse(SubmitToSelectedVcsRequest, req.body);
    return submissions.submit(
      user.id,
      { vcIds, test: false, requestKey: idempotencyKeyOf(req) },
      metaFor(ctx, user.id),
    );
  });

  typedRoute(app, 'submitToTestVcs', 'POST', async (req) => {
    const user = requireUser(req);
    const { testVcIds } = parse(SubmitToTestVcsRequest, req.body);
    return submissions.submit(
      user.id,
      { vcIds: testVcIds, test: true, requestKey: idempotencyKeyOf(req) },
      metaFor(ctx, user.id),
    );
  });

  typedRoute(app, 'submitPlan', 'POST', async (req) => {
    const user = requireUser(req);
    const { vcIds, test } = parse(SubmitPlanRequest, req.body);
    return submissions.plan(user.id, { vcIds, test: test ?? false });
  });

  typedRoute(app, 'submissions', 'GET', async (req) => {
    const user = requireUser(req);
    return submissions.list(user.id, parse(ListSubmissionsQuery, req.query));
  });

  typedRoute(app, 'submissionStats', 'GET', async (req) => submissions.stats(requireUser(req).id));

  typedRoute(app, 'submissionActivity', 'GET', async (req) => {
    const user = requireUser(req);
    return submissions.activity(user.id, parse(SubmissionActivityQuery, req.query).days);
  });

  typedRoute(app, 'submission', 'GET', async (req) => {
    const user = requireUser(req);
    const { id } = req.params;
    return toSubmission(ctx, await ownedRow(ctx, user.id, id));
  });

  app.get(API_ROUTES.submissionProof, async (req, reply) => {
    const user = requireUser(req);
    const { id } = parse(pathParams('submissionProof'), req.params);
    const { fileName, zip } = await submissions.proof(user.id, id);
    return reply
      .type('application/zip')
      .header('content-disposition', attachmentHeader(fileName))
      .header('cache-control', 'private, no-store')
      .send(zip);
  });

  typedRoute(app, 'submissionStop', 'POST', async (req) => {
    const user = requireUser(req);
    const { id } = req.params;
    parse(EmptyBody, req.body);
    return submissions.stop(user.id, id, metaFor(ctx, user.id));
  });

  typedRoute(app, 'submissionRetry', 'POST', async (req) => {
    const user = requireUser(req);
    const { id } = req.params;
    parse(EmptyBody, req.body);
    return submissions.retry(user.id, id, metaFor(ctx, user.id), idempotencyKeyOf(req));
  });

  typedRoute(app, 'submissionQuestions', 'GET', async (req) => {
    const user = requireUser(req);
    const { id } = req.params;
    return submissions.questions(user.id, id);
  });

  typedRoute(app, 'submissionAnswers', 'POST', async (req) => {
    const user = requireUser(req);
    const { id } = req.params;
    const { answers } = parse(AnswerQuestionsRequest, req.body ?? {});
    return submissions.answer(user.id, id, answers, metaFor(ctx, user.id));
  });

  typedRoute(app, 'submissionFetchLiveUrl', 'POST', async (req) => {
    const user = requireUser(req);
    const { id } = req.params;
    parse(EmptyBody, req.body);
    return submissions.fetchLiveUrl(user.id, id);
  });
}
