import { openDedicatedClient } from '@fp/infra';
import {
  createDrafts,
  createRecap,
  createSubmissionActivities,
  defaultPerFounder,
  SharedBrowser,
  WorkerSlots,
  type LiveHub,
  type RunRegistry,
  type SubmissionActivities,
  type SubmissionRun,
  type WorkflowEngine,
} from '@fp/workflows';
import { allowedHostsFor } from '../../platform/automation';
import type { AppContext } from '../../platform/context';
import { createAttemptStore } from './attempts';
import type { EngineFactory, SubmissionsContext } from './context';
import { startDispatcher, type Dispatcher } from './dispatcher';
import { expireInputWaits } from './expire-input-waits';
import { reviewRunner, type ReviewRunner } from './review-firm';
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
  /** This process's worker slots (runs working, pages waiting for founders). */
  slots: WorkerSlots;
  /** Reviews before sending run here, on the same Chromium and worker slots as the applications. */
  review: ReviewRunner;
  stop(): Promise<void>;
}

/**
 * The workflow worker (roles all and worker): the engine the composition root chose (Temporal when
 * TEMPORAL_ADDRESS is set, else DBOS on our Postgres), its activities with one shared Chromium, the
 * dispatcher, and a LISTEN for stop requests, new work and takeover controls from API processes.
 */
export async function startSubmissionsWorker(
  ctx: SubmissionsContext,
  createEngine: EngineFactory,
  live: LiveHub,
  runs: RunRegistry,
  log: (m: string) => void,
): Promise<WorkerHandle> {
  const browser = new SharedBrowser();
  const concurrency = Math.max(1, ctx.config.workerConcurrency);
  const takeoverMax = ctx.config.takeoverSeconds > 0 ? ctx.config.takeoverMaxOpen : 0;
  // The dispatcher exists once the engine does, before any run starts (recovery included).
  let dispatcher: Dispatcher | null = null;
  const slots = new WorkerSlots({
    slots: concurrency,
    takeoverMax,
    onChange: (run, held) => dispatcher?.slotChanged(run, held),
  });
  const applying = createSubmissionActivities({
    store: createAttemptStore(ctx),
    browser,
    live,
    runs,
    allowedHosts: allowedHostsFor(ctx),
    sandboxUrl: ctx.sandboxUrl,
    recap: createRecap(ctx.config),
    drafts: createDrafts(ctx.config),
    takeoverMs: ctx.config.takeoverSeconds * 1000,
    timeouts: ctx.config.automationWaits,
    slots,
    log,
  });
  // A run that does not start (stopped or superseded while queued) or has ended holds no slot.
  const activities: SubmissionActivities = {
    begin: async (run, taskId, kind) => {
      const go = await applying.begin(run, taskId, kind);
      if (!go) dispatcher?.slotChanged(run, false);
      return go;
    },
    apply: applying.apply,
    finish: async (run, outcome) => {
      await applying.finish(run, outcome);
      dispatcher?.slotChanged(run, false);
    },
  };
  const stopLocal = (run: SubmissionRun) => void runs.stop(run.attemptId);
  // The engine runs the working runs and the ones waiting for founders; the slots keep the working ones to WORKER_CONCURRENCY.
  const engine = await createEngine({ concurrency: concurrency + takeoverMax, activities, stopLocal, log });
  const launchForRecovery = engine.ensureLaunched?.bind(engine);
  // Before recovery: runs resumed after a crash take and give back slots on record like any other.
  const perFounder = Math.min(concurrency, ctx.config.workerPerFounder ?? defaultPerFounder(concurrency));
  const queue = startDispatcher(
    ctx,
    engine,
    { slots: concurrency, perFounder, dispatcher: engine.workerId ?? 'local' },
    log,
  );
  dispatcher = queue;

  // DBOS starts on first use; unfinished work from before a crash or restart needs it now.
  if (launchForRecovery) {
    const unfinished = await ctx.db
      .selectFrom('submissions')
      .select('id')
      .where('status', 'in', ['pending', 'processing'])
      .limit(1)
      .executeTakeFirst();
    if (unfinished)
      await launchForRecovery().catch((err) =>
        log(`[submissions] workflow engine not started: ${(err as Error).message}`),
      );
  }
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
    if (n.channel === DISPATCH_CHANNEL) queue.wake();
    if (n.channel === TAKEOVER_CHANNEL && n.payload) playControl(n.payload);
    if (n.channel === LIVE_WATCH_CHANNEL && n.payload) live.watchRemotely(n.payload);
  });
  await listener.query(`listen ${STOP_CHANNEL}`);
  await listener.query(`listen ${DISPATCH_CHANNEL}`);
  await listener.query(`listen ${TAKEOVER_CHANNEL}`);
  await listener.query(`listen ${LIVE_WATCH_CHANNEL}`);

  return {
    engine,
    dispatcher: queue,
    slots,
    review: reviewRunner({ browser, slots, allowedHosts: allowedHostsFor(ctx) }),
    async stop() {
      clearInterval(expiry);
      await queue.stop();
      await listener.end().catch(() => undefined);
      await engine.close();
      await browser.close();
    },
  };
}
