import type { PaymentsContext } from './context';
import { isLocalCheckout } from './local-checkout';

/** Local checkout only: the card holder disputes a payment (with Stripe, disputes come from the bank). */
export async function disputePayment(ctx: Pick<PaymentsContext, 'credits' | 'provider'>, paymentId: string) {
  const provider = ctx.provider;
  if (!isLocalCheckout(provider))
    throw new Error(
      "Disputes come from the card holder's bank through Stripe; this only simulates one on the local checkout",
    );
  const p = await ctx.credits.findPayment({ paymentId });
  if (!p) throw new Error(`No purchase with payment id ${paymentId}`);
  return provider.dispute({ paymentId: p.paymentId });
}
