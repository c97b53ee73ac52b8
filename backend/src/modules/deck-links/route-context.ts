import type { AppContext } from '../../platform/context';
import type { IdentityProvider } from '../../platform/identity/port';
import type { ProfileService } from '../profile/index';
import type { SecurityService } from '../security/index';
import type { DeckLinksService } from './service';
import type { DeckViewerLimits } from './context';

/** What the deck-links module's route files receive. */
export type DeckLinksContext = AppContext & {
  profile: ProfileService;
  identity: IdentityProvider;
  security: SecurityService;
  deckLinks: DeckLinksService;
  limits: DeckViewerLimits;
};
