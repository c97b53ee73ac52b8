import { describe, expect, it } from 'vitest';
import { commands } from './commands';
import { findCommand, usage } from './run';

// Importing the command list must not start the CLI: no command file may import the entry point
// (index.ts runs and exits), so this file would not get to its first test if the cycle came back.
describe('cli commands', () => {
  it('have unique names and are all listed in the usage text', () => {
    const names = commands.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['users create', 'ledger audit', 'catalog seed', 'apply-form']));
    const text = usage();
    for (const name of names) expect(text).toContain(`  ${name}`);
  });

  it('finds the longest command named by the leading words', () => {
    expect(findCommand(['ledger', 'audit', '--json'])?.name).toBe('ledger audit');
    expect(findCommand(['apply-form', '--url', 'x'])?.name).toBe('apply-form');
    expect(findCommand(['nope'])).toBeUndefined();
  });
});
