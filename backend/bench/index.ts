import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench [-- name…]`: runs every backend/bench/<name>.ts that exports `bench()` (or the ones
 * named) and prints one JSON object of figures. Progress goes to stderr so stdout stays JSON.
 */
const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !['index.ts', 'support.ts'].includes(f))
  .filter((f) => !only.length || only.includes(f.replace(/\.ts$/, '')));

const figures: Record<string, unknown> = {
  machine: { cores: (await import('node:os')).cpus().length, node: process.version },
};
for (const f of files) {
  const mod = await import(path.join(dir, f));
  if (typeof mod.bench !== 'function') continue;
  const name = f.replace(/\.ts$/, '');
  console.error(`[bench] ${name} …`);
  const t0 = performance.now();
  try {
    Object.assign(figures, await mod.bench());
  } catch (err) {
    figures[`${name}.error`] = (err as Error).message;
    process.exitCode = 1;
  }
  console.error(`[bench] ${name} done in ${Math.round(performance.now() - t0)} ms`);
}
console.log(JSON.stringify(figures, null, 2));
process.exit(process.exitCode ?? 0);
