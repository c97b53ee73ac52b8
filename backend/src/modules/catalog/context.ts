import type { SearchIndex } from '@fp/projections';
import type { AppContext } from '../../platform/context';
import type { CreditsService } from '../credits/index';
import type { ProfileService } from '../profile/index';
import type { CatalogService } from './service';

/** What the catalog needs from outside, passed by the composition root. */
export interface CatalogDeps {
  ctx: AppContext;
  credits: CreditsService;
  /** The founder's startup profile: what firms are ranked by fit against. */
  profile: ProfileService;
  /** The search index adapter (Postgres or Meilisearch), chosen by the composition root. */
  searchIndex: SearchIndex;
}

/** What the catalog's files receive: the platform, the services it uses, and its own service. */
export type CatalogContext = AppContext & Omit<CatalogDeps, 'ctx'> & { catalog: CatalogService };
