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
import {
  applyStepFailed,
  isTransientStepError,
  recoveredOutcome,
  STEP_BACKOFF,
  STEP_FIRST_PAUSE_S,
  STEP_TRIES,
} from './step-faults';

const { DBOS } = dbosPkg;

const DBOS_QUEUE = 'submissions';
const DBOS_WORKFLOW = 'submissionWorkflow';
const DBOS_DISCOVERY_QUEUE = 'form-discovery';
const DBOS_DISCOVERY_WORKFLOW = 'formDiscoveryWorkflow';
const discoveryWorkflowId = (run: DiscoveryRun) => `form-discovery-${run.runId}`;
/**
 * Pinned so that runs interrupted by a crash are recovered by the next start even when the code
 * changed in between (DBOS recovers only runs of its own version). Bump it when the workflow's
 * sequence of steps changes.
 */
const DBOS_APP_VERSION = 'submissions-1';

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
  /** How often runs whose workflow ended in an error are looked for and finished as failed (ms). */
  recoveryMs?: number;
}

/** Runs whose workflow ended in an error are finished as failed this often (and once at launch). */
const RECOVERY_MS = 30_000;

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
  const recovered = new Set<string>();
  let recoveryTimer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | null = null;

  /**
   * The recovery path: a run whose workflow ended in an error (a step failed on every try, or DBOS
   * gave up recovering it) is finished with the outcome its apply step recorded, or as failed when
   * it has none — so it is refunded by the usual rule, and its submission never stays pending or
   * processing (nor its worker slot counted). finish is idempotent: a run already finished is left as it is.
   */
  async function recoverErrored() {
    const failed = await DBOS.listWorkflows({
      workflowName: DBOS_WORKFLOW,
      status: ['ERROR', 'MAX_RECOVERY_ATTEMPTS_EXCEEDED'],
      startTime: new Date(Date.now() - 7 * 86_400_000).toISOString(),
      loadInput: true,
      limit: 200,
    });
    for (const wf of failed) {
      if (closing) return;
      const run = wf.input?.[0] as SubmissionRun | undefined;
      if (!run || recovered.has(wf.workflowID)) continue;
      const steps = (await DBOS.listWorkflowSteps(wf.workflowID)) ?? [];
      const applied = steps.filter((st) => st.name === 'apply' && !st.error).pop()?.output as
        AttemptOutcome | undefined;
      try {
        await acts.finish(run, applied ?? recoveredOutcome());
        recovered.add(wf.workflowID);
        log(`[submissions] run ${wf.workflowID} ended in an error; finished by the recovery sweep`);
      } catch (err) {
        log(`[submissions] recovery of run ${wf.workflowID} failed (tried again later): ${(err as Error).message}`);
      }
    }
  }
  const sweep = () => {
    if (closing || sweeping) return;
    sweeping = recoverErrored()
      .catch((err) => log(`[submissions] recovery sweep failed (tried again later): ${(err as Error).message}`))
      .finally(() => (sweeping = null));
  };

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

  // A step (begin, apply, finish) that meets a transient database or network fault is tried again
  // with growing pauses, like the Temporal engine's activity retries.
  const stepRetry = {
    retriesAllowed: true,
    maxAttempts: STEP_TRIES,
    intervalSeconds: STEP_FIRST_PAUSE_S,
    backoffRate: STEP_BACKOFF,
    shouldRetry: (e: unknown) => !closing && !(e instanceof ShutdownError) && isTransientStepError(e),
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
        let outcome: AttemptOutcome | null = null;
        let proceed = false;
        try {
          proceed = await DBOS.runStep(() => guard(() => acts.begin(run, taskId, 'dbos')), {
            name: 'begin',
            ...stepRetry,
          });
        } catch (err) {
          if (closing || err instanceof ShutdownError) throw err;
          // The attempt could not be started: it is finished as failed (and refunded), never left pending.
          outcome = applyStepFailed(err);
        }
        if (!proceed && !outcome) return { status: 'skipped' };
        for (let tries = 1; !outcome; tries++) {
          let tried: AttemptOutcome;
          try {
            tried = await DBOS.runStep(() => guard(() => acts.apply(run)), { name: 'apply', ...stepRetry });
          } catch (err) {
            if (closing || err instanceof ShutdownError) throw err;
            tried = applyStepFailed(err);
          }
          if (!shouldTryAgain(tried, tries)) outcome = tried;
          // Durable sleep: a crash during the backoff resumes the wait, not the run.
          else await DBOS.sleepms(backoffMs(tries));
        }
        // finish is idempotent: another try records nothing twice. Should every try fail, the
        // workflow ends in ERROR and the recovery sweep finishes the run with the recorded outcome.
        await DBOS.runStep(() => guard(() => acts.finish(run, outcome)), { name: 'finish', ...stepRetry });
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
    sweep();
    recoveryTimer = setInterval(sweep, opts.recoveryMs ?? RECOVERY_MS);
    recoveryTimer.unref();
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
      clearInterval(recoveryTimer);
      await launching?.catch(() => undefined);
      await sweeping;
      if (launched)
        await DBOS.shutdown({ deregister: true }).catch((err: Error) => log(`[dbos] shutdown: ${err.message}`));
      if (owner === self) owner = null;
    },
  };
}
