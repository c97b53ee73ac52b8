import type { SubmissionRun } from '@fp/workflows';
import type { LiveHub } from '@fp/workflows';
import type { RunRegistry } from '@fp/workflows';
import type { SubmissionsContext } from './context';
import type { CommandMeta } from '../../platform/decider';
import { downloadProof } from './download-proof';
import { fetchLiveUrl } from './live-url';
import { submissionStream } from '@fp/contracts';
import { answerQuestions, pendingQuestions } from './answer-questions';
import { listRuns, ownerOf, runById, runCounts, type RunsQuery } from './list-runs';
import { listSubmissions, submissionActivity, submissionCounts, submissionKinds, submissionStats } from './queries';
import { retrySubmission } from './retry-submission';
import { stopSubmission } from './stop-submission';
import { submitApplications, type SubmitInput } from './submit-applications';
import { previewPlan } from './plan-preview';
import { DISPATCH_CHANNEL, STOP_CHANNEL, type WorkerHandle } from './worker';

export interface SubmissionsInternals {
  live: LiveHub;
  runs: RunRegistry;
  /** Set while this process runs the workflow worker (roles all and worker). */
  worker: WorkerHandle | null;
}

/** The submissions module's public face. */
export function createSubmissionsService(ctx: SubmissionsContext, internals: SubmissionsInternals) {
  const dispatch = (runs: SubmissionRun[]) => {
    if (internals.worker) internals.worker.dispatcher.dispatch(runs);
    // An API process without a worker wakes the workers (they also poll).
    else ctx.pool.query(`select pg_notify('${DISPATCH_CHANNEL}', '')`).catch(() => undefined);
  };
  const requestStop = async (run: SubmissionRun) => {
    internals.runs.stop(run.attemptId);
    await internals.worker?.engine.requestStop(run);
    // The browser may run in another process.
    await ctx.pool.query('select pg_notify($1, $2)', [STOP_CHANNEL, run.attemptId]);
  };
  return {
    submit: (userId: string, input: SubmitInput, meta: CommandMeta) =>
      submitApplications(ctx, userId, input, meta, dispatch),
    /** What a submit of these firms would do now: the question before it is asked from this. */
    plan: (userId: string, input: { vcIds: string[]; test: boolean }) => previewPlan(ctx, userId, input),
    list: (userId: string, q: { limit: number; status: string }) => listSubmissions(ctx, userId, q),
    stats: (userId: string) => submissionStats(ctx, userId),
    countsByUser: (userIds: string[]) => submissionCounts(ctx, userIds),
    /** Has the founder applied to a test firm, to a real one (any status)? */
    kinds: (userId: string) => submissionKinds(ctx, userId),
    /** The operators' console: runs over every founder, the owner of one, the live counts. */
    runs: (q: RunsQuery) => listRuns(ctx, q),
    run: (id: string) => runById(ctx, id),
    /** A submission's own events (every attempt), for the console's timeline. */
    events: async (id: string) => (await ctx.store.readStream(submissionStream(id))).events,
    ownerOf: (id: string) => ownerOf(ctx, id),
    runCounts: () => runCounts(ctx),
    activity: (userId: string, days: number) => submissionActivity(ctx, userId, days),
    stop: (userId: string, id: string, meta: CommandMeta) => stopSubmission(ctx, userId, id, meta, requestStop),
    retry: (userId: string, id: string, meta: CommandMeta, requestKey: string | null = null) =>
      retrySubmission(ctx, userId, id, meta, dispatch, requestKey),
    /** The latest attempt's proof bundle (ZIP), the owner's only. */
    proof: (userId: string, id: string) => downloadProof(ctx, userId, id),
    /** A paused run's questions, and the founder's answers to them (the run continues). */
    questions: (userId: string, id: string) => pendingQuestions(ctx, userId, id),
    answer: (userId: string, id: string, answers: { question: string; answer: string }[], meta: CommandMeta) =>
      answerQuestions(ctx, userId, id, answers, meta, dispatch),
    fetchLiveUrl: (userId: string, id: string) => fetchLiveUrl(ctx, userId, id, (sid) => internals.live.isLive(sid)),
    /** The workflow engine of this process, when it runs the worker (tests, operators). */
    engine: () => internals.worker?.engine ?? null,
  };
}
export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
