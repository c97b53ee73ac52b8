import { openDedicatedClient } from '@fp/infra';
import { createDrafts, createRecap, createSubmissionActivities, SharedBrowser, type LiveHub, type RunRegistry, type SubmissionRun, type WorkflowEngine } from '@fp/workflows';
import { allowedHostsFor } from '../../platform/automation';
import type { AppContext } from '../../platform/context';
import { createAttemptStore } from './attempts';
import type { EngineFactory, SubmissionsContext } from './context';
import { startDispatcher, type Dispatcher } from './dispatcher';
import { expireInputWaits } from './expire-input-waits';
import { createForwardedControlPlayer, TAKEOVER_CHANNEL } from './take-over';

/** How often paused runs are checked for an expired wait (the wait itself is INPUT_WAIT_HOURS). */
const EXPIRY_POLL_MS = 1000;

export const STOP_CHANNEL = 'fp_submission_stop';
export const DISPATCH_CHANNEL = 'fp_submissions';
/** An API process's live viewer of a run whose browser is here: stream its screen (said every few seconds). */
export const LIVE_WATCH_CHANNEL = 'fp_live_watch';

export interface WorkerHandle {
  engine: WorkflowEngine;
  dispatcher: Dispatcher;
  stop(): Promise<void>;
}


/**
 * The workflow worker (roles all and worker): the engine the composition root chose (Temporal when
 * TEMPORAL_ADDRESS is set, else DBOS on our Postgres), its activities with one shared Chromium, the
 * dispatcher, and a LISTEN for stop requests, new work and takeover controls from API processes.
 */
export async function startSubmissionsWorker(ctx: SubmissionsContext, createEngine: EngineFactory, live: LiveHub, runs: RunRegistry, log: (m: string) => void): Promise<WorkerHandle> {
  const browser = new SharedBrowser();
  const activities = createSubmissionActivities({
    store: createAttemptStore(ctx),
    browser,
    live,
    runs,
    allowedHosts: allowedHostsFor(ctx),
    sandboxUrl: ctx.sandboxUrl,
    recap: createRecap(ctx.config),
    drafts: createDrafts(ctx.config),
    takeoverMs: ctx.config.takeoverSeconds * 1000,
    log,
  });
  const stopLocal = (run: SubmissionRun) => void runs.stop(run.attemptId);
  const concurrency = Math.max(1, ctx.config.workerConcurrency);
  const engine = await createEngine({ concurrency, activities, stopLocal, log });
  const launchForRecovery = engine.ensureLaunched?.bind(engine);

  // DBOS starts on first use; unfinished work from before a crash or restart needs it now.
  if (launchForRecovery) {
    const unfinished = await ctx.db.selectFrom('submissions').select('id').where('status', 'in', ['pending', 'processing']).limit(1).executeTakeFirst();
    if (unfinished) await launchForRecovery().catch((err) => log(`[submissions] workflow engine not started: ${(err as Error).message}`));
  }
  const dispatcher = startDispatcher(ctx, engine, log);
  let sweeping = false;
  const expiry = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    expireInputWaits(ctx)
      .catch((err) => log(`[submissions] input-wait expiry failed (will retry): ${(err as Error).message}`))
      .finally(() => (sweeping = false));
  }, EXPIRY_POLL_MS);
  expiry.unref();

  const playControl = createForwardedControlPlayer(live, log);
  const listener = await openDedicatedClient(ctx.pool, 'fundflow worker listener');
  listener.on('notification', (n) => {
    if (n.channel === STOP_CHANNEL && n.payload) runs.stop(n.payload);
    if (n.channel === DISPATCH_CHANNEL) dispatcher.wake();
    if (n.channel === TAKEOVER_CHANNEL && n.payload) playControl(n.payload);
    if (n.channel === LIVE_WATCH_CHANNEL && n.payload) live.watchRemotely(n.payload);
  });
  await listener.query(`listen ${STOP_CHANNEL}`);
  await listener.query(`listen ${DISPATCH_CHANNEL}`);
  await listener.query(`listen ${TAKEOVER_CHANNEL}`);
  await listener.query(`listen ${LIVE_WATCH_CHANNEL}`);

  return {
    engine,
    dispatcher,
    async stop() {
      clearInterval(expiry);
      await dispatcher.stop();
      await listener.end().catch(() => undefined);
      await engine.close();
      await browser.close();
    },
  };
}
