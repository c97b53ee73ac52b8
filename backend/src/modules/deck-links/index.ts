import { moduleContext, type AppContext } from '../../platform/context';
import { dailyJob } from '../../platform/daily-job';
import type { IdentityProvider } from '../../platform/identity/port';
import type { AppModule } from '../../platform/module';
import type { FileStorage } from '../../platform/storage/index';
import type { MailService } from '../mail/index';
import type { ProfileService } from '../profile/index';
import type { SecurityService } from '../security/index';
import { DEFAULT_VIEWER_LIMITS, type DeckViewerLimits } from './context';
import type { DeckLinksContext } from './route-context';
import { firstVisitNotifier } from './first-visit-notifier';
import { deckLinksProjection } from './projection';
import { deckLinksRoutes } from './routes';
import { deckRoomsProjection } from './room-projection';
import { deckRoomRoutes } from './room-routes';
import { createDeckLinksService, type DeckLinksService } from './service';
import { deckViewerRoutes, VIEWER_PATHS } from './viewer-routes';

export type { DeckLinksService } from './service';

export interface DeckLinksDeps {
  ctx: AppContext;
  profile: ProfileService;
  /** The founder's own session is recognised on the public viewer (their visits are not counted). */
  identity: IdentityProvider;
  /** Its counter store rate-limits the public viewer per client address. */
  security: SecurityService;
  /** A link's first visit is e-mailed to its founder (unless switched off in Settings). */
  mail: MailService;
  /** Data rooms' documents are stored here (as the pitch deck is). */
  storage: FileStorage;
  /** Days visit data (e-mail, page times) is kept in the read models (DECK_VISIT_RETENTION_DAYS). */
  retentionDays?: number;
  limits?: Partial<DeckViewerLimits>;
  pollMs?: number;
}

/** Tracked links to the founder's pitch deck, the public viewer and its reading analytics (docs/deck-links.md). */
export function createDeckLinksModule({
  ctx: platform,
  profile,
  identity,
  security,
  mail,
  storage,
  retentionDays = 365,
  limits,
  pollMs = 60_000,
}: DeckLinksDeps): AppModule<DeckLinksService> {
  const deckLinks = createDeckLinksService(moduleContext(platform, { profile, mail, retentionDays, storage }));
  const ctx: DeckLinksContext = moduleContext(platform, {
    profile,
    identity,
    security,
    deckLinks,
    limits: { ...DEFAULT_VIEWER_LIMITS, ...limits },
  });
  return {
    name: 'deckLinks',
    service: deckLinks,
    projections: [
      deckLinksProjection({ retentionDays, now: () => platform.clock.now() }),
      deckRoomsProjection,
      firstVisitNotifier(mail, { appUrl: platform.config.publicUrl, retentionDays, now: () => platform.clock.now() }),
    ],
    publicPaths: VIEWER_PATHS,
    routes: (app) => {
      deckLinksRoutes(app, ctx);
      deckRoomRoutes(app, ctx);
      deckViewerRoutes(app, ctx);
    },
    start: dailyJob('deck-links', platform.clock, deckLinks.job, pollMs),
  };
}
