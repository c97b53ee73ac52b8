import { DomainError } from '../../platform/decider';
import type { PaymentsContext } from './context';
import { receiptPath } from './send-receipt';

/** What the founder bought (newest first) and the credits a reversed payment left unpaid. */
export async function listPurchases(ctx: Pick<PaymentsContext, 'credits'>, userId: string) {
  const [purchases, owed] = await Promise.all([ctx.credits.purchases(userId, receiptPath), ctx.credits.owed(userId)]);
  return { purchases, owed };
}

/** One purchase's receipt, the owner's only (404 for anyone else's). */
export async function readReceipt(ctx: Pick<PaymentsContext, 'credits'>, userId: string, paymentId: string) {
  const [p] = await ctx.credits.purchases(userId, receiptPath, { paymentId });
  if (!p) throw new DomainError('Purchase not found', 404, 'not_found');
  return p;
}
