import type { FastifyInstance, FastifyReply } from 'fastify';
import { firmPage, portfolioPage, teamPage, type Brand } from '../html';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function html(reply: FastifyReply, body: string, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(body);
}

/** Portfolio, team and privacy pages every firm has, so crawling finds realistic dead ends. */
export function standardPages(app: FastifyInstance, brand: Brand, companies: string[], people: string[]): void {
  app.get('/portfolio', async (_q, r) => html(r, portfolioPage(brand, companies)));
  app.get('/team', async (_q, r) => html(r, teamPage(brand, people)));
  app.get('/privacy', async (_q, r) =>
    html(
      r,
      firmPage({
        brand,
        title: 'Privacy policy',
        body: '<h1>Privacy policy</h1><p>We only use the data you send us to evaluate your company.</p>',
      }),
    ),
  );
}
