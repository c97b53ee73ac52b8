import type { AppContext } from '../../platform/context';
import type { FileStorage } from '../../platform/storage/index';
import type { MailService } from '../mail/index';
import type { ProfileService } from '../profile/index';

/** How hard the public viewer may be used, per client address (windows in ms). */
export interface DeckViewerLimits {
  /** Any viewer call (page loads, reports, files). */
  requestsPerMinute: number;
  /** Visits started, per `windowMs`. */
  visitsPerWindow: number;
  /** Wrong passcodes for one link, per `windowMs`. */
  passcodeFailuresPerWindow: number;
  /** One-time codes sent, per `windowMs` (each link and e-mail also has its own limit: the code decider's). */
  codeSendsPerWindow: number;
  windowMs: number;
}

export const DEFAULT_VIEWER_LIMITS: DeckViewerLimits = {
  requestsPerMinute: 300,
  visitsPerWindow: 30,
  passcodeFailuresPerWindow: 10,
  codeSendsPerWindow: 10,
  windowMs: 10 * 60_000,
};

/** What the deck-links service's files receive. */
export type DeckLinksServiceContext = Pick<
  AppContext,
  'store' | 'db' | 'projections' | 'newId' | 'config' | 'clock'
> & {
  profile: ProfileService;
  /** One-time codes to viewers and the founders' daily digests. */
  mail: MailService;
  retentionDays: number;
  /** Data rooms' documents (the files port the pitch deck is stored through). */
  storage: FileStorage;
};
