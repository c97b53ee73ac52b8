import type { AppContext } from '../../platform/context';
import type { DeckLinksService } from '../deck-links/index';
import type { MailService } from '../mail/index';
import type { PipelineService } from '../pipeline/index';
import type { ProfileService } from '../profile/index';

/** What the investor-updates use cases receive: the platform and the services they use. */
export type InvestorUpdatesServiceContext = Pick<
  AppContext,
  'store' | 'db' | 'projections' | 'newId' | 'clock' | 'config'
> & {
  profile: ProfileService;
  pipeline: PipelineService;
  deckLinks: DeckLinksService;
  mail: MailService;
};
