// CI's check that `npm test` ran tests: on logs shaped like vitest's, and as .ci/run calls it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testsRan } from './check-test-log.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const summary =
  '\x1b[2m      Tests \x1b[22m \x1b[1m\x1b[32m1998 passed\x1b[39m\x1b[22m\x1b[2m | \x1b[22m\x1b[33m17 skipped\x1b[39m\n';
const profileRow = '   89.6     5.5     0.3    89.3     1  backend/test/reliability/burst.int.test.ts\n';

describe('check-test-log', () => {
  it('passes a coloured summary with passed tests, and nothing else', () => {
    expect(testsRan(`stdout | x\n${summary}`)).toBe(true);
    expect(testsRan('      Tests  12 passed (12)\n')).toBe(true);
    expect(testsRan('      Tests  0 passed | 3 skipped (3)\n')).toBe(false);
    expect(testsRan('No test files found, exiting with code 1\n')).toBe(false);
    expect(testsRan('[forms] Tests 3 passed in the log of a test\n')).toBe(false);
  });

  it('exits 0 on a green log with a long tail after the summary, 1 on a log without one', () => {
    // The tail is what made the old pipeline fail: lines after the summary (the profile table).
    const dir = mkdtempSync(path.join(tmpdir(), 'ff-log-'));
    const green = path.join(dir, 'green.log');
    writeFileSync(green, 'stderr | line\n'.repeat(50_000) + summary + profileRow.repeat(2_000));
    const empty = path.join(dir, 'empty.log');
    writeFileSync(empty, 'No test files found, exiting with code 1\n');
    const run = (file: string) => spawnSync(process.execPath, ['scripts/check-test-log.mjs', file], { cwd: root });
    expect(run(green).status).toBe(0);
    const refused = run(empty);
    expect(refused.status).toBe(1);
    expect(String(refused.stderr)).toContain('[ci] no test ran');
  });

  it('is what .ci/run calls on the test log', () => {
    const ci = readFileSync(path.join(root, '.ci/run'), 'utf8');
    expect(ci).toMatch(/^node scripts\/check-test-log\.mjs \/tmp\/fundflow-test\.log$/m);
    expect(ci).not.toMatch(/\|\s*grep -\w*q/);
  });
});
