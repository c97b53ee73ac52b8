import { moduleContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import type { AccountsDeps } from './context';
import type { AccountsContext } from './route-context';
import { usersProjection } from './projection';
import type { IdentityProvider } from '../../platform/identity/port';
import { accountMailer } from './account-mailer';
import { RECOVERY_PATHS, recoverAccountRoutes } from './recovery-routes';
import { accountRoutes } from './routes';
import { installSignInGate } from './sign-in-gate';
import { createAccountsService, type AccountsService } from './service';

export type { AccountsService } from './service';

/** Registered users and their roles; registration grants the free starting credits once. */
export function createAccountsModule({
  ctx: platform,
  credits,
  identity: makeIdentity,
  mail,
}: AccountsDeps): AppModule<AccountsService> & { identity: IdentityProvider } {
  const identity = makeIdentity(accountMailer(platform, mail));
  const accounts = createAccountsService(moduleContext(platform, { credits, identity }));
  const ctx: AccountsContext = moduleContext(platform, { credits, accounts, identity });
  return {
    name: 'accounts',
    service: accounts,
    identity,
    projections: [usersProjection],
    publicPaths: RECOVERY_PATHS,
    guards: (app) => installSignInGate(app, ctx),
    routes: async (app) => {
      await accountRoutes(app, ctx);
      recoverAccountRoutes(app, ctx);
    },
  };
}
