import type { CheckoutRequest } from '@fp/contracts';
import { DomainError } from '../../platform/decider';
import { checkoutLine } from '../credits/index';
import type { PaymentsContext } from './context';

/**
 * A checkout session made on the server for the signed-in founder: Stripe's hosted page, or the
 * local checkout on this origin (`origin` is where the provider sends the founder back to).
 */
export async function createCheckout(
  ctx: Pick<PaymentsContext, 'provider'>,
  user: { id: string; email: string },
  req: CheckoutRequest,
  origin: string,
): Promise<{ url: string }> {
  const line = checkoutLine(req.product, req.quantity ?? 1);
  if (!line) throw new DomainError(`Unknown product: ${req.product}`, 400, 'unknown_product');
  // The local checkout is on this very origin: relative return addresses.
  const base = ctx.provider.kind === 'local' ? '' : origin;
  const { url } = await ctx.provider.createCheckout({
    userId: user.id,
    email: user.email,
    line,
    successUrl: `${base}/credits?purchase=success`,
    cancelUrl: `${base}/pricing?purchase=cancelled`,
  });
  return { url };
}
