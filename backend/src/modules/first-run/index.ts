import { moduleContext, type AppContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import type { CreditsService } from '../credits/index';
import type { ProfileService } from '../profile/index';
import type { SubmissionsService } from '../submissions/index';
import { firstRunRoutes } from './routes';
import { createFirstRunService, type FirstRunService } from './service';

export type { FirstRunService } from './service';

export interface FirstRunDeps {
  ctx: AppContext;
  profile: ProfileService;
  credits: CreditsService;
  submissions: SubmissionsService;
}

/** The founder's first hour (issue 24): the dashboard's checklist, ticked from the server's state. */
export function createFirstRunModule({
  ctx: platform,
  profile,
  credits,
  submissions,
}: FirstRunDeps): AppModule<FirstRunService> {
  const ctx = moduleContext(platform, { profile, credits, submissions });
  const service = createFirstRunService(ctx);
  return { name: 'firstRun', service, routes: (app) => firstRunRoutes(app, ctx, service) };
}
