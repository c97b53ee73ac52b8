import { defineConfig } from 'vitest/config';

// Projects split by file suffix (see CODE_STYLE.md):
//  unit        – pure code, no I/O: threads sharing their loaded modules (isolate: false);
//  int         – real Postgres (one embedded server per project, one database per file, a copy of a
//                template migrated once per run) and real Chromium;
//  e2e         – the whole app booted in-process, driven by real Chromium;
//  reliability – int files whose point is timing under load (bursts, a SIGKILLed process, several
//                processes, pool exhaustion, shutdown): they need the machine to themselves, so they
//                run last, one at a time. The other backend/test/reliability files are plain int.
// unit runs first, then int (two workers), then e2e (two workers), reliability last.
// `npm run test:profile` prints the slowest files (see infra/test/profile-reporter.ts).
const exclude = ['**/node_modules/**', '**/dist/**', '**/.data/**'];
// fuzz is here too: after other files in the same worker it ran past 900 s twice (alone: 136 s), the
// cause not yet found; in a process of its own it keeps its time.
const RELIABILITY = ['burst', 'crash-recovery', 'fuzz', 'pool-exhaustion', 'scale-out', 'shutdown'].map(
  (name) => `backend/test/reliability/${name}.int.test.ts`,
);
// Worker processes for int and e2e: one per core by default; TEST_WORKERS overrides.
const workers = Number(process.env.TEST_WORKERS) || 2;
const int = {
  globalSetup: ['./infra/test/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // Processes, not threads: DBOS is one per process and some files spawn children. The files a
  // worker runs share its loaded modules (isolate: false): loading the backend again for every file
  // cost 5–30 s each. A file starts and closes its own app (DBOS deregisters on close).
  pool: 'forks' as const,
  isolate: false,
};
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.unit.test.ts', '**/*.unit.test.tsx'],
          exclude,
          environment: 'node',
          pool: 'threads',
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...int,
          name: 'int',
          include: ['**/*.int.test.ts'],
          exclude: [...exclude, ...RELIABILITY],
          maxWorkers: workers,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...int,
          name: 'e2e',
          include: ['**/*.e2e.test.ts'],
          exclude,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // After int, on both cores: each worker process's files share its loaded modules and one
          // Chromium (sharedChromium); each file boots and closes its own app (its own database and ports).
          // One at a time left a core idle 40 % of the phase once the tests stopped saturating the CPU.
          maxWorkers: workers,
          isolate: false,
          env: { E2E_SHARED_CHROMIUM: '1' },
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          ...int,
          name: 'reliability',
          include: RELIABILITY,
          exclude,
          maxWorkers: 1,
          // Each in a fresh process, as measured: timing under load is their point.
          isolate: true,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
