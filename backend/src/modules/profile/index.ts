import type { ProfileDeps } from './context';
import type { ProfileContext } from './route-context';
import { moduleContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import { pitchDecksProjection } from './deck-projection';
import { pitchDeckRoutes } from './deck-routes';
import { founderDocumentsProjection } from './documents-projection';
import { founderDocumentRoutes } from './documents-routes';
import { startupProfilesProjection } from './projection';
import { profileAnswersProjection } from './answers-projection';
import { answersRoutes } from './answers-routes';
import { profileRoutes } from './routes';
import { standingChoicesRoutes } from './standing-choices-routes';
import { createProfileService, type ProfileService } from './service';

export type { ProfileService } from './service';
export type { ProfileDeps } from './context';
/** The founder's startup profile and pitch deck file (docs/profile.md). */
export function createProfileModule({ ctx: platform, storage }: ProfileDeps): AppModule<ProfileService> {
  const profile = createProfileService(moduleContext(platform, { storage }));
  const ctx: ProfileContext = moduleContext(platform, { profile });
  return {
    name: 'profile',
    service: profile,
    projections: [
      startupProfilesProjection,
      pitchDecksProjection,
      founderDocumentsProjection,
      profileAnswersProjection,
    ],
    routes: (app) => {
      profileRoutes(app, ctx);
      pitchDeckRoutes(app, ctx);
      founderDocumentRoutes(app, ctx);
      answersRoutes(app, ctx);
      standingChoicesRoutes(app, ctx);
    },
  };
}
