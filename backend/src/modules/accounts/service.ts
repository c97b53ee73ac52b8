import { userStream, type UserRole } from '@fp/contracts';
import type { AppContext } from '../../platform/context';
import type { CreditsService } from '../credits/index';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import { accountDecider, type AccountCommand } from './decider';
import type { IdentityProvider } from '../../platform/identity/port';

export interface SyncInput {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

export function createAccountsService(ctx: Pick<AppContext, 'store' | 'db' | 'config' | 'projections'> & { credits: CreditsService; identity: IdentityProvider }) {
  /** Decides on the user's stream and answers once the users read model shows it (the session check reads it). */
  const run = async (command: AccountCommand, meta: CommandMeta) => {
    const r = await handleCommand(ctx.store, userStream(command.data.userId), accountDecider, command, meta);
    await ctx.projections.waitFor(r.checkpoint ?? null, 5000).catch(() => undefined);
    return { changed: r.events.length > 0 };
  };
  return {
    /**
     * Registers the user (once) and grants the free starting credits (once). Safe to call any number
     * of times, concurrently: both steps are decided on their own stream with optimistic concurrency.
     */
    async syncUser(input: SyncInput, meta: CommandMeta): Promise<{ isNewUser: boolean; creditBalance: number }> {
      const reg = await handleCommand(ctx.store, userStream(input.userId), accountDecider, { type: 'SyncUser', data: input }, meta, { maxRetries: 50 });
      const isNewUser = reg.events.some((e) => e.type === 'UserRegistered');
      const credits = await ctx.credits.grantStarting(input.userId, ctx.config.freeCredits, meta);
      // Answer once the read models show it, so the next query (balance, /me) agrees with this answer.
      await ctx.projections.waitFor(credits.checkpoint ?? reg.checkpoint ?? null, 5000).catch(() => undefined);
      return { isNewUser, creditBalance: credits.balance };
    },
    async grantAdmin(userId: string, meta: CommandMeta) {
      return this.grantRole(userId, 'admin', meta);
    },
    async grantRole(userId: string, role: UserRole, meta: CommandMeta) {
      return run({ type: 'GrantRole', data: { userId, role } }, meta);
    },
    async revokeRole(userId: string, role: UserRole, meta: CommandMeta) {
      return run({ type: 'RevokeRole', data: { userId, role } }, meta);
    },
    /** Refuses the account's sign-ins and ends its sessions at once (the session check reads the read model). */
    async disable(userId: string, reason: string, meta: CommandMeta) {
      const r = await run({ type: 'DisableAccount', data: { userId, reason } }, meta);
      await ctx.identity.revokeSessions(userId);
      return r;
    },
    async enable(userId: string, meta: CommandMeta) {
      return run({ type: 'EnableAccount', data: { userId } }, meta);
    },
    async recordSignIn(userId: string, meta: CommandMeta) {
      await handleCommand(ctx.store, userStream(userId), accountDecider, { type: 'RecordSignIn', data: { userId } }, meta, { maxRetries: 50 });
    },
    /** The account stream as it happened: registrations, role grants and revocations, disabling, sign-ins. */
    async history(userId: string) {
      const { events } = await ctx.store.readStream(userStream(userId));
      return events.map((e) => ({ position: e.streamPosition, at: e.metadata.now ?? e.createdAt, actor: e.metadata.actor ?? null, type: e.type, data: e.data as Record<string, unknown> }));
    },
    async isRegistered(userId: string) {
      const { revision } = await ctx.store.readStream(userStream(userId));
      return revision >= 0;
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
