// DBOS Transact is CommonJS: default-import it from ESM.
import dbosPkg from '@dbos-inc/dbos-sdk';
import type { DLogger } from '@dbos-inc/dbos-sdk';
import type { DiscoveryActivities, DiscoveryRun } from './discovery';
import {
  backoffMs,
  runKey,
  shouldTryAgain,
  type AttemptOutcome,
  type SubmissionActivities,
  type SubmissionRun,
  type WorkflowEngine,
} from './port';

const { DBOS } = dbosPkg;

export const DBOS_QUEUE = 'submissions';
export const DBOS_WORKFLOW = 'submissionWorkflow';
export const DBOS_DISCOVERY_QUEUE = 'form-discovery';
export const DBOS_DISCOVERY_WORKFLOW = 'formDiscoveryWorkflow';
export const discoveryWorkflowId = (run: DiscoveryRun) => `form-discovery-${run.runId}`;
/**
 * Pinned so that runs interrupted by a crash are recovered by the next start even when the code
 * changed in between (DBOS recovers only runs of its own version). Bump it when the workflow's
 * sequence of steps changes.
 */
export const DBOS_APP_VERSION = 'submissions-1';

export interface DbosEngineOptions {
  /** Our Postgres: DBOS keeps its tables in their own schema there. */
  databaseUrl: string;
  schema?: string;
  /**
   * Runs at once in this process: WORKER_CONCURRENCY working plus TAKEOVER_MAX_OPEN waiting for
   * founders (the worker slots in the activities keep the browsers at work to WORKER_CONCURRENCY).
   */
  concurrency: number;
  activities: SubmissionActivities;
  /** The registry's discovery job (catalog), run on the same engine: DBOS is one per process. */
  discovery?: DiscoveryActivities;
  /** Called for a stop request: aborts the run if it executes in this process. */
  stopLocal: (run: SubmissionRun) => void;
  log?: (m: string) => void;
  /** How often the queue looks for work (ms). */
  pollMs?: number;
  /** Distinct and stable per worker process when several share a database (DBOS_EXECUTOR_ID). */
  executorId?: string;
}

// DBOS is a process-wide singleton: the engine that launched it owns it until it closes.
let owner: object | null = null;

class ShutdownError extends Error {
  constructor() {
    super('The worker is shutting down; the run resumes after the next start.');
  }
}

/**
 * DBOS Transact on our Postgres: one workflow per attempt (workflow id = attempt id, which is the
 * submission id for the first attempt), on one queue whose per-process concurrency bounds the
 * browsers. Steps: begin → apply (again after a transient failure, with backoff, at most MAX_TRIES)
 * → finish. After a crash, DBOS resumes every unfinished workflow at the step that did not complete.
 * DBOS is a process-wide singleton, launched on first use: in one process only one engine (one app)
 * can run workflows at a time; another one fails when it is first used, not when it is created.
 */
