import {
  API_ROUTES,
  AddPipelineCardRequest,
  AddPipelineCardsRequest,
  pipelineExportFileName,
  UpdatePipelineCardRequest,
} from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import { parse } from '../../platform/http';
import { typedRoute } from '../../platform/typed-route';
import type { PipelineContext } from './route-context';

/** The founder's board: every route selects by the session's user (another founder's card is a 404). */
export function pipelineRoutes(app: FastifyInstance, ctx: PipelineContext) {
  const svc = ctx.pipeline;

  typedRoute(app, 'pipeline', 'GET', async (req) => ({ cards: await svc.list(requireUser(req).id) }));

  /** One investor `{ investorId, investorKind, stage? }` (201 with the card; 200 with the existing one) or many `{ investors: [...] }`. */
  typedRoute(app, 'pipeline', 'POST', async (req, reply) => {
    const user = requireUser(req);
    const body = req.body ?? {};
    if (typeof body === 'object' && 'investors' in body) {
      return svc.add(user.id, parse(AddPipelineCardsRequest, body), metaFor(ctx, user.id));
    }
    const one = parse(AddPipelineCardRequest, body);
    const r = await svc.add(
      user.id,
      { investors: [{ investorId: one.investorId, investorKind: one.investorKind }], stage: one.stage },
      metaFor(ctx, user.id),
    );
    return reply.status(r.added ? 201 : 200).send(r.cards[0]);
  });

  app.get(API_ROUTES.pipelineExport, async (req, reply) => {
    const user = requireUser(req);
    const { csv, count } = await svc.exportCsv(user.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${pipelineExportFileName(ctx.clock.now())}"`)
      .header('cache-control', 'no-store')
      .header('x-export-count', String(count))
      .send(csv);
  });

  typedRoute(app, 'pipelineEntry', 'PATCH', async (req) => {
    const user = requireUser(req);
    const { id } = req.params;
    return svc.update(user.id, id, parse(UpdatePipelineCardRequest, req.body ?? {}), metaFor(ctx, user.id));
  });

  typedRoute(app, 'pipelineEntry', 'DELETE', async (req) => {
    const user = requireUser(req);
    await svc.remove(user.id, req.params.id, metaFor(ctx, user.id));
    return { success: true as const };
  });

  typedRoute(app, 'pipelineEntryHistory', 'GET', async (req) => {
    const user = requireUser(req);
    return { history: await svc.history(user.id, req.params.id) };
  });
}
