import type { AppContext } from '../../platform/context';
import type { CatalogService } from '../catalog/index';
import type { MailService } from '../mail/index';

/** What the pipeline needs from outside, passed by the composition root. */
export interface PipelineDeps {
  ctx: AppContext;
  catalog: CatalogService;
  mail: MailService;
  /** How often the follow-up job looks whether a new day has begun (ms). */
  followUpPollMs?: number;
}

/** What the pipeline's use cases receive. */
export type PipelineServiceContext = Pick<AppContext, 'store' | 'db' | 'projections' | 'newId' | 'config'> & {
  catalog: CatalogService;
  mail: MailService;
};
