import type { CommandMeta } from '../../platform/decider';
import type { CommandResult } from './command-queue';
import type { CreditsServiceContext } from './context';

export interface PurchaseInput {
  amount: number;
  paymentId: string;
  productId: string;
  reason: string;
  providerEventId?: string;
  quantity?: number;
  subscriptionId?: string | null;
  paymentIntentId?: string | null;
  /** The provider's invoice (plans: the subscription's invoice; refunds of a plan find it by this). */
  invoiceId?: string | null;
  amountPaid?: number | null;
  currency?: string | null;
}

/** Credits a payment once (by payment id and provider event id). */
export function purchaseCredits(
  ctx: Pick<CreditsServiceContext, 'queue'>,
  userId: string,
  input: PurchaseInput,
  meta: CommandMeta,
): Promise<CommandResult> {
  return ctx.queue.submit(userId, { type: 'PurchaseCredits', data: { userId, ...input } }, meta);
}
