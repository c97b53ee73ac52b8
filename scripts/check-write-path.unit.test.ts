// The one write path (docs/reliability.md, "The write path"): the checker itself, then the real tree.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoFiles } from './check-file-length.mjs';
import { directAppends, WRITE_PATH, writesOutsideThePath } from './check-write-path.mjs';

describe('check-write-path', () => {
  it('flags a module that appends to the store itself, single- or multi-stream', () => {
    const files = [
      { path: 'backend/src/modules/a/x.ts', text: 'const r = await ctx.store.append(s, events, 0);\n' },
      { path: 'backend/src/modules/a/y.ts', text: 'line one\nawait this.store\n  .appendMany(writes);\n' },
      { path: 'backend/src/modules/a/z.ts', text: 'await (deps.store).appendMany(writes);\n' },
      { path: 'workflows/src/w.ts', text: 'await eventStore.append(s, [e], "any");\n' },
    ];
    expect(writesOutsideThePath(files)).toEqual([
      { path: 'backend/src/modules/a/x.ts', line: 1, call: 'store.append(' },
      { path: 'backend/src/modules/a/y.ts', line: 2, call: 'store.appendMany(' },
      { path: 'backend/src/modules/a/z.ts', line: 1, call: 'store.appendMany(' },
      { path: 'workflows/src/w.ts', line: 1, call: 'eventStore.append(' },
    ]);
  });

  it('lets the write path itself, tests, and the append of URL parameters, forms and headers be', () => {
    const files = [
      { path: WRITE_PATH, text: 'return store.appendMany(writes);\n' },
      { path: 'backend/src/modules/a/x.unit.test.ts', text: 'store.append(s, [e], 0);\n' },
      { path: 'backend/test/x.int.test.ts', text: 'await app.ctx.store.append(s, [e], 0);\n' },
      { path: 'backend/bench/x.ts', text: 'await store.append(s, [e], 0);\n' },
      {
        path: 'backend/src/modules/a/ok.ts',
        text: 'params.append("q", q);\nform.append("file", blob);\nh.append(k, v);\nstore.atomicAppendMany;\n',
      },
    ];
    expect(writesOutsideThePath(files)).toEqual([]);
    expect(directAppends('await appendDecided(ctx.store, [record]);')).toEqual([]);
  });

  it('finds no direct store append in the tree outside the write path', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    expect(writesOutsideThePath(repoFiles(root))).toEqual([]);
  });
});
