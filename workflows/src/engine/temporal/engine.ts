import { Client, Connection, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { Context } from '@temporalio/activity';
import { NativeConnection, Worker } from '@temporalio/worker';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { DiscoveryActivities, DiscoveryRun } from '../discovery';
import {
  runKey,
  type SubmissionActivities,
  type SubmissionRun,
  type WorkflowEngine,
  type AttemptOutcome,
  type EngineKind,
} from '../port';
import type { SubmissionProgress } from './workflows';

export const TEMPORAL_TASK_QUEUE = 'fundflow-submissions';
export const temporalWorkflowId = (run: SubmissionRun) => `submission-${runKey(run)}`;
export const temporalDiscoveryId = (run: DiscoveryRun) => `form-discovery-${run.runId}`;

export interface TemporalEngineOptions {
  address: string;
  namespace?: string;
  concurrency: number;
  activities: SubmissionActivities;
  /** The registry's discovery job (catalog), on the same task queue. */
  discovery?: DiscoveryActivities;
  /** Aborts the run if it executes in this process (the fast path of a stop, next to the signal). */
  stopLocal: (run: SubmissionRun) => void;
  /** Run a worker in this process (roles all and worker). */
  worker: boolean;
  log?: (m: string) => void;
}

/**
 * Temporal adapter: workflow id `submission-<attempt id>` (the submission id for a first attempt) on
 * task queue `fundflow-submissions`, so operators find and manage runs in the Temporal UI. Stop is a
 * signal (the workflow cancels the apply activity, which closes its browser on cancellation);
 * `progress` is a query. The worker runs the same activities as the DBOS engine.
 */
export async function createTemporalEngine(
  opts: TemporalEngineOptions,
): Promise<WorkflowEngine & { progress(run: SubmissionRun): Promise<SubmissionProgress | null> }> {
  const log = opts.log ?? (() => undefined);
  const namespace = opts.namespace ?? 'default';
  const connection = await Connection.connect({ address: opts.address });
  const client = new Client({ connection, namespace });
  // Temporal's default worker identity: the fair queue counts the runs this process dispatched by it.
  const identity = `${process.pid}@${hostname()}`;

  let worker: Worker | undefined;
  let running: Promise<void> | undefined;
  let nativeConnection: NativeConnection | undefined;
  if (opts.worker) {
    const acts = opts.activities;
    nativeConnection = await NativeConnection.connect({ address: opts.address });
    worker = await Worker.create({
      connection: nativeConnection,
      namespace,
      taskQueue: TEMPORAL_TASK_QUEUE,
      identity,
      // The compiled build (dist/, NODE_ENV=production) bundles the compiled workflows file beside this one.
      workflowsPath: fileURLToPath(
        new URL(import.meta.url.endsWith('.js') ? './workflows.js' : './workflows.ts', import.meta.url),
      ),
      // WORKER_CONCURRENCY working plus TAKEOVER_MAX_OPEN waiting for founders (see the worker slots).
      maxConcurrentActivityTaskExecutions: opts.concurrency,
      // Heartbeats go out at least every second, so a cancellation arrives quickly.
      maxHeartbeatThrottleInterval: '1 second',
      activities: {
        begin: (run: SubmissionRun, taskId: string, engine: EngineKind) => acts.begin(run, taskId, engine),
        finish: (run: SubmissionRun, outcome: AttemptOutcome) => acts.finish(run, outcome),
        ...(opts.discovery && {
          checkNext: (run: DiscoveryRun) => {
            const ctx = Context.current();
            return opts.discovery!.checkNext(run, { heartbeat: () => ctx.heartbeat() });
          },
          finishDiscovery: (run: DiscoveryRun) => opts.discovery!.finish(run),
        }),
        apply: async (run: SubmissionRun) => {
          const ctx = Context.current();
          let step = 'starting';
          const beat = setInterval(() => ctx.heartbeat({ step }), 2000);
          try {
            return await acts.apply(run, {
              signal: ctx.cancellationSignal,
              heartbeat: (s) => {
                step = s;
                ctx.heartbeat({ step });
              },
            });
          } finally {
            clearInterval(beat);
          }
        },
      },
    });
    running = worker.run().catch((err) => log(`[temporal] worker stopped: ${(err as Error).message}`));
    log(
      `[submissions] Temporal worker on ${opts.address} (task queue ${TEMPORAL_TASK_QUEUE}, ${opts.concurrency} at a time)`,
    );
  }

  return {
    kind: 'temporal',
    workerId: identity,
    taskId: temporalWorkflowId,
    async enqueue(runs) {
      for (const run of runs) {
        try {
          await client.workflow.start('submissionWorkflow', {
            taskQueue: TEMPORAL_TASK_QUEUE,
            workflowId: temporalWorkflowId(run),
            args: [run],
          });
        } catch (err) {
          if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
        }
      }
    },
    ...(opts.discovery && {
      async startDiscovery(run: DiscoveryRun) {
        try {
          // A finished run is not started again (as with DBOS, where a workflow id runs once).
          await client.workflow.start('formDiscoveryWorkflow', {
            taskQueue: TEMPORAL_TASK_QUEUE,
            workflowId: temporalDiscoveryId(run),
            args: [run],
            workflowIdReusePolicy: 'REJECT_DUPLICATE',
          });
        } catch (err) {
          if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
        }
      },
    }),
    async requestStop(run) {
      opts.stopLocal(run);
      try {
        await client.workflow.getHandle(temporalWorkflowId(run)).signal('stop');
      } catch (err) {
        if (!(err instanceof WorkflowNotFoundError)) throw err;
      }
    },
    async progress(run) {
      try {
        return await client.workflow.getHandle(temporalWorkflowId(run)).query<SubmissionProgress>('progress');
      } catch {
        return null;
      }
    },
    async close() {
      worker?.shutdown();
      await running;
      await nativeConnection?.close();
      await connection.close();
    },
  };
}
export { createTemporalHistory } from './history';
