import type { CatalogImportEvent } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import type { CommandMeta } from '../../platform/decider';
import { given as givenHistory } from '../../testing/decider';
import { catalogImportDecider, isLoaded, type CatalogImportCommand } from './catalog-import-decider';

const meta: CommandMeta = { now: new Date('2025-01-01T00:00:00Z'), actor: 'test' };
const started = (importId: string, scope: 'vc' | 'angels' = 'vc', expected = 10): CatalogImportEvent => ({
  type: 'CatalogImportStarted',
  data: { importId, scope, expected, source: 'generator' },
});
const completed = (importId: string, scope: 'vc' | 'angels' = 'vc', count = 10): CatalogImportEvent => ({
  type: 'CatalogImportCompleted',
  data: { importId, scope, count },
});

function given(events: CatalogImportEvent[]) {
  const g = givenHistory(catalogImportDecider, ...events);
  return { when: (c: CatalogImportCommand) => g.when(c, meta).produced(), state: g.state };
}

describe('catalog import decider', () => {
  it('starts an import', () => {
    expect(
      given([]).when({ type: 'StartImport', data: { importId: 'a', scope: 'vc', expected: 10, source: 'generator' } }),
    ).toEqual([started('a')]);
  });

  it('treats a repeated start of the same import as a no-op', () => {
    expect(
      given([started('a')]).when({
        type: 'StartImport',
        data: { importId: 'a', scope: 'vc', expected: 10, source: 'generator' },
      }),
    ).toEqual([]);
  });

  it('refuses a negative or fractional expected count', () => {
    expect(() =>
      given([]).when({ type: 'StartImport', data: { importId: 'a', scope: 'vc', expected: -1, source: 'x' } }),
    ).toThrow(/whole number/);
    expect(() =>
      given([]).when({ type: 'StartImport', data: { importId: 'a', scope: 'vc', expected: 1.5, source: 'x' } }),
    ).toThrow(/whole number/);
  });

  it('completes the current import once', () => {
    expect(
      given([started('a')]).when({ type: 'CompleteImport', data: { importId: 'a', scope: 'vc', count: 10 } }),
    ).toEqual([completed('a')]);
    expect(
      given([started('a'), completed('a')]).when({
        type: 'CompleteImport',
        data: { importId: 'a', scope: 'vc', count: 10 },
      }),
    ).toEqual([]);
  });

  it('refuses to complete an import a newer one superseded, or an unknown one', () => {
    const g = given([started('a'), started('b')]);
    expect(() => g.when({ type: 'CompleteImport', data: { importId: 'a', scope: 'vc', count: 10 } })).toThrow(
      /superseded by b/,
    );
    expect(() => g.when({ type: 'CompleteImport', data: { importId: 'zzz', scope: 'vc', count: 10 } })).toThrow(
      /Unknown vc import/,
    );
  });

  it('keeps scopes apart and knows when each is loaded', () => {
    const { state } = given([started('a'), started('x', 'angels'), completed('a'), started('b')]);
    expect(isLoaded(state.vc)).toBe(false);
    expect(isLoaded(state.angels)).toBe(false);
    expect(state.vc).toMatchObject({ current: 'b', completed: 'a', count: 10 });
    const after = given([started('a'), started('x', 'angels'), completed('x', 'angels', 7)]).state;
    expect(isLoaded(after.angels)).toBe(true);
    expect(after.angels.count).toBe(7);
    expect(isLoaded(after.vc)).toBe(false);
  });
});
