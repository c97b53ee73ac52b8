import type { AppContext } from '../../platform/context';
import type { CatalogService } from '../catalog/index';
import type { MailService } from '../mail/index';
import type { PipelineService } from './service';

/** What the pipeline module's route files receive. */
export type PipelineContext = AppContext & { catalog: CatalogService; mail: MailService; pipeline: PipelineService };
