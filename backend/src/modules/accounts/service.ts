import type { UserRole } from '@fp/contracts';
import type { CommandMeta } from '../../platform/decider';
import { grantRole, revokeRole } from './change-role';
import type { AccountsServiceContext } from './context';
import { disableAccount, enableAccount } from './disable-account';
import {
  accountEmails,
  accountHistory,
  countAccounts,
  findAccountByEmail,
  isRegistered,
  readAccount,
  searchAccounts,
} from './queries';
import { recordSignIn } from './record-sign-in';
import { syncUser, type SyncInput } from './sync-user';

export type { SyncInput } from './sync-user';

/** Registered users and their roles: the accounts module's public face. */
export function createAccountsService(ctx: AccountsServiceContext) {
  return {
    syncUser: (input: SyncInput, meta: CommandMeta) => syncUser(ctx, input, meta),
    grantAdmin: (userId: string, meta: CommandMeta) => grantRole(ctx, userId, 'admin', meta),
    grantRole: (userId: string, role: UserRole, meta: CommandMeta) => grantRole(ctx, userId, role, meta),
    revokeRole: (userId: string, role: UserRole, meta: CommandMeta) => revokeRole(ctx, userId, role, meta),
    disable: (userId: string, reason: string, meta: CommandMeta) => disableAccount(ctx, userId, reason, meta),
    enable: (userId: string, meta: CommandMeta) => enableAccount(ctx, userId, meta),
    recordSignIn: (userId: string, meta: CommandMeta) => recordSignIn(ctx, userId, meta),
    history: (userId: string) => accountHistory(ctx, userId),
    search: (q: { text: string; page: number; limit: number }) => searchAccounts(ctx, q),
    get: (userId: string) => readAccount(ctx, userId),
    findByEmail: (email: string) => findAccountByEmail(ctx, email),
    emails: (userIds: string[]) => accountEmails(ctx, userIds),
    counts: () => countAccounts(ctx),
    isRegistered: (userId: string) => isRegistered(ctx, userId),
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
