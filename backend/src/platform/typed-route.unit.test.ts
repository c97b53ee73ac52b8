import { MAX_PATH_PARAM_LENGTH, type PipelineCard } from '@fp/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from './http';
import { typedRoute } from './typed-route';

const card: PipelineCard = {
  id: 'c1',
  investorId: 'i1',
  investorKind: 'vc',
  name: 'Example Ventures',
  stage: 'Target',
  notes: null,
  nextFollowUp: null,
  passReason: null,
  introducedBy: null,
  amount: null,
  submissionIds: [],
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const apps: FastifyInstance[] = [];
/** An app as ours is built: its error handler, and a router taking parameters up to 500 characters (app.ts). */
function newApp() {
  const a = Fastify({ routerOptions: { maxParamLength: 500 } });
  installErrorHandler(a);
  apps.push(a);
  return a;
}
const app = newApp();
afterAll(() => Promise.all(apps.map((a) => a.close())));

describe('typedRoute', () => {
  it('registers the contract route on its path with its options, answering what the handler returns', async () => {
    typedRoute(app, 'pipeline', 'GET', async () => ({ cards: [card] }), { config: { tooLargeMessage: 'big' } });
    typedRoute(app, 'pipelineEntry', 'PATCH', async (req, reply) =>
      reply.status(202).send({ ...card, id: req.params.id }),
    );
    const list = await app.inject({ method: 'GET', url: '/api/pipeline' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ cards: [card] });
    expect(app.hasRoute({ method: 'HEAD', url: '/api/pipeline' })).toBe(true);
    const patched = await app.inject({ method: 'PATCH', url: '/api/pipeline/c9', payload: {} });
    expect(patched.statusCode).toBe(202);
    expect(patched.json()).toEqual({ ...card, id: 'c9' });
  });

  it("takes the route's rate-limit class from ROUTE_LIMITS, and none for a route not in it", async () => {
    const own = newApp();
    const limits = new Map<string, unknown>();
    own.addHook('onRoute', (r) => {
      limits.set(`${String(r.method)} ${r.url}`, r.config?.limit);
    });
    typedRoute(own, 'investorIds', 'GET', async () => ({ investorIds: [] }));
    typedRoute(own, 'pipeline', 'GET', async () => ({ cards: [] }));
    await own.ready();
    expect(limits.get('GET /api/investors/all-ids')).toBe('bulk');
    expect(limits.has('GET /api/pipeline')).toBe(true);
    expect(limits.get('GET /api/pipeline')).toBeUndefined();
  });

  it('parses the path parameters before the handler: a bad one is a 400 with its message', async () => {
    const own = newApp();
    const seen: string[] = [];
    typedRoute(own, 'savedSearch', 'DELETE', async (req) => {
      seen.push(req.params.id);
      return { success: true as const };
    });
    const longest = 's'.repeat(MAX_PATH_PARAM_LENGTH);
    expect((await own.inject({ method: 'DELETE', url: `/api/saved-searches/${longest}` })).statusCode).toBe(200);
    const tooLong = await own.inject({ method: 'DELETE', url: `/api/saved-searches/${longest}s` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ error: `The path's id must be 1 to ${MAX_PATH_PARAM_LENGTH} characters` });
    expect(seen).toEqual([longest]);
  });

  it("refuses, at typecheck, a handler whose answer is not the contract's response", () => {
    // Each directive is checked by the typecheck: a handler that compiled here would leave it unused.
    const { amount: _amount, ...withoutAmount } = card;
    const register = () => {
      // @ts-expect-error a card without `amount` is not the PipelineCard the contract answers.
      typedRoute(app, 'pipelineEntry', 'PATCH', async () => withoutAmount);
      // @ts-expect-error the board answers `{ cards }`, not a bare list.
      typedRoute(app, 'pipeline', 'GET', async () => [card]);
      typedRoute(app, 'pipelineEntry', 'PATCH', async (_req, reply) =>
        // @ts-expect-error what is sent is checked too.
        reply.send({ cards: [card] }),
      );
      // @ts-expect-error the rate-limit class is ROUTE_LIMITS', not an option.
      typedRoute(app, 'pipeline', 'GET', async () => ({ cards: [card] }), { config: { limit: 'list' } });
    };
    expect(register).toBeTypeOf('function');
  });
});
