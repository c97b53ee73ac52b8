#!/usr/bin/env node
// Compiles a backend package's TypeScript (src/**) to JavaScript in dist/ with source maps, one
// output file per source file, so that `node` runs it without tsx (NODE_ENV=production, the image).
//
//   node scripts/compile.mjs [package-dir …]     (no argument: the current directory; `npm run build` runs it per package)
//
// Why one file per source file and not a bundle: paths derived from import.meta.url
// (infra's REPO_ROOT and migrations folder, Temporal's workflow file) stay right because dist/
// mirrors src/. Imports are rewritten for Node's ESM resolver: relative ones get their `.js`
// (or `/index.js`), and `@fp/<package>[/sub]` becomes the relative path to that package's
// dist/ file, so the compiled output needs neither tsx nor a resolver flag. Types are not checked
// here: `npm run typecheck` does that.
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageSourcesHash, writePackageStamp } from './backend-build.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx)$/;
const SKIP = /(\.test\.tsx?|\.d\.ts|\.contract\.ts)$/;

/** Every workspace package by name, with its folder and its exports map (for @fp/* imports). */
function workspacePackages() {
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const out = new Map();
  for (const dir of root.workspaces) {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
    out.set(pkg.name, { dir: path.join(ROOT, dir), exports: pkg.exports ?? { '.': './src/index.ts' } });
  }
  return out;
}

/** The source file an exports map gives for a subpath ('.' or './x/y'), or null. */
function exportTarget(exportsMap, subpath) {
  const direct = exportsMap[subpath];
  if (typeof direct === 'string') return direct;
  for (const [key, value] of Object.entries(exportsMap)) {
    if (!key.includes('*') || typeof value !== 'string') continue;
    const [pre, post] = key.split('*');
    if (subpath.startsWith(pre) && subpath.endsWith(post))
      return value.replace('*', subpath.slice(pre.length, subpath.length - post.length));
  }
  return null;
}

const toDist = (pkgDir, srcFile) =>
  path.join(pkgDir, 'dist', path.relative(path.join(pkgDir, 'src'), srcFile)).replace(SOURCE, '.js');
const relativeImport = (fromFile, toFile) => {
  const rel = path.relative(path.dirname(fromFile), toFile).split(path.sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
};

/** The source file an extensionless relative import names: x.ts, x.tsx, x/index.ts, or as written. */
function sourceOf(base) {
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function listSources(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSources(p));
    else if (SOURCE.test(entry.name) && !SKIP.test(entry.name)) out.push(p);
  }
  return out;
}

export async function compilePackage(pkgDir, packages = workspacePackages()) {
  const src = path.join(pkgDir, 'src');
  const dist = path.join(pkgDir, 'dist');
  const entryPoints = listSources(src);
  // Hashed before compiling: the stamp names the sources this build was made from (backend-build.mjs).
  const pkg = path.relative(ROOT, pkgDir);
  const hash = packageSourcesHash(ROOT, pkg);
  rmSync(dist, { recursive: true, force: true });
  const rewrite = {
    name: 'fundflow-imports',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const fromDist = toDist(pkgDir, args.importer);
        if (args.path.startsWith('.')) {
          const target = sourceOf(path.resolve(path.dirname(args.importer), args.path));
          if (!target) throw new Error(`${path.relative(ROOT, args.importer)}: cannot find ${args.path}`);
          if (!SOURCE.test(target)) return { path: args.path, external: true };
          return { path: relativeImport(fromDist, toDist(pkgDir, target)), external: true };
        }
        const m = /^(@fp\/[^/]+)(\/.*)?$/.exec(args.path);
        if (m && packages.has(m[1])) {
          const pkg = packages.get(m[1]);
          const target = exportTarget(pkg.exports, m[2] ? `.${m[2]}` : '.');
          if (!target)
            throw new Error(`${path.relative(ROOT, args.importer)}: ${args.path} is not exported by ${m[1]}`);
          return { path: relativeImport(fromDist, toDist(pkg.dir, path.join(pkg.dir, target))), external: true };
        }
        return { path: args.path, external: true };
      });
    },
  };
  await build({
    entryPoints,
    outdir: dist,
    outbase: src,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // The maps point at ../src, which ships beside dist/ (stack traces name the TypeScript lines).
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [rewrite],
  });
  // The test run compiles again only when the sources differ from the stamp's.
  writePackageStamp(ROOT, pkg, hash);
  return entryPoints.length;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2).length ? process.argv.slice(2).map((d) => path.resolve(d)) : [process.cwd()];
  const packages = workspacePackages();
  for (const dir of dirs) {
    const t0 = performance.now();
    const n = await compilePackage(dir, packages);
    console.log(
      `[build] ${path.relative(ROOT, dir) || '.'}: ${n} files → dist/ in ${Math.round(performance.now() - t0)} ms`,
    );
  }
}
