import { suggestDefaultMessage, UpdateStandingChoicesRequest, type StandingChoicesResponse } from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import { parse } from '../../platform/http';
import type { ProfileContext } from './route-context';
import { typedRoute } from '../../platform/typed-route';

/** Settings → Applications: the founder's own standing choices (the session's user selects them). */
export function standingChoicesRoutes(app: FastifyInstance, ctx: ProfileContext) {
  const svc = ctx.profile;
  const answer = async (
    userId: string,
    choices: Awaited<ReturnType<typeof svc.standingChoices>>,
  ): Promise<StandingChoicesResponse> => ({
    ...choices,
    suggestion: suggestDefaultMessage((await svc.get(userId)).profile),
  });

  typedRoute(app, 'standingChoices', 'GET', async (req) => {
    const user = requireUser(req);
    return answer(user.id, await svc.standingChoices(user.id));
  });

  typedRoute(app, 'standingChoices', 'PUT', async (req) => {
    const user = requireUser(req);
    const body = parse(UpdateStandingChoicesRequest, req.body ?? {});
    return answer(
      user.id,
      await svc.changeStandingChoices(
        user.id,
        { type: 'SetStandingChoices', data: { userId: user.id, ...body } },
        metaFor(ctx, user.id),
      ),
    );
  });
}
