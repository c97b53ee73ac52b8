#!/usr/bin/env node
// "No production file over 400 lines without a sentence in its header saying why" (CODE_STYLE.md,
// "Long files"): lists the TypeScript production files over the limit whose first lines hold no
// `// Long file: <why>` comment. `node scripts/check-file-length.mjs` exits 1 when there is one;
// scripts/check-file-length.unit.test.ts runs the same check on every test run.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 400;
/** The header marker: a line comment starting with this, followed by the reason. */
export const MARKER = '// Long file:';
/** How far into the file the header may reach (licence-free files: the marker sits at the top). */
export const HEADER_LINES = 20;

/** Production code: TypeScript sources that are not tests, test support, benches or declarations. */
export function isProductionFile(file) {
  if (!/\.(ts|tsx)$/.test(file) || file.endsWith('.d.ts')) return false;
  if (/\.test\.tsx?$/.test(file) || /\.contract\.ts$/.test(file)) return false;
  return !file
    .split('/')
    .some((part) => ['test', 'testing', 'bench', 'node_modules', 'dist', 'scripts'].includes(part));
}

/** Lines of a file as `wc -l` counts them (newline characters). */
export const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Whether the header says why the file stays long: the marker and at least a few words after it. */
export function hasLongFileHeader(text) {
  return text
    .split('\n', HEADER_LINES)
    .some((line) => line.startsWith(MARKER) && line.slice(MARKER.length).trim().split(/\s+/).length >= 3);
}

/** The files over MAX_LINES without the header, with their line counts. */
export function longFilesWithoutReason(files) {
  return files
    .filter((f) => isProductionFile(f.path))
    .map((f) => ({ path: f.path, lines: lineCount(f.text), text: f.text }))
    .filter((f) => f.lines > MAX_LINES && !hasLongFileHeader(f.text))
    .map(({ path: p, lines }) => ({ path: p, lines }));
}

/** The tree's files as git knows them (tracked, plus new ones not ignored), read from the working tree. */
export function repoFiles(root) {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out
    .split('\0')
    .filter((p) => p && isProductionFile(p))
    .flatMap((p) => {
      try {
        return [{ path: p, text: readFileSync(path.join(root, p), 'utf8') }];
      } catch {
        return []; // deleted in the working tree, not yet in git
      }
    });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const bad = longFilesWithoutReason(repoFiles(root));
  for (const f of bad) console.log(`${f.path}: ${f.lines} lines, no "${MARKER} <why>" header`);
  if (bad.length) process.exit(1);
  console.log(`every production file over ${MAX_LINES} lines says why in its header`);
}
