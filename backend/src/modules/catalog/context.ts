import type { SearchIndex } from '@fp/projections';
import type { AppContext } from '../../platform/context';
import type { CreditsService } from '../credits/index';
import type { ProfileService } from '../profile/index';

/** What the catalog needs from outside, passed by the composition root. */
export interface CatalogDeps {
  ctx: AppContext;
  credits: CreditsService;
  /** The founder's startup profile: what firms are ranked by fit against. */
  profile: ProfileService;
  /** The search index adapter (Postgres or Meilisearch), chosen by the composition root. */
  searchIndex: SearchIndex;
}
