import { LiveHub, RunRegistry, type LiveSink } from '@fp/workflows';
import { moduleContext, type AppContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import type { SubmissionsContext, SubmissionsDeps } from './context';
import { liveRoutes } from './live-routes';
import { reviewRoutes } from './review-routes';
import { batchFinishedNotifier } from './notify-batch-finished';
import { inputRequestedNotifier, takeoverRequestedNotifier } from './notify-input-requested';
import { submissionsProjection } from './projection';
import { submissionsRoutes } from './routes';
import { createSubmissionsService, type SubmissionsInternals, type SubmissionsService } from './service';
import { startSubmissionsWorker } from './worker';

export type { SubmissionsService } from './service';
export type { EngineFactory, SubmissionsDeps } from './context';
/** Latest screens for viewers served by another process (split roles). */
function dbSink(ctx: AppContext): LiveSink {
  return {
    async save(run, snap) {
      await ctx.db
        .insertInto('submission_live')
        .values({
          attempt_id: run.attemptId,
          submission_id: run.submissionId,
          step: snap.step,
          frame: snap.frame,
          updated_at: ctx.clock.now(),
        })
        .onConflict((oc) =>
          oc.column('attempt_id').doUpdateSet({ step: snap.step, frame: snap.frame, updated_at: ctx.clock.now() }),
        )
        .execute();
    },
    async remove(run) {
      await ctx.db.deleteFrom('submission_live').where('attempt_id', '=', run.attemptId).execute();
    },
  };
}

/**
 * Applications: submissions to firms (one per firm, charged one credit each), run as durable
 * workflows on the engine it is given (DBOS on our Postgres, or Temporal) that drive a browser on
 * the firm's website, with a live view, stop and retry. See docs/submissions.md.
 */
export function createSubmissionsModule({
  ctx: platform,
  credits,
  profile,
  catalog,
  mail,
  engine,
  storage,
  deckLinks,
}: SubmissionsDeps): AppModule<SubmissionsService> {
  const ctx: SubmissionsContext = moduleContext(platform, { credits, profile, catalog, storage, deckLinks });
  const internals: SubmissionsInternals = { live: new LiveHub(dbSink(ctx)), runs: new RunRegistry(), worker: null };
  const submissions = createSubmissionsService(ctx, internals);
  return {
    name: 'submissions',
    service: submissions,
    projections: [
      submissionsProjection,
      batchFinishedNotifier(mail, platform.config.publicUrl),
      inputRequestedNotifier(mail, platform.config.publicUrl),
      takeoverRequestedNotifier(mail, platform.config.publicUrl),
    ],
    routes(app) {
      submissionsRoutes(app, ctx, submissions);
      liveRoutes(app, ctx, internals.live, submissions.stop);
      reviewRoutes(app, ctx, () => internals.worker?.review ?? null);
    },
    async start() {
      // Diagnostics go to stderr, so that tools printing results on stdout (bench, CLI) stay clean.
      const log = (m: string) => console.error(m);
      const worker = await startSubmissionsWorker(ctx, engine, internals.live, internals.runs, log);
      internals.worker = worker;
      return async () => {
        internals.worker = null;
        await worker.stop();
      };
    },
  };
}
