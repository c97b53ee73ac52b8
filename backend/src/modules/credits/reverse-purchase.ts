import type { ReversalKind } from '@fp/contracts';
import type { CommandMeta } from '../../platform/decider';
import type { CommandResult } from './command-queue';
import type { CreditsServiceContext } from './context';

export interface ReverseInput {
  paymentId: string;
  /** Credits the provider's refunds or dispute now cover in all (cumulative). */
  reversedTotal: number;
  reversal: ReversalKind;
  providerEventId: string;
  reason: string;
}

/** Takes back a refunded, charged-back or disputed payment's credits (once per provider event). */
export function reversePurchase(
  ctx: Pick<CreditsServiceContext, 'queue'>,
  userId: string,
  input: ReverseInput,
  meta: CommandMeta,
): Promise<CommandResult> {
  return ctx.queue.submit(userId, { type: 'ReversePurchase', data: { userId, ...input } }, meta);
}
