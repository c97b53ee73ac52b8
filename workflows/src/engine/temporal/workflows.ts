// Temporal workflow code: runs inside Temporal's deterministic sandbox, so it imports only
// @temporalio/workflow and plain values/types (no Node, no I/O). Registered by the worker from this file.
import {
  ActivityCancellationType,
  CancellationScope,
  defineQuery,
  defineSignal,
  isCancellation,
  proxyActivities,
  setHandler,
  sleep,
  workflowInfo,
} from '@temporalio/workflow';
import { runOutcome } from '../outcome';
import type { DiscoveryRun } from '../discovery';
import { backoffMs, shouldTryAgain, type EngineKind, type AttemptOutcome, type SubmissionRun } from '../port';

export interface SubmissionProgress {
  phase: 'starting' | 'applying' | 'waiting to retry' | 'finishing' | 'done' | 'skipped';
  tries: number;
  /** Latest automation step reported by the activity's heartbeats is in Temporal's UI; this is the workflow's view. */
  stopRequested: boolean;
  status: AttemptOutcome['status'] | null;
}

export const stopSignal = defineSignal('stop');
export const progressQuery = defineQuery<SubmissionProgress>('progress');

interface Activities {
  begin(run: SubmissionRun, taskId: string, engine: EngineKind): Promise<boolean>;
  apply(run: SubmissionRun): Promise<AttemptOutcome>;
  finish(run: SubmissionRun, outcome: AttemptOutcome): Promise<void>;
}

const { begin, finish } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 10 },
});
// Heartbeats every 2 s: a dead worker is noticed within the heartbeat timeout and the run is tried on
// another; a cancellation (stop) reaches the activity with the next heartbeat.
// 20 minutes: the run's own limit (2.5 min) plus a takeover wait of up to TAKEOVER_MINUTES (10 by default).
const { apply } = proxyActivities<Activities>({
  startToCloseTimeout: '20 minutes',
  heartbeatTimeout: '10 seconds',
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
  retry: { maximumAttempts: 2 },
});

const stoppedOutcome = (summary: string): AttemptOutcome => runOutcome({ status: 'stopped', summary });

/** One attempt of one submission: begin → apply (again after a transient failure) → finish. */
export async function submissionWorkflow(run: SubmissionRun): Promise<{ status: string }> {
  const progress: SubmissionProgress = { phase: 'starting', tries: 0, stopRequested: false, status: null };
  let scope: CancellationScope | undefined;
  setHandler(progressQuery, () => progress);
  setHandler(stopSignal, () => {
    progress.stopRequested = true;
    scope?.cancel();
  });

  const proceed = await begin(run, workflowInfo().workflowId, 'temporal');
  if (!proceed) {
    progress.phase = 'skipped';
    return { status: 'skipped' };
  }
  let outcome: AttemptOutcome;
  for (let tries = 1; ; tries++) {
    progress.phase = 'applying';
    progress.tries = tries;
    if (progress.stopRequested) {
      outcome = stoppedOutcome('Stopped on request.');
      break;
    }
    scope = new CancellationScope();
    try {
      outcome = await scope.run(() => apply(run));
    } catch (err) {
      if (!isCancellation(err)) throw err;
      outcome = stoppedOutcome('Stopped on request; the browser was closed.');
    }
    scope = undefined;
    if (!shouldTryAgain(outcome, tries)) break;
    progress.phase = 'waiting to retry';
    await sleep(backoffMs(tries));
  }
  progress.phase = 'finishing';
  progress.status = outcome.status;
  // The record must be written even when the workflow itself was asked to stop.
  await CancellationScope.nonCancellable(() => finish(run, outcome));
  progress.phase = 'done';
  return { status: outcome.status };
}

interface DiscoveryActivityFns {
  checkNext(run: DiscoveryRun): Promise<number>;
  finishDiscovery(run: DiscoveryRun): Promise<void>;
}

// A batch visits a few sites (a minute each at most); heartbeats after each site tell a dead worker apart.
const { checkNext, finishDiscovery } = proxyActivities<DiscoveryActivityFns>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '3 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 5 },
});

/** The registry's discovery run: batches until none is left (a retried batch skips the firms already recorded). */
export async function formDiscoveryWorkflow(run: DiscoveryRun): Promise<{ checked: number }> {
  let checked = 0;
  for (;;) {
    const n = await checkNext(run);
    if (!n) break;
    checked += n;
  }
  await finishDiscovery(run);
  return { checked };
}
