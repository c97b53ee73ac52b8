import type { PipelineCard } from '@fp/contracts';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
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

const app = Fastify();
afterAll(() => app.close());

describe('typedRoute', () => {
  it('registers the contract route on its path with its options, answering what the handler returns', async () => {
    typedRoute(app, 'pipeline', 'GET', { config: { limit: 'list' } }, async () => ({ cards: [card] }));
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
    };
    expect(register).toBeTypeOf('function');
  });
});
