import {
  API_ROUTES,
  AngelFilterQuery,
  AngelInvestorsQuery,
  ExportAngelInvestorsRequest,
  TestVcFirmsQuery,
  VcFilterQuery,
  routeLimit,
  VcFirmsQuery,
} from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin, requireUser } from '../../platform/auth';
import { FormsOverviewQuery, StartFormDiscoveryRequest } from '@fp/contracts';
import { metaFor } from '../../platform/context';
import type { CatalogContext } from './route-context';
import { parse } from '../../platform/http';
import { idempotencyKeyOf } from '../../platform/idempotency';
import { typedRoute } from '../../platform/typed-route';

/** Spec section 7: the VC database, the test VC database and the angel investor database. */
export function catalogRoutes(app: FastifyInstance, ctx: CatalogContext) {
  const { catalog } = ctx;

  typedRoute(app, 'vcFirms', 'GET', async (req) =>
    catalog.listVcFirms('vc', parse(VcFirmsQuery, req.query), requireUser(req).id),
  );
  typedRoute(app, 'vcFilterOptions', 'GET', async () => catalog.vcFilterOptions('vc'));
  typedRoute(app, 'vcFirmIds', 'GET', async (req) => ({
    vcIds: await catalog.vcFirmIds('vc', parse(VcFilterQuery, req.query), requireUser(req).id),
  }));

  typedRoute(app, 'testVcFirms', 'GET', async (req) =>
    catalog.listVcFirms('test', parse(TestVcFirmsQuery, req.query), requireUser(req).id),
  );
  typedRoute(app, 'testFilterOptions', 'GET', async () => catalog.vcFilterOptions('test'));
  typedRoute(app, 'testVcFirmIds', 'GET', async (req) => ({
    vcIds: await catalog.vcFirmIds('test', parse(VcFilterQuery, req.query), requireUser(req).id),
  }));

  typedRoute(app, 'catalogSources', 'GET', async () => ({ sources: await catalog.sources() }));

  // The registry of application forms, for operators (admins only; auditors are refused by the session check).
  typedRoute(app, 'opsForms', 'GET', async (req) => {
    requireAdmin(req);
    const q = parse(FormsOverviewQuery, req.query ?? {});
    return catalog.forms.overview(q.collection, q.staleDays);
  });
  typedRoute(app, 'opsFormsDiscover', 'POST', async (req, reply) => {
    const admin = requireAdmin(req);
    const body = parse(StartFormDiscoveryRequest, req.body ?? {});
    const r = await catalog.forms.discover(
      { collection: body.collection, staleDays: body.staleDays, requestedBy: admin.email },
      metaFor(ctx, `operator:${admin.id}`),
    );
    return reply.status(r.runId ? 202 : 200).send({ runId: r.runId, total: r.total });
  });

  typedRoute(app, 'investors', 'GET', async (req) => catalog.listAngels(parse(AngelInvestorsQuery, req.query)));
  typedRoute(app, 'investorFilterOptions', 'GET', async () => catalog.angelFilterOptions());
  typedRoute(app, 'investorIds', 'GET', async (req) => ({
    investorIds: await catalog.angelIds(parse(AngelFilterQuery, req.query)),
  }));
  typedRoute(app, 'investor', 'GET', async (req) => catalog.angel(req.params.id));

  app.post(
    API_ROUTES.exportAngelInvestors,
    { config: { limit: routeLimit('exportAngelInvestors', 'POST') } },
    async (req, reply) => {
      const user = requireUser(req);
      const { investorIds } = parse(ExportAngelInvestorsRequest, req.body ?? {});
      const exp = await catalog.exportAngels(user.id, investorIds, metaFor(ctx, user.id), {
        requestKey: idempotencyKeyOf(req),
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exp.fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-export-count', String(exp.count))
        .send(exp.stream);
    },
  );
}
