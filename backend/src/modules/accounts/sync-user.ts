import { userStream, type SyncUserResponse } from '@fp/contracts';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import type { AccountsServiceContext } from './context';
import { accountDecider } from './account-decider';

export interface SyncInput {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/**
 * Registers the user (once) and grants the free starting credits (once). Safe to call any number
 * of times, concurrently: both steps are decided on their own stream with optimistic concurrency.
 */
export async function syncUser(
  ctx: AccountsServiceContext,
  input: SyncInput,
  meta: CommandMeta,
): Promise<SyncUserResponse> {
  const reg = await handleCommand(
    ctx.store,
    userStream(input.userId),
    accountDecider,
    { type: 'SyncUser', data: input },
    meta,
    { maxRetries: 50 },
  );
  const isNewUser = reg.events.some((e) => e.type === 'UserRegistered');
  const credits = await ctx.credits.grantStarting(input.userId, ctx.config.freeCredits, meta);
  // Answer once the read models show it, so the next query (balance, /me) agrees with this answer.
  await ctx.projections.waitFor(credits.checkpoint ?? reg.checkpoint ?? null, 5000).catch(() => undefined);
  return { isNewUser, creditBalance: credits.balance };
}
