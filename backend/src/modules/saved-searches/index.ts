import { moduleContext, type AppContext } from '../../platform/context';
import { startDailyJob } from '../../platform/daily-job';
import type { AppModule } from '../../platform/module';
import type { CatalogService } from '../catalog/index';
import type { MailService } from '../mail/index';
import { savedSearchesProjection } from './projection';
import { savedSearchesRoutes } from './routes';
import { createSavedSearchesService, type SavedSearchesService } from './service';

export { savedSearchesDecider } from './decider';
export type { SavedSearchesService } from './service';

export interface SavedSearchesDeps {
  ctx: AppContext;
  catalog: CatalogService;
  mail: MailService;
  /** How often the new-match e-mail job looks whether a new day has begun (ms). */
  pollMs?: number;
}

/** What the saved-searches module's files receive. */
export type SavedSearchesContext = AppContext & {
  catalog: CatalogService;
  mail: MailService;
  savedSearches: SavedSearchesService;
};

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
    start: async () => startDailyJob('saved-searches', platform.clock, savedSearches.notifyNewMatches, pollMs),
  };
}