export function createDbosEngine(
  opts: DbosEngineOptions,
): WorkflowEngine & { ensureLaunched(): Promise<void>; launched(): boolean } {
  const self = {};
  const log = opts.log ?? (() => undefined);
  const acts = opts.activities;
  let closing = false;
  let launching: Promise<void> | null = null;
  let launched = false;
  let workflow: ((run: SubmissionRun) => Promise<{ status: string }>) | null = null;
  let discoveryWorkflow: ((run: DiscoveryRun) => Promise<{ checked: number }>) | null = null;
  const disc = opts.discovery;

  // A run that ends because the process is shutting down must not be recorded as an outcome: it
  // is left unfinished so the next start resumes it.
  const guard = async <T>(f: () => Promise<T>): Promise<T> => {
    const r = await f();
    if (closing) throw new ShutdownError();
    return r;
  };

  // A database hiccup is tried again; a shutdown is not (the next start resumes the run).
  const retryUnlessClosing = {
    retriesAllowed: true,
    maxAttempts: 3,
    shouldRetry: (e: unknown) => !closing && !(e instanceof ShutdownError),
  };

  const logger: DLogger = {
    info: () => undefined,
    debug: () => undefined,
    warn: (e) => log(`[dbos] ${String(e)}`),
    error: (e) => {
      if (!closing) log(`[dbos] ${e instanceof Error ? e.message : String(e)}`);
    },
  };

  async function launch() {
    if (owner && owner !== self)
      throw new Error(
        'Another DBOS engine already runs in this process (DBOS is a process-wide singleton); this app cannot run workflows.',
      );
    owner = self;
    // Registered once per engine (a failed launch may be tried again).
    workflow ??= DBOS.registerWorkflow(
      async (run: SubmissionRun) => {
        const taskId = DBOS.workflowID ?? runKey(run);
        const proceed = await DBOS.runStep(() => guard(() => acts.begin(run, taskId, 'dbos')), { name: 'begin' });
        if (!proceed) return { status: 'skipped' };
        let outcome: AttemptOutcome;
        for (let tries = 1; ; tries++) {
          outcome = await DBOS.runStep(() => guard(() => acts.apply(run)), { name: 'apply' });
          if (!shouldTryAgain(outcome, tries)) break;
          // Durable sleep: a crash during the backoff resumes the wait, not the run.
          await DBOS.sleepms(backoffMs(tries));
        }
        await DBOS.runStep(() => guard(() => acts.finish(run, outcome)), { name: 'finish' });
        return { status: outcome.status };
      },
      { name: DBOS_WORKFLOW },
    );
    // A discovery run: batches until none is left. A crash re-runs the interrupted batch, whose
    // activity skips the firms already recorded: the run continues with the firms not yet checked.
    if (disc)
      discoveryWorkflow ??= DBOS.registerWorkflow(
        async (run: DiscoveryRun) => {
          let checked = 0;
          for (;;) {
            const n = await DBOS.runStep(() => guard(() => disc.checkNext(run)), {
              name: 'checkNext',
              ...retryUnlessClosing,
            });
            if (!n) break;
            checked += n;
          }
          await DBOS.runStep(() => guard(() => disc.finish(run)), { name: 'finish', ...retryUnlessClosing });
          return { checked };
        },
        { name: DBOS_DISCOVERY_WORKFLOW },
      );
    DBOS.setConfig({
      name: 'fundflow',
      systemDatabaseUrl: opts.databaseUrl,
      systemDatabaseSchemaName: opts.schema ?? 'dbos',
      systemDatabasePoolSize: 8,
      applicationVersion: DBOS_APP_VERSION,
      ...(opts.executorId ? { executorID: opts.executorId } : {}),
      logger,
    });
    await DBOS.launch();
    await DBOS.registerQueue(DBOS_QUEUE, {
      workerConcurrency: opts.concurrency,
      minPollingIntervalMs: opts.pollMs ?? 250,
      onConflict: 'always_update',
    });
    // One discovery run at a time per process; the run itself visits several sites at once.
    if (disc)
      await DBOS.registerQueue(DBOS_DISCOVERY_QUEUE, {
        workerConcurrency: 1,
        minPollingIntervalMs: opts.pollMs ?? 250,
        onConflict: 'always_update',
      });
    launched = true;
    log(
      `[submissions] DBOS workflow engine running (queue ${DBOS_QUEUE}, up to ${opts.concurrency} runs at once, working or waiting for founders)`,
    );
  }

  const ensureLaunched = async () => {
    if (launched) return;
    if (closing) throw new Error('The workflow engine is closed');
    launching ??= launch().catch((err) => {
      launching = null;
      throw err;
    });
    await launching;
  };

  return {
    kind: 'dbos',
    workerId: opts.executorId ?? 'local',
    ensureLaunched,
    launched: () => launched,
    taskId: (run) => runKey(run),
    async enqueue(runs) {
      if (!runs.length) return;
      await ensureLaunched();
      let next = 0;
      const one = async () => {
        while (next < runs.length) {
          const run = runs[next++]!;
          // Same workflow id again returns the existing run: enqueueing is idempotent.
          await DBOS.startWorkflow(workflow!, { workflowID: runKey(run), queueName: DBOS_QUEUE })(run);
        }
      };
      await Promise.all(Array.from({ length: Math.min(4, runs.length) }, one));
    },
    async requestStop(run) {
      opts.stopLocal(run);
    },
    ...(disc && {
      async startDiscovery(run: DiscoveryRun) {
        await ensureLaunched();
        await DBOS.startWorkflow(discoveryWorkflow!, {
          workflowID: discoveryWorkflowId(run),
          queueName: DBOS_DISCOVERY_QUEUE,
        })(run);
      },
    }),
    async close() {
      if (closing) return;
      closing = true;
      await launching?.catch(() => undefined);
      if (launched)
        await DBOS.shutdown({ deregister: true }).catch((err: Error) => log(`[dbos] shutdown: ${err.message}`));
      if (owner === self) owner = null;
    },
  };
}
