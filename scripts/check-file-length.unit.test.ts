// The 400-line rule (CODE_STYLE.md, "Long files"): the checker itself, then the real tree.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isProductionFile, longFilesWithoutReason, repoFiles } from './check-file-length.mjs';

const lines = (n: number, header = '') =>
  header + 'const x = 1;\n'.repeat(n - (header ? header.split('\n').length - 1 : 0));

describe('check-file-length', () => {
  it('flags a production file over 400 lines without the header, and only that one', () => {
    const files = [
      { path: 'backend/src/modules/a/long.ts', text: lines(401) },
      { path: 'backend/src/modules/a/short.ts', text: lines(400) },
      {
        path: 'backend/src/modules/a/explained.ts',
        text: lines(450, '// Long file: one table of rules read top to bottom.\n'),
      },
      { path: 'backend/test/long.int.test.ts', text: lines(900) },
    ];
    expect(longFilesWithoutReason(files)).toEqual([{ path: 'backend/src/modules/a/long.ts', lines: 401 }]);
  });

  it('wants a reason after the marker, near the top', () => {
    const bare = lines(500, '// Long file:\n');
    const late = lines(30) + '// Long file: a reason given far too late.\n' + lines(470);
    expect(longFilesWithoutReason([{ path: 'x/src/bare.ts', text: bare }])).toHaveLength(1);
    expect(longFilesWithoutReason([{ path: 'x/src/late.ts', text: late }])).toHaveLength(1);
  });

  it('counts tests, test support, benches and declarations as not production', () => {
    expect(isProductionFile('frontend/src/features/x/Screen.tsx')).toBe(true);
    for (const p of [
      'a/b.unit.test.ts',
      'frontend/test/x.e2e.test.ts',
      'backend/src/testing/app.ts',
      'backend/bench/catalog.ts',
      'projections/test/search.contract.ts',
      'x/types.d.ts',
      'x/readme.md',
    ])
      expect(isProductionFile(p), p).toBe(false);
  });

  it('finds no production file in the tree over 400 lines that does not say why', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    expect(longFilesWithoutReason(repoFiles(root))).toEqual([]);
  });
});
