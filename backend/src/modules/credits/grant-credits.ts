import type { CommandMeta } from '../../platform/decider';
import type { CommandResult } from './command-queue';
import type { CreditsServiceContext } from './context';

/** Operator grant; `meta.actor` is recorded as the actor. */
export function grantCredits(
  ctx: Pick<CreditsServiceContext, 'queue'>,
  userId: string,
  grant: { amount: number; reason: string; reference: string | null },
  meta: CommandMeta,
): Promise<CommandResult> {
  return ctx.queue.submit(userId, { type: 'GrantCredits', data: { userId, ...grant } }, meta);
}

/** The free starting credit, once per user (a no-op afterwards or when `amount` is 0). */
export function grantStartingCredits(
  ctx: Pick<CreditsServiceContext, 'queue'>,
  userId: string,
  amount: number,
  meta: CommandMeta,
): Promise<CommandResult> {
  return ctx.queue.submit(userId, { type: 'GrantStartingCredits', data: { userId, amount } }, meta);
}
