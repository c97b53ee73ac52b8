import type { Purchase } from '@fp/contracts';
import type { CreditsServiceContext } from './context';

/** The founder's purchases, newest first (the last 200), with what refunds or disputes took back. */
export async function listPurchases(
  ctx: Pick<CreditsServiceContext, 'db'>,
  userId: string,
  receiptUrl: (paymentId: string) => string,
  only?: { paymentId: string },
): Promise<Purchase[]> {
  let q = ctx.db.selectFrom('credit_payments').selectAll().where('user_id', '=', userId);
  // One receipt by id (however old; always the owner's own).
  if (only) q = q.where('payment_id', '=', only.paymentId);
  const rows = await q.orderBy('purchased_at', 'desc').limit(200).execute();
  return rows.map((r) => ({
    paymentId: r.payment_id,
    product: r.reason,
    credits: r.credits,
    amountPaid: r.amount_paid,
    currency: r.currency,
    purchasedAt: new Date(r.purchased_at).toISOString(),
    reversedCredits: r.reversed_credits,
    status:
      r.reversed_credits === 0
        ? 'paid'
        : r.last_reversal === 'refund'
          ? r.reversed_credits >= r.credits
            ? 'refunded'
            : 'partially_refunded'
          : 'disputed',
    receiptUrl: receiptUrl(r.payment_id),
  }));
}
