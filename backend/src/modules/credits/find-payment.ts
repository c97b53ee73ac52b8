import { sql } from 'kysely';
import type { CreditsServiceContext } from './context';

/**
 * The purchase a provider's payment id names, or else the one its payment intent or invoice
 * names (refunds and disputes name the intent; a plan, paid in subscription mode, has only its invoice).
 */
export async function findPayment(
  ctx: Pick<CreditsServiceContext, 'db'>,
  ref: {
    paymentId?: string;
    paymentIntentId?: string | null;
    invoiceId?: string | null;
    subscriptionId?: string | null;
  },
) {
  let q = ctx.db.selectFrom('credit_payments').selectAll();
  if (ref.paymentId) q = q.where('payment_id', '=', ref.paymentId);
  else {
    const { paymentIntentId, invoiceId, subscriptionId } = ref;
    if (!paymentIntentId && !invoiceId && !subscriptionId) return null;
    q = q.where((eb) =>
      eb.or([
        ...(paymentIntentId ? [eb('payment_intent_id', '=', paymentIntentId)] : []),
        // A renewal's payment id is its invoice (so one recorded before invoices were kept is found too).
        ...(invoiceId ? [eb('invoice_id', '=', invoiceId), eb('payment_id', '=', invoiceId)] : []),
        // A subscription's first purchase when its checkout did not name the invoice (API versions before 2022-08-01).
        ...(subscriptionId
          ? [
              eb.and([
                eb('subscription_id', '=', subscriptionId),
                eb('invoice_id', 'is', null),
                eb('payment_intent_id', 'is', null),
              ]),
            ]
          : []),
      ]),
    );
  }
  // The exact matches (intent, invoice) before the subscription's fallback.
  const row = await q
    .orderBy(sql`invoice_id is null and payment_intent_id is null and payment_id <> ${ref.invoiceId ?? ''}`)
    .executeTakeFirst();
  return row
    ? {
        paymentId: row.payment_id as string,
        userId: row.user_id as string,
        credits: row.credits as number,
        amountPaid: row.amount_paid as number | null,
        reversedCredits: row.reversed_credits as number,
        paymentIntentId: row.payment_intent_id as string | null,
        invoiceId: row.invoice_id as string | null,
        subscriptionId: row.subscription_id as string | null,
      }
    : null;
}
