import { API_ROUTES, CreditHistoryQuery } from '@fp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth';
import type { CreditsContext } from './route-context';
import { parse } from '../../platform/http';
import { balanceHistory, creditHistory } from './history';
import { plansFor } from './plans';

export function creditsRoutes(app: FastifyInstance, ctx: CreditsContext) {
  const balance = async (req: FastifyRequest) => {
    const id = requireUser(req).id;
    const [b, owed] = await Promise.all([ctx.credits.balance(id), ctx.credits.owed(id)]);
    // `owed` only when a reversed payment left some (most answers stay `{ balance }`).
    return owed > 0 ? { balance: b, owed } : { balance: b };
  };
  app.get(API_ROUTES.creditsBalance, balance);
  app.get(API_ROUTES.credits, balance);

  // A user only ever reads their own ledger: the user id comes from the session, never the request.
  app.get(API_ROUTES.creditsHistory, async (req) =>
    creditHistory(ctx.db, requireUser(req).id, parse(CreditHistoryQuery, req.query)),
  );
  app.get(API_ROUTES.creditsBalanceHistory, async (req) => ({
    points: await balanceHistory(ctx.db, requireUser(req).id),
  }));

  app.get(API_ROUTES.plans, async (req) => {
    requireUser(req);
    return plansFor(ctx.config.contactUrl, undefined, { checkoutHasQuantity: !!ctx.config.stripeSecretKey });
  });
}
