import { moduleContext, type AppContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import type { CatalogService } from '../catalog/index';
import { savedSearchesProjection } from './projection';
import { savedSearchesRoutes } from './routes';
import { createSavedSearchesService, type SavedSearchesService } from './service';

export { savedSearchesDecider } from './decider';
export type { SavedSearchesService } from './service';

export interface SavedSearchesDeps {
  ctx: AppContext;
  catalog: CatalogService;
}

/** What the saved-searches module's files receive. */
export type SavedSearchesContext = AppContext & { catalog: CatalogService; savedSearches: SavedSearchesService };

/** Saved searches of the VC and angel databases, with how many investors are new since each was last opened (docs/pipeline.md). */
export function createSavedSearchesModule({ ctx: platform, catalog }: SavedSearchesDeps): AppModule<SavedSearchesService> {
  const savedSearches = createSavedSearchesService(moduleContext(platform, { catalog }));
  const ctx: SavedSearchesContext = moduleContext(platform, { catalog, savedSearches });
  return {
    name: 'savedSearches',
    service: savedSearches,
    projections: [savedSearchesProjection],
    routes: (app) => savedSearchesRoutes(app, ctx),
  };
}
