// Whether `frontend/dist` was built from the sources as they are now: a SHA-256 over every input
// of the screens' build (the same inputs turbo.json names, plus the lockfile), written next to the
// build after it succeeds and compared before the next `npm start` builds again. Content, not
// mtimes: a checkout or copy touches every mtime without changing a byte.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the screens' build reads, relative to the repository root. */
export const FRONTEND_INPUTS = [
  'frontend/src',
  'frontend/public',
  'frontend/index.html',
  'frontend/vite.config.ts',
  'frontend/package.json',
  'contracts/src',
  'contracts/package.json',
  'scripts/compile.mjs',
  'package-lock.json',
];
export const STAMP_FILE = path.join('frontend', 'dist', '.sources-sha256');

/** The hash of the screens' build inputs under `root`. */
export const frontendSourcesHash = (root) => sourcesHash(root, FRONTEND_INPUTS);

/** The hash of a build's inputs under `root` (files or folders, tests left out): each file's path and bytes, in a stable order. */
export function sourcesHash(root, inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => filesUnder(root, input)).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when the built screens carry the stamp of the current sources (and the page itself is there). */
export function frontendBuildIsCurrent(root, hash = frontendSourcesHash(root)) {
  const stamp = path.join(root, STAMP_FILE);
  if (!existsSync(stamp) || !existsSync(path.join(root, 'frontend', 'dist', 'index.html'))) return false;
  return readFileSync(stamp, 'utf8').trim() === hash;
}

export function writeFrontendStamp(root, hash) {
  writeFileSync(path.join(root, STAMP_FILE), `${hash}\n`);
}

function filesUnder(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .filter(
      (entry) => entry.name !== 'node_modules' && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.test.tsx'),
    )
    .flatMap((entry) => filesUnder(root, path.join(relative, entry.name)));
}
