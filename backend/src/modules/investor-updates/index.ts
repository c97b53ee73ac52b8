import { moduleContext, type AppContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import type { DeckLinksService } from '../deck-links/index';
import type { MailService } from '../mail/index';
import type { PipelineService } from '../pipeline/index';
import type { ProfileService } from '../profile/index';
import type { InvestorUpdatesContext } from './route-context';
import { investorUpdatesProjection } from './projection';
import { investorUpdatesRoutes } from './routes';
import { createInvestorUpdatesService, type InvestorUpdatesService } from './service';

export type { InvestorUpdatesService } from './service';

export interface InvestorUpdatesDeps {
  ctx: AppContext;
  profile: ProfileService;
  pipeline: PipelineService;
  deckLinks: DeckLinksService;
  mail: MailService;
}

/** The founder's monthly investor updates: drafts from a template, a preview per recipient, one Send (docs/investor-updates.md). */
export function createInvestorUpdatesModule({
  ctx: platform,
  profile,
  pipeline,
  deckLinks,
  mail,
}: InvestorUpdatesDeps): AppModule<InvestorUpdatesService> {
  const updates = createInvestorUpdatesService(moduleContext(platform, { profile, pipeline, deckLinks, mail }));
  const ctx: InvestorUpdatesContext = moduleContext(platform, { updates });
  return {
    name: 'investorUpdates',
    service: updates,
    projections: [investorUpdatesProjection],
    routes: (app) => investorUpdatesRoutes(app, ctx),
  };
}
