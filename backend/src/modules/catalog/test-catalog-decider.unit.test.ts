import type { TestFirmsImported } from '@fp/contracts';
import { generateTestFirms } from '@fp/infra';
import { describe, expect, it } from 'vitest';
import type { CommandMeta } from '../../platform/decider';
import { given as givenHistory } from '../../testing/decider';
import { testCatalogDecider, type TestCatalogCommand } from './test-catalog-decider';

const meta: CommandMeta = { now: new Date('2025-01-01T00:00:00Z'), actor: 'test' };

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
