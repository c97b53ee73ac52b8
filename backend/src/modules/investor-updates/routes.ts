import {
  API_ROUTES,
  CreateInvestorUpdateRequest,
  EditInvestorUpdateRequest,
  PreviewInvestorUpdateRequest,
  SendInvestorUpdateRequest,
} from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import { parse } from '../../platform/http';
import type { InvestorUpdatesContext } from './route-context';

const IdParams = z.strictObject({ id: z.string().min(1).max(200) });

/** A route per action; each selects by the session's user (another founder's update is a 404). */
export function investorUpdatesRoutes(app: FastifyInstance, ctx: InvestorUpdatesContext) {
  const svc = ctx.updates;

  app.post(API_ROUTES.investorUpdates, async (req, reply) => {
    const user = requireUser(req);
    parse(CreateInvestorUpdateRequest, req.body ?? {});
    const { id } = await svc.draft(user.id, metaFor(ctx, user.id));
    return reply.status(201).send(await svc.get(user.id, id));
  });

  app.get(API_ROUTES.investorUpdates, async (req) => ({ updates: await svc.list(requireUser(req).id) }));

  app.get(API_ROUTES.investorUpdate, async (req) => svc.get(requireUser(req).id, parse(IdParams, req.params).id));

  app.patch(API_ROUTES.investorUpdate, async (req) => {
    const user = requireUser(req);
    const { id } = parse(IdParams, req.params);
    return svc.edit(user.id, id, parse(EditInvestorUpdateRequest, req.body ?? {}), metaFor(ctx, user.id));
  });

  app.post(API_ROUTES.investorUpdatePreview, async (req) => {
    const user = requireUser(req);
    const { id } = parse(IdParams, req.params);
    return svc.preview(user.id, id, parse(PreviewInvestorUpdateRequest, req.body ?? {}).to, metaFor(ctx, user.id));
  });

  app.post(API_ROUTES.investorUpdateSend, async (req) => {
    const user = requireUser(req);
    const { id } = parse(IdParams, req.params);
    const body = parse(SendInvestorUpdateRequest, req.body ?? {});
    return svc.send(user.id, id, metaFor(ctx, user.id), body);
  });
}
