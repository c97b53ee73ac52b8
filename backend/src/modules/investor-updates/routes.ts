import {
  CreateInvestorUpdateRequest,
  EditInvestorUpdateRequest,
  PreviewInvestorUpdateRequest,
  SendInvestorUpdateRequest,
} from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import { parse } from '../../platform/http';
import { typedRoute } from '../../platform/typed-route';
import type { InvestorUpdatesContext } from './route-context';

/** A route per action; each selects by the session's user (another founder's update is a 404). */
export function investorUpdatesRoutes(app: FastifyInstance, ctx: InvestorUpdatesContext) {
  const svc = ctx.updates;

  typedRoute(app, 'investorUpdates', 'POST', async (req, reply) => {
    const user = requireUser(req);
    parse(CreateInvestorUpdateRequest, req.body ?? {});
    const { id } = await svc.draft(user.id, metaFor(ctx, user.id));
    return reply.status(201).send(await svc.get(user.id, id));
  });

  typedRoute(app, 'investorUpdates', 'GET', async (req) => ({ updates: await svc.list(requireUser(req).id) }));

  typedRoute(app, 'investorUpdate', 'GET', async (req) => svc.get(requireUser(req).id, req.params.id));

  typedRoute(app, 'investorUpdate', 'PATCH', async (req) => {
    const user = requireUser(req);
    const { id } = req.params;
    return svc.edit(user.id, id, parse(EditInvestorUpdateRequest, req.body ?? {}), metaFor(ctx, user.id));
  });

  typedRoute(app, 'investorUpdatePreview', 'POST', async (req) => {
    const user = requireUser(req);
    const { id } = req.params;
    return svc.preview(user.id, id, parse(PreviewInvestorUpdateRequest, req.body ?? {}).to, metaFor(ctx, user.id));
  });

  typedRoute(app, 'investorUpdateSend', 'POST', async (req) => {
    const user = requireUser(req);
    const { id } = req.params;
    const body = parse(SendInvestorUpdateRequest, req.body ?? {});
    return svc.send(user.id, id, metaFor(ctx, user.id), body);
  });
}
