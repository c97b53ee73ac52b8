import { SaveAnswerRequest, UpdateAnswerRequest } from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import { parse } from '../../platform/http';
import type { ProfileContext } from './route-context';
import { typedRoute } from '../../platform/typed-route';

/** The founder's answer library: every route selects by the session's user (another founder's answer is a 404). */
export function answersRoutes(app: FastifyInstance, ctx: ProfileContext) {
  const svc = ctx.profile;

  typedRoute(app, 'answers', 'GET', async (req) => ({ answers: await svc.answers(requireUser(req).id) }));

  typedRoute(app, 'answers', 'POST', async (req, reply) => {
    const user = requireUser(req);
    const body = parse(SaveAnswerRequest, req.body ?? {});
    const { answerId } = await svc.changeAnswers(
      user.id,
      { type: 'SaveAnswer', data: { userId: user.id, answerId: ctx.newId(), ...body } },
      metaFor(ctx, user.id),
    );
    return reply.status(201).send({ answer: (await svc.answers(user.id)).find((a) => a.id === answerId) });
  });

  typedRoute(app, 'answer', 'PATCH', async (req) => {
    const user = requireUser(req);
    const { id } = req.params;
    const body = parse(UpdateAnswerRequest, req.body ?? {});
    await svc.changeAnswers(
      user.id,
      { type: 'UpdateAnswer', data: { userId: user.id, answerId: id, ...body } },
      metaFor(ctx, user.id),
    );
    return { answer: (await svc.answers(user.id)).find((a) => a.id === id) };
  });

  typedRoute(app, 'answer', 'DELETE', async (req) => {
    const user = requireUser(req);
    const { id } = req.params;
    await svc.changeAnswers(
      user.id,
      { type: 'DeleteAnswer', data: { userId: user.id, answerId: id } },
      metaFor(ctx, user.id),
    );
    return { success: true as const };
  });
}
