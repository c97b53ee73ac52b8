import type { CatalogImportEvent, TestFirmsImported } from '@fp/contracts';
import { generateTestFirms } from '@fp/infra';
import { describe, expect, it } from 'vitest';
import type { CommandMeta } from '../../platform/decider';
import { given as givenHistory } from '../../testing/decider';
import {
  catalogImportDecider,
  isLoaded,
  testCatalogDecider,
  type CatalogImportCommand,
  type TestCatalogCommand,
} from './decider';

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

describe('test catalog decider', () => {
  const firms = generateTestFirms('http://127.0.0.1:3100', ['alpha-ventures', 'beta-capital']);
  const imported = (sandboxUrl: string, f = firms): TestFirmsImported => ({
    type: 'TestFirmsImported',
    data: { sandboxUrl, firms: f },
  });
  const when = (events: TestFirmsImported[], c: TestCatalogCommand) =>
    givenHistory(testCatalogDecider, ...events)
      .when(c, meta)
      .produced();

  it('imports the test firms the first time', () => {
    expect(when([], { type: 'ImportTestFirms', data: { sandboxUrl: 'http://127.0.0.1:3100', firms } })).toEqual([
      imported('http://127.0.0.1:3100'),
    ]);
  });

  it('does nothing when the sandbox address and the firms are unchanged', () => {
    expect(
      when([imported('http://127.0.0.1:3100')], {
        type: 'ImportTestFirms',
        data: { sandboxUrl: 'http://127.0.0.1:3100', firms },
      }),
    ).toEqual([]);
  });

  it('re-imports when the sandbox address or the site list changed', () => {
    const moved = generateTestFirms('http://127.0.0.1:4555', ['alpha-ventures', 'beta-capital']);
    expect(
      when([imported('http://127.0.0.1:3100')], {
        type: 'ImportTestFirms',
        data: { sandboxUrl: 'http://127.0.0.1:4555', firms: moved },
      }),
    ).toEqual([imported('http://127.0.0.1:4555', moved)]);
    const fewer = firms.slice(0, 1);
    expect(
      when([imported('http://127.0.0.1:3100')], {
        type: 'ImportTestFirms',
        data: { sandboxUrl: 'http://127.0.0.1:3100', firms: fewer },
      }),
    ).toEqual([imported('http://127.0.0.1:3100', fewer)]);
  });

  it('refuses duplicate firm ids', () => {
    expect(() =>
      when([], { type: 'ImportTestFirms', data: { sandboxUrl: 'http://x', firms: [firms[0]!, firms[0]!] } }),
    ).toThrow(/unique/);
  });
});
