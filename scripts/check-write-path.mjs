#!/usr/bin/env node
// "One write path" (docs/reliability.md, "The write path"): every event the backend writes reaches
// the event store through appendDecided in backend/src/platform/decider.ts, so expected revisions,
// retries and multi-stream atomicity are handled in one place. This lists production files that call
// an event store's append or appendMany themselves. `node scripts/check-write-path.mjs` exits 1 when
// there is one; scripts/check-write-path.unit.test.ts runs the same check on every test run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isProductionFile, repoFiles } from './check-file-length.mjs';

/** The one file allowed to call the store's append methods. */
export const WRITE_PATH = 'backend/src/platform/decider.ts';
/** Where the backend's writes live (the server, its workflows). */
export const CHECKED = ['backend/src/', 'workflows/src/'];

// `x.appendMany(` on anything, and `x.append(` where x is named like an event store (`store`,
// `ctx.store`, `this.store`, `eventStore`): URLSearchParams, FormData and Headers have an `append` too.
const CALL = /([\w$]+)\s*\)?\s*\??\.\s*(append|appendMany)\s*\(/g;

/** The direct store appends in one file's text: `{ line, call }` for each. */
export function directAppends(text) {
  const out = [];
  for (const m of text.matchAll(CALL)) {
    const [, receiver, method] = m;
    if (method === 'append' && !/store$/i.test(receiver)) continue;
    out.push({ line: text.slice(0, m.index).split('\n').length, call: `${receiver}.${method}(` });
  }
  return out;
}

/** Production files under CHECKED, other than WRITE_PATH, that append to the store directly. */
export function writesOutsideThePath(files) {
  return files
    .filter((f) => isProductionFile(f.path) && f.path !== WRITE_PATH && CHECKED.some((d) => f.path.startsWith(d)))
    .flatMap((f) => directAppends(f.text).map((a) => ({ path: f.path, ...a })));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const bad = writesOutsideThePath(repoFiles(root));
  for (const b of bad) console.log(`${b.path}:${b.line}: ${b.call} — append through appendDecided (${WRITE_PATH})`);
  if (bad.length) process.exit(1);
  console.log('every event store append goes through the one write path');
}
