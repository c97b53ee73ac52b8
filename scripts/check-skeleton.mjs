#!/usr/bin/env node
// The module skeleton (CODE_STYLE.md, "One folder per module"), checked rather than remembered:
//  - no circle of imports in the backend, type-only imports included (a type circle is still two
//    files that cannot be read, moved or tested one without the other);
//  - a module's context.ts imports nothing of its own module but its ports and types (never the
//    service, a use case, the routes or the index);
//  - every module has index.ts (the factory) and context.ts;
//  - a `<name>-decider.ts` exports the decider it is named after (`pitch-deck-decider.ts` →
//    `pitchDeckDecider`).
// `node scripts/check-skeleton.mjs` exits 1 on a break; scripts/check-skeleton.unit.test.ts runs the
// same check on every test run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoFiles } from './check-file-length.mjs';

const MODULES = 'backend/src/modules/';

/** The relative imports of a file (static, dynamic, `import type`, `export … from`), resolved to repo paths. */
export function importsOf(file, text, exists) {
  const out = new Set();
  const re =
    /(?:\bimport\s+(?:type\s+)?(?:[\w*{}\s,]+\s+from\s+)?|\bexport\s+(?:type\s+)?[\w*{}\s,]*\s+from\s+|\bimport\()\s*['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const m of text.matchAll(re)) {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]));
    const hit = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base].find(exists);
    if (hit) out.add(hit);
  }
  return [...out];
}

/** Each import circle once, as the list of files around it (Tarjan's strongly connected components). */
export function importCircles(graph) {
  let index = 0;
  const idx = new Map(),
    low = new Map(),
    stack = [],
    on = new Set(),
    circles = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const part = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(part.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return circles;
}

const camel = (kebab) => kebab.replace(/-(\w)/g, (_, c) => c.toUpperCase());
const OWN_FORBIDDEN = /^(service|index|routes|route-context)$/;

/** Every break of the skeleton in these files, as sentences. */
export function skeletonProblems(files) {
  const byPath = new Map(files.map((f) => [f.path, f.text]));
  const backend = files.filter(
    (f) => f.path.startsWith('backend/src/') && /\.tsx?$/.test(f.path) && !/\.test\.tsx?$/.test(f.path),
  );
  const graph = new Map(backend.map((f) => [f.path, importsOf(f.path, f.text, (p) => byPath.has(p))]));
  const problems = importCircles(graph).map((c) => `import circle: ${c.join(' → ')}`);
  const modules = new Set(
    backend.filter((f) => f.path.startsWith(MODULES)).map((f) => f.path.slice(MODULES.length).split('/')[0]),
  );
  for (const m of [...modules].sort()) {
    const dir = `${MODULES}${m}/`;
    for (const need of ['index.ts', 'context.ts']) if (!byPath.has(dir + need)) problems.push(`${dir}: no ${need}`);
    const ctx = dir + 'context.ts';
    for (const dep of graph.get(ctx) ?? []) {
      if (!dep.startsWith(dir)) continue;
      const own = dep.slice(dir.length).replace(/\.tsx?$/, '');
      if (OWN_FORBIDDEN.test(own) || !graph.has(dep)) problems.push(`${ctx} imports its module's ${own}`);
      else if ((graph.get(dep) ?? []).includes(ctx))
        problems.push(`${ctx} imports ${own}, which imports context.ts back`);
    }
  }
  for (const f of backend) {
    const m = /\/([a-z0-9-]+)-decider\.ts$/.exec(f.path);
    if (!m) continue;
    const name = `${camel(m[1])}Decider`;
    if (!new RegExp(`export const ${name}\\b`).test(f.text)) problems.push(`${f.path} does not export ${name}`);
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = skeletonProblems(repoFiles(root));
  for (const p of problems) console.log(p);
  if (problems.length) process.exit(1);
  console.log('every backend module has the skeleton, and no import circles');
}
