import type { Module } from '../../platform/module';
import { usersProjection } from './projection';
import { accountRoutes } from './routes';
import { createAccountsService, type AccountsService } from './service';

export { accountDecider } from './decider';
export type { AccountsService } from './service';

declare module '../../platform/context' {
  interface Services {
    accounts: AccountsService;
  }
}

export const accountsModule: Module = {
  name: 'accounts',
  projections: () => [usersProjection],
  init: (ctx) => {
    ctx.services.accounts = createAccountsService(ctx);
  },
  routes: accountRoutes,
};
