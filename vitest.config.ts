import { defineConfig } from 'vitest/config';

// Three projects split by file suffix (see CODE_STYLE.md):
//  unit  – pure code, no I/O, runs in parallel;
//  int   – real Postgres (one embedded server for the run, one database per file) and real Chromium;
//  e2e   – the whole app booted in-process, driven by real Chromium.
// They run as groups in that order (unit, then int, then e2e).
const exclude = ['**/node_modules/**', '**/dist/**', '**/.data/**'];
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.unit.test.ts', '**/*.unit.test.tsx'],
          exclude,
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          exclude,
          globalSetup: ['./infra/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['**/*.e2e.test.ts'],
          exclude,
          globalSetup: ['./infra/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
