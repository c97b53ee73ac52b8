import type { ApiResponse, PipelineCard, PipelineHistoryEntry } from '@fp/contracts';
import { describe, expectTypeOf, it } from 'vitest';
import { api } from './api';

/*
 * Type tests, checked by the typecheck (`tsc -p frontend`): a screen's call gets its answer's type from
 * `ApiContract`, so a screen reading a field the contract no longer declares fails to compile. Each
 * `@ts-expect-error` below is itself checked: if the line compiled (the answer typed `any`, or the
 * field still declared), the directive would be unused and the typecheck would fail.
 */

/** What a screen does with the board: reads the answer's fields. */
function firstCardAmount(board: ApiResponse<'pipeline', 'GET'>): number | null {
  return board.cards[0].amount;
}

describe('the route contract types the screens and the calls', () => {
  it('derives each answer from the contract, with no type written at the call site', () => {
    expectTypeOf(() => api('pipeline', 'GET')).returns.resolves.toEqualTypeOf<{ cards: PipelineCard[] }>();
    expectTypeOf(() => api('pipelineEntryHistory', 'GET', { params: { id: 'c1' } })).returns.resolves.toEqualTypeOf<{
      history: PipelineHistoryEntry[];
    }>();
    expectTypeOf(() =>
      api('pipelineEntry', 'PATCH', { params: { id: 'c1' }, body: { stage: 'Passed' } }),
    ).returns.resolves.toEqualTypeOf<PipelineCard>();
    // A route answering by its body: many investors answer the cards and the count.
    expectTypeOf(() =>
      api('pipeline', 'POST', { body: { investors: [{ investorId: 'i1', investorKind: 'vc' }] } }),
    ).returns.resolves.toEqualTypeOf<{ cards: PipelineCard[]; added: number }>();
    expectTypeOf(firstCardAmount).returns.toEqualTypeOf<number | null>();
  });

  it('refuses a screen that reads a field the answer does not declare', () => {
    // As `amount` is read above, a field removed from PipelineCard in contracts is read here.
    const readUndeclared = async () =>
      // @ts-expect-error the board answers `cards`; there is no `total` to read.
      (await api('pipeline', 'GET')).total;
    expectTypeOf(readUndeclared).toBeFunction();
  });

  it('refuses an input the contract does not declare', () => {
    const calls = [
      // @ts-expect-error a route with a `:id` needs its parameter.
      () => api('pipelineEntry', 'DELETE'),
      // @ts-expect-error the stage must be one of the pipeline's stages.
      () => api('pipelineEntry', 'PATCH', { params: { id: 'c1' }, body: { stage: 'Won' } }),
      // @ts-expect-error the route has no PUT.
      () => api('pipeline', 'PUT'),
    ];
    expectTypeOf(calls).toBeArray();
  });
});
