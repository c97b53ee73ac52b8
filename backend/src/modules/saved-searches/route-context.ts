import type { AppContext } from '../../platform/context';
import type { CatalogService } from '../catalog/index';
import type { MailService } from '../mail/index';
import type { SavedSearchesService } from './service';

/** What the saved-searches module's route files receive. */
export type SavedSearchesContext = AppContext & {
  catalog: CatalogService;
  mail: MailService;
  savedSearches: SavedSearchesService;
};
