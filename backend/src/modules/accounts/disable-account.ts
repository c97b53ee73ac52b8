import type { CommandMeta } from '../../platform/decider';
import type { AccountsServiceContext } from './context';
import { runAccountCommand } from './run-account-command';

/** Refuses the account's sign-ins and ends its sessions at once (the session check reads the read model). */
export async function disableAccount(ctx: AccountsServiceContext, userId: string, reason: string, meta: CommandMeta) {
  const r = await runAccountCommand(ctx, { type: 'DisableAccount', data: { userId, reason } }, meta);
  await ctx.identity.revokeSessions(userId);
  return r;
}

/** Lets a disabled account sign in again. */
export function enableAccount(ctx: AccountsServiceContext, userId: string, meta: CommandMeta) {
  return runAccountCommand(ctx, { type: 'EnableAccount', data: { userId } }, meta);
}
