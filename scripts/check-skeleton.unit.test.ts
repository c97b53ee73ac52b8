// The module skeleton: the checker on probes (each break it must find), then the real tree.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoFiles } from './check-file-length.mjs';
import { importCircles, skeletonProblems } from './check-skeleton.mjs';

const M = 'backend/src/modules/pipeline/';
/** A module in shape: factory, context, service, one use case, routes, a decider named after it. */
const shaped = () => [
  {
    path: `${M}index.ts`,
    text: "import { createPipelineService } from './service';\nimport { pipelineRoutes } from './routes';\n",
  },
  {
    path: `${M}context.ts`,
    text: "import type { AppContext } from '../../platform/context';\nexport type PipelineServiceContext = AppContext;\n",
  },
  { path: `${M}service.ts`, text: "import { addCards } from './add-cards';\n" },
  { path: `${M}add-cards.ts`, text: "import type { PipelineServiceContext } from './context';\n" },
  { path: `${M}route-context.ts`, text: "import type { PipelineService } from './service';\n" },
  { path: `${M}routes.ts`, text: "import type { PipelineContext } from './route-context';\n" },
  { path: `${M}pipeline-decider.ts`, text: 'export const pipelineDecider = {};\n' },
  { path: 'backend/src/platform/context.ts', text: 'export type AppContext = {};\n' },
];
const edit = (files: { path: string; text: string }[], p: string, text: string) =>
  files.map((f) => (f.path === p ? { ...f, text } : f));

describe('check-skeleton', () => {
  it('passes a module in shape', () => {
    expect(skeletonProblems(shaped())).toEqual([]);
  });

  it("finds a context.ts that imports its module's service (a circle through types)", () => {
    const files = edit(
      shaped(),
      `${M}context.ts`,
      "import type { PipelineService } from './service';\nexport type PipelineServiceContext = { p: PipelineService };\n",
    );
    const problems = skeletonProblems(files);
    expect(problems).toContain(`${M}context.ts imports its module's service`);
    expect(problems.some((p) => p.startsWith('import circle:'))).toBe(true);
  });

  it('finds a circle of plain imports, type-only ones included, across modules too', () => {
    const files = [
      ...shaped(),
      { path: 'backend/src/modules/mail/index.ts', text: "import type { X } from '../pipeline/add-cards';\n" },
      { path: 'backend/src/modules/mail/context.ts', text: '' },
    ];
    const looped = edit(
      files,
      `${M}add-cards.ts`,
      "import type { PipelineServiceContext } from './context';\nimport type { M } from '../mail/index';\n",
    );
    expect(skeletonProblems(looped)).toEqual([`import circle: backend/src/modules/mail/index.ts → ${M}add-cards.ts`]);
  });

  it('finds a module without its context.ts, and a decider file named for another decider', () => {
    const files = shaped()
      .filter((f) => f.path !== `${M}context.ts`)
      .map((f) => (f.path.endsWith('add-cards.ts') ? { ...f, text: '' } : f));
    expect(skeletonProblems(files)).toEqual([`${M}: no context.ts`]);
    const misnamed = edit(shaped(), `${M}pipeline-decider.ts`, 'export const boardDecider = {};\n');
    expect(skeletonProblems(misnamed)).toEqual([`${M}pipeline-decider.ts does not export pipelineDecider`]);
  });

  it('finds every backend module in shape, and no import circle, in the tree', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    expect(skeletonProblems(repoFiles(root))).toEqual([]);
  });

  it('reports each circle once, with every file on it', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(importCircles(g)).toEqual([['a', 'b', 'c']]);
  });
});
