import { CreditHistoryQuery } from '@fp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth';
import type { CreditsContext } from './route-context';
import { parse } from '../../platform/http';
import { typedRoute } from '../../platform/typed-route';
import { balanceHistory, creditHistory } from './history';
import { plansFor } from './plans';

export function creditsRoutes(app: FastifyInstance, ctx: CreditsContext) {
  const balance = async (req: FastifyRequest) => {
    const id = requireUser(req).id;
    const [b, owed] = await Promise.all([ctx.credits.balance(id), ctx.credits.owed(id)]);
    // `owed` only when a reversed payment left some (most answers stay `{ balance }`).
    return owed > 0 ? { balance: b, owed } : { balance: b };
  };
  typedRoute(app, 'creditsBalance', 'GET', balance);
  typedRoute(app, 'credits', 'GET', balance);

  // A user only ever reads their own ledger: the user id comes from the session, never the request.
  typedRoute(app, 'creditsHistory', 'GET', async (req) =>
    creditHistory(ctx.db, requireUser(req).id, parse(CreditHistoryQuery, req.query)),
  );
  typedRoute(app, 'creditsBalanceHistory', 'GET', async (req) => ({
    points: await balanceHistory(ctx.db, requireUser(req).id),
  }));

  typedRoute(app, 'plans', 'GET', async (req) => {
    requireUser(req);
    return plansFor(ctx.config.contactUrl, undefined, { checkoutHasQuantity: !!ctx.config.stripeSecretKey });
  });
}
