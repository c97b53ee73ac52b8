import { moduleContext } from '../../platform/context';
import { dailyJob } from '../../platform/daily-job';
import type { AppModule } from '../../platform/module';
import type { SavedSearchesDeps } from './context';
import type { SavedSearchesContext } from './route-context';
import { savedSearchesProjection } from './projection';
import { savedSearchesRoutes } from './routes';
import { createSavedSearchesService, type SavedSearchesService } from './service';

export type { SavedSearchesService } from './service';
export type { SavedSearchesDeps } from './context';

/** Saved searches of the VC and angel databases, with how many investors are new since each was last opened (docs/pipeline.md). */
export function createSavedSearchesModule({
  ctx: platform,
  catalog,
  mail,
  pollMs = 60_000,
}: SavedSearchesDeps): AppModule<SavedSearchesService> {
  const savedSearches = createSavedSearchesService(moduleContext(platform, { catalog, mail }));
  const ctx: SavedSearchesContext = moduleContext(platform, { catalog, mail, savedSearches });
  return {
    name: 'savedSearches',
    service: savedSearches,
    projections: [savedSearchesProjection],
    routes: (app) => savedSearchesRoutes(app, ctx),
    start: dailyJob('saved-searches', platform.clock, savedSearches.notifyNewMatches, pollMs),
  };
}
