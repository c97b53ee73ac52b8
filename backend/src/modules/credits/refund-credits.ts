import type { CommandMeta } from '../../platform/decider';
import type { CommandResult } from './command-queue';
import type { CreditsServiceContext } from './context';

/** Gives back what a reference was charged, once; a no-op for an unknown or already refunded reference. */
export function refundCredits(
  ctx: Pick<CreditsServiceContext, 'queue'>,
  userId: string,
  reference: string,
  reason: string,
  meta: CommandMeta,
): Promise<CommandResult> {
  return ctx.queue.submit(userId, { type: 'RefundCredits', data: { userId, reference, reason } }, meta);
}
