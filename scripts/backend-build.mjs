// Whether the compiled backend is current: each package's dist/ (contracts, infra, projections,
// workflows, backend; scripts/compile.mjs) carries a hash of the sources it was compiled from. The
// test run's global setup compiles the packages whose stamp is not their sources' (about 2 s for all
// five), so the tests that start the server or the CLI as a child process run the compiled build:
// loading it costs half the CPU of loading the TypeScript sources through tsx.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sourcesHash } from './frontend-stamp.mjs';

/** The backend's packages, each compiled to its own dist/ (they import each other's dist/ by path). */
export const BACKEND_PACKAGES = ['contracts', 'infra', 'projections', 'workflows', 'backend'];
const STAMP = '.sources-sha256';
const inputs = (pkg) => [`${pkg}/src`, `${pkg}/package.json`, 'scripts/compile.mjs'];

/** The hash a package's dist/ must carry to be current. */
export const packageSourcesHash = (root, pkg) => sourcesHash(root, inputs(pkg));

export function writePackageStamp(root, pkg, hash = packageSourcesHash(root, pkg)) {
  writeFileSync(path.join(root, pkg, 'dist', STAMP), `${hash}\n`);
}

export function packageBuildIsCurrent(root, pkg) {
  const stamp = path.join(root, pkg, 'dist', STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === packageSourcesHash(root, pkg);
}

/** Compiles the packages whose dist/ is not current (compilePackage stamps each); returns their names. */
export async function ensureBackendBuild(root) {
  const { compilePackage } = await import('./compile.mjs');
  const stale = BACKEND_PACKAGES.filter((pkg) => !packageBuildIsCurrent(root, pkg));
  for (const pkg of stale) await compilePackage(path.join(root, pkg));
  return stale;
}
