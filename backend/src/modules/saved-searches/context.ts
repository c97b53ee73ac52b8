import type { AppContext } from '../../platform/context';
import type { CatalogService } from '../catalog/index';
import type { MailService } from '../mail/index';

/** What saved searches need from outside, passed by the composition root. */
export interface SavedSearchesDeps {
  ctx: AppContext;
  catalog: CatalogService;
  mail: MailService;
  /** How often the new-match e-mail job looks whether a new day has begun (ms). */
  pollMs?: number;
}

/** What the saved searches' use cases receive. */
export type SavedSearchesServiceContext = Pick<AppContext, 'store' | 'db' | 'projections' | 'newId' | 'config'> & {
  catalog: CatalogService;
  mail: MailService;
};
