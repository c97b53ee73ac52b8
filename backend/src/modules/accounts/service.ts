import { userStream } from '@fp/contracts';
import type { AppContext } from '../../platform/context';
import type { CreditsService } from '../credits/index';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import { accountDecider } from './decider';

export interface SyncInput {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

export function createAccountsService(ctx: Pick<AppContext, 'store' | 'db' | 'config' | 'projections'> & { credits: CreditsService }) {
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
      const r = await handleCommand(ctx.store, userStream(userId), accountDecider, { type: 'GrantAdmin', data: { userId } }, meta);
      await ctx.projections.waitFor(r.checkpoint ?? null, 5000).catch(() => undefined);
      return { changed: r.events.length > 0 };
    },
    async isRegistered(userId: string) {
      const { revision } = await ctx.store.readStream(userStream(userId));
      return revision >= 0;
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
