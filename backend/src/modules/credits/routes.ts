import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { requireUser } from '../../platform/auth';

export function creditsRoutes(app: FastifyInstance, ctx: AppContext) {
  const balance = async (req: any) => ({ balance: await ctx.services.credits.balance(requireUser(req).id) });
  app.get('/api/credits/balance', balance);
  app.get('/api/credits', balance);
}
