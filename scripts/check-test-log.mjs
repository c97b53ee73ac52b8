#!/usr/bin/env node
// CI's "a run that executed no test must not pass": `node scripts/check-test-log.mjs <log>` exits 1
// unless the log of `npm test` holds vitest's summary line with at least one passed test. It reads the
// whole file itself: a `sed | grep -q` pipeline under `set -o pipefail` failed a green run whenever
// grep stopped reading before sed had written the lines after the summary (sed died of SIGPIPE).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ANSI = /\x1b\[[0-9;]*m/g;

/** Whether a test log's summary says some test passed. */
export function testsRan(log) {
  return /^\s*Tests\s+[1-9]\d*\s+passed/m.test(log.replace(ANSI, ''));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/check-test-log.mjs <npm test log>');
    process.exit(2);
  }
  if (!testsRan(readFileSync(file, 'utf8'))) {
    console.error('[ci] no test ran');
    process.exit(1);
  }
}
