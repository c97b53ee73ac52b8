import { moduleContext, type AppContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import type { CatalogService } from '../catalog/index';
import { applicationsToPipeline } from './process-manager';
import { pipelineCardsProjection } from './projection';
import { pipelineRoutes } from './routes';
import { createPipelineService, type PipelineService } from './service';

export { pipelineDecider } from './decider';
export type { PipelineService } from './service';

export interface PipelineDeps {
  ctx: AppContext;
  catalog: CatalogService;
}

/** What the pipeline module's files receive. */
export type PipelineContext = AppContext & { catalog: CatalogService; pipeline: PipelineService };

/**
 * The founder's fundraising pipeline (CRM board): cards per investor through the stages, fed by the
 * founder and by completed applications (docs/pipeline.md).
 */
export function createPipelineModule({ ctx: platform, catalog }: PipelineDeps): AppModule<PipelineService> {
  const pipeline = createPipelineService(moduleContext(platform, { catalog }));
  const ctx: PipelineContext = moduleContext(platform, { catalog, pipeline });
  return {
    name: 'pipeline',
    service: pipeline,
    projections: [pipelineCardsProjection, applicationsToPipeline(pipeline)],
    routes: (app) => pipelineRoutes(app, ctx),
  };
}
