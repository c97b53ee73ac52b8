import { PIPELINE_STAGES } from '@fp/contracts';
import { startTestApp } from '../src/testing/app';
import { benchPostgres, percentile } from './support';

const CARDS = 500;
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Pipeline figures: the board's load time at 500 cards (GET /api/pipeline over HTTP, what
 * the /pipeline screen waits for), a move on that board (the decider folds the founder's whole
 * stream), and the rebuild of the board's read model.
 */
export async function bench(): Promise<Record<string, number | string>> {
  const server = await benchPostgres({ durable: false });
  const app = await startTestApp({ pgAdminUrl: server.adminUrl });
  try {
    const seeded = await app.services.catalog.seed(
      { vc: CARDS, angels: 0, seed: 16 },
      { now: new Date(), actor: 'bench' },
    );
    await app.ctx.projections.waitFor(seeded.checkpoint, 120_000);
    const { token } = await app.createUser();
    const ids = (await app.api('GET', '/api/vc-firms/all-ids', { token })).body.vcIds as string[];
    const added = await app.api('POST', '/api/pipeline', {
      token,
      body: { investors: ids.slice(0, CARDS).map((investorId) => ({ investorId, investorKind: 'vc' })) },
    });
    if (added.status !== 200 || added.body.added !== CARDS)
      throw new Error(`bulk add answered ${added.status} ${JSON.stringify(added.body).slice(0, 200)}`);
    const cards = added.body.cards as { id: string }[];

    // Every card moved once and edited once: ~1,500 events on the founder's stream.
    const moveMs: number[] = [];
    for (const [i, c] of cards.entries()) {
      const t = performance.now();
      const r = await app.api('PATCH', `/api/pipeline/${c.id}`, {
        token,
        body: {
          stage: PIPELINE_STAGES[1 + (i % 6)],
          notes: `Note ${i} `.repeat(20),
          nextFollowUp: '2026-03-01',
          amount: 100_000 + i,
        },
      });
      if (r.status !== 200) throw new Error(`PATCH answered ${r.status}`);
      moveMs.push(performance.now() - t);
    }

    const loadMs: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      const r = await app.api('GET', '/api/pipeline', { token });
      if (r.status !== 200 || r.body.cards.length !== CARDS) throw new Error(`GET answered ${r.status}`);
      loadMs.push(performance.now() - t);
    }
    const [rebuilt] = await app.ctx.projections.rebuild('pipeline_cards');

    return {
      'pipeline.cards': CARDS,
      'pipeline.board_load_p50_ms': round(percentile(loadMs, 50)),
      'pipeline.board_load_p95_ms': round(percentile(loadMs, 95)),
      'pipeline.board_load_aim': 'p95 ≤ 100 ms at 500 cards',
      'pipeline.move_p50_ms': round(percentile(moveMs, 50)),
      'pipeline.move_p95_ms': round(percentile(moveMs, 95)),
      'pipeline.move_aim': 'p95 ≤ 150 ms on a 500-card board (stream of ~1,000 events)',
      'pipeline.rebuild_events': rebuilt!.events,
      'pipeline.rebuild_ms': Math.round(rebuilt!.ms),
    };
  } finally {
    await app.close();
    await server.stop();
  }
}
