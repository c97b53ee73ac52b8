import { moduleContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import type { AccountsContext, AccountsDeps } from './context';
import { usersProjection } from './projection';
import { accountRoutes } from './routes';
import { createAccountsService, type AccountsService } from './service';

export { accountDecider } from './decider';
export type { AccountsService } from './service';

/** Registered users and their roles; registration grants the free starting credits once. */
export function createAccountsModule({ ctx: platform, credits }: AccountsDeps): AppModule<AccountsService> {
  const accounts = createAccountsService(moduleContext(platform, { credits }));
  const ctx: AccountsContext = moduleContext(platform, { credits, accounts });
  return {
    name: 'accounts',
    service: accounts,
    projections: [usersProjection],
    routes: (app) => accountRoutes(app, ctx),
  };
}
