import type { PaymentsContext } from './context';
import { intentOfInvoice } from './receive-payment-webhook';

/** An operator's refund: the provider refunds, and its webhook takes the credits back. */
export async function refundPayment(
  ctx: Pick<PaymentsContext, 'db' | 'credits' | 'provider'>,
  paymentId: string,
  amountCents?: number,
) {
  const p = await ctx.credits.findPayment({ paymentId });
  if (!p || (!p.paymentIntentId && !p.invoiceId))
    throw new Error(`No refundable purchase with payment id ${paymentId}`);
  // A plan's checkout has no payment intent: the one that paid its invoice, when an invoice event named it.
  const paymentIntentId = p.paymentIntentId ?? (await intentOfInvoice(ctx, p.invoiceId!));
  return ctx.provider.refund({ paymentId, paymentIntentId, invoiceId: p.invoiceId }, amountCents);
}
