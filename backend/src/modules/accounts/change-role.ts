import type { UserRole } from '@fp/contracts';
import type { CommandMeta } from '../../platform/decider';
import type { AccountsServiceContext } from './context';
import { runAccountCommand } from './run-account-command';

/** Gives a user a role (an operator's act; the actor is in `meta`). */
export function grantRole(ctx: AccountsServiceContext, userId: string, role: UserRole, meta: CommandMeta) {
  return runAccountCommand(ctx, { type: 'GrantRole', data: { userId, role } }, meta);
}

/** Takes a role back from a user. */
export function revokeRole(ctx: AccountsServiceContext, userId: string, role: UserRole, meta: CommandMeta) {
  return runAccountCommand(ctx, { type: 'RevokeRole', data: { userId, role } }, meta);
}
