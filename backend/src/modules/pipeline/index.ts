import { moduleContext } from '../../platform/context';
import { dailyJob } from '../../platform/daily-job';
import type { AppModule } from '../../platform/module';
import type { PipelineDeps } from './context';
import type { PipelineContext } from './route-context';
import { applicationsToPipeline, deckVisitsToPipeline } from './process-manager';
import { pipelineCardsProjection } from './projection';
import { pipelineRoutes } from './routes';
import { createPipelineService, type PipelineService } from './service';

export type { PipelineService } from './service';
export type { PipelineDeps } from './context';

/**
 * The founder's fundraising pipeline (CRM board): cards per investor through the stages, fed by the
 * founder and by completed applications (docs/pipeline.md).
 */
export function createPipelineModule({
  ctx: platform,
  catalog,
  mail,
  followUpPollMs = 60_000,
}: PipelineDeps): AppModule<PipelineService> {
  const pipeline = createPipelineService(moduleContext(platform, { catalog, mail }));
  const ctx: PipelineContext = moduleContext(platform, { catalog, mail, pipeline });
  return {
    name: 'pipeline',
    service: pipeline,
    projections: [pipelineCardsProjection, applicationsToPipeline(pipeline), deckVisitsToPipeline(pipeline)],
    routes: (app) => pipelineRoutes(app, ctx),
    // Follow-up reminders, once per UTC day (the mail's id is founder × day).
    start: dailyJob('pipeline', platform.clock, pipeline.sendFollowUpReminders, followUpPollMs),
  };
}
