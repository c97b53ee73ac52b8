import type { SubmissionActivities, SubmissionRun, WorkflowEngine } from '@fp/workflows';
import type { AppContext } from '../../platform/context';
import type { FileStorage } from '../../platform/storage/index';
import type { MailService } from '../mail/index';
import type { CatalogService } from '../catalog/index';
import type { CreditsService } from '../credits/index';
import type { ProfileService } from '../profile/index';
import type { DeckLinksService } from '../deck-links/index';

/** How the composition root gives the worker its workflow engine (DBOS embedded, or Temporal). */
export type EngineFactory = (opts: {
  concurrency: number;
  activities: SubmissionActivities;
  stopLocal: (run: SubmissionRun) => void;
  log: (m: string) => void;
}) => Promise<WorkflowEngine & { ensureLaunched?(): Promise<void> }>;

/** What submissions need from outside, passed by the composition root. */
export interface SubmissionsDeps {
  ctx: AppContext;
  credits: CreditsService;
  profile: ProfileService;
  catalog: CatalogService;
  /** For the "applications finished" e-mail. */
  mail: MailService;
  /** The workflow engine adapter, chosen by the composition root. */
  engine: EngineFactory;
  /** File storage: the proof of each attempt (screenshot, page HTML). */
  storage: FileStorage;
  /** Tracked deck links: each application's own link goes where a form asks for a link to the deck. */
  deckLinks: DeckLinksService;
}

/** What the submissions module's files receive: the platform and the services it uses, by name. */
export type SubmissionsContext = AppContext &
  Pick<SubmissionsDeps, 'credits' | 'profile' | 'catalog' | 'storage' | 'deckLinks'>;
