import { expect } from 'vitest';
import type { CommandMeta, Decider, Event } from '../platform/decider';

/**
 * Given / when / then for pure deciders (the Emmett way):
 *   given(decider, ...history).when(command, meta).then([...events])
 *   given(decider, ...history).when(command, meta).thenThrows(DomainError, /message/)
 * `then` compares the produced events exactly; `thenState` checks the state after them;
 * `produced()` returns them for assertions on parts; `state` is the state the history folds to.
 */
export function given<S, C, E extends Event>(decider: Decider<S, C, E>, ...history: E[]) {
  const state = history.reduce(decider.evolve, decider.initialState());
  return {
    state,
    when(command: C, meta: CommandMeta = DEFAULT_META) {
      const run = () => decider.decide(command, state, meta);
      return {
        /** The events produced, for assertions that look at parts of them. */
        produced: run,
        then(expected: E[]) {
          expect(run()).toEqual(expected);
        },
        thenState(check: (after: S, produced: E[]) => void) {
          const produced = run();
          check(produced.reduce(decider.evolve, state), produced);
        },
        thenThrows(
          kind: abstract new (...args: any[]) => Error,
          message?: RegExp | string,
          check?: (err: any) => void,
        ) {
          let thrown: unknown;
          try {
            run();
          } catch (err) {
            thrown = err;
          }
          expect(thrown, 'the command should have been refused').toBeInstanceOf(kind);
          if (message !== undefined) expect((thrown as Error).message).toMatch(message);
          check?.(thrown);
        },
        /** The command is refused; `check` looks at what was thrown. */
        thenThrowsWith(check: (err: unknown) => void) {
          let thrown: unknown;
          try {
            run();
          } catch (err) {
            thrown = err;
          }
          expect(thrown, 'the command should have been refused').toBeDefined();
          check(thrown);
        },
      };
    },
  };
}

export const DEFAULT_META: CommandMeta = { now: new Date('2026-01-01T00:00:00Z'), actor: 'user-1' };
