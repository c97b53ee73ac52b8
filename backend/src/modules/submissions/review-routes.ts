import { ReviewFirmRequest } from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth';
import { parse } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { createReviewFirm, type ReviewRunner } from './review-firm';
import type { SubmissionsContext } from './context';
import { typedRoute } from '../../platform/typed-route';

/** POST /api/submissions/review { vcFirmId, test? }: the review before sending (no credit, nothing sent). */
export function reviewRoutes(
  app: FastifyInstance,
  ctx: SubmissionsContext & AppContext,
  runner: () => ReviewRunner | null,
) {
  const reviewFirm = createReviewFirm(ctx, runner);
  typedRoute(app, 'submissionReview', 'POST', async (req) => {
    const user = requireUser(req);
    const body = parse(ReviewFirmRequest, req.body);
    return reviewFirm(user.id, { vcFirmId: body.vcFirmId, test: body.test ?? false });
  });
}
