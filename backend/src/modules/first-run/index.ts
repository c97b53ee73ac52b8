import { moduleContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import type { FirstRunContext, FirstRunDeps } from './context';
import { firstRunRoutes } from './routes';
import { createFirstRunService, type FirstRunService } from './service';

export type { FirstRunService } from './service';
export type { FirstRunDeps } from './context';

/** The founder's first hour: the dashboard's checklist, ticked from the server's state. */
export function createFirstRunModule({
  ctx: platform,
  profile,
  credits,
  submissions,
}: FirstRunDeps): AppModule<FirstRunService> {
  const ctx: FirstRunContext = moduleContext(platform, { profile, credits, submissions });
  const service = createFirstRunService(ctx);
  return { name: 'firstRun', service, routes: (app) => firstRunRoutes(app, ctx, service) };
}
