import { LiveHub, type LiveSink } from '@fp/workflows';
import { RunRegistry } from '@fp/workflows';
import type { AppContext } from '../../platform/context';
import type { Module } from '../../platform/module';
import { liveRoutes } from './live-routes';
import { submissionsProjection } from './projection';
import { submissionsRoutes } from './routes';
import { createSubmissionsService, type SubmissionsInternals, type SubmissionsService } from './service';
import { startSubmissionsWorker } from './worker';

export type { SubmissionsService } from './service';
export { submissionDecider } from './decider';

declare module '../../platform/context' {
  interface Services {
    submissions: SubmissionsService;
  }
}

const internalsOf = new WeakMap<object, SubmissionsInternals>();

/** Latest screens for viewers served by another process (split roles). */
function dbSink(ctx: AppContext): LiveSink {
  return {
    async save(run, snap) {
      await ctx.db
        .insertInto('submission_live')
        .values({ attempt_id: run.attemptId, submission_id: run.submissionId, step: snap.step, frame: snap.frame, updated_at: ctx.clock.now() })
        .onConflict((oc) => oc.column('attempt_id').doUpdateSet({ step: snap.step, frame: snap.frame, updated_at: ctx.clock.now() }))
        .execute();
    },
    async remove(run) {
      await ctx.db.deleteFrom('submission_live').where('attempt_id', '=', run.attemptId).execute();
    },
  };
}

/**
 * Applications: submissions to firms (one per firm, charged one credit each), run as durable
 * workflows (DBOS on our Postgres, or Temporal) that drive a browser on the firm's website, with a
 * live view, stop and retry. See docs/submissions.md.
 */
export const submissionsModule: Module = {
  name: 'submissions',
  projections: () => [submissionsProjection],
  init(ctx) {
    const internals: SubmissionsInternals = { live: new LiveHub(dbSink(ctx)), runs: new RunRegistry(), worker: null };
    internalsOf.set(ctx, internals);
    ctx.services.submissions = createSubmissionsService(ctx, internals);
  },
  routes(app, ctx) {
    submissionsRoutes(app, ctx);
    liveRoutes(app, ctx, internalsOf.get(ctx)!.live);
  },
  async start(ctx) {
    const internals = internalsOf.get(ctx)!;
    // Diagnostics go to stderr, so that tools printing results on stdout (bench, CLI) stay clean.
    const log = (m: string) => console.error(m);
    const worker = await startSubmissionsWorker(ctx, internals.live, internals.runs, log);
    internals.worker = worker;
    return async () => {
      internals.worker = null;
      await worker.stop();
    };
  },
};
