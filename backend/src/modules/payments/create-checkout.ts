import { ConcurrencyError } from '@fp/infra';
import type { CheckoutRequest } from '@fp/contracts';
import { appendDecided, DomainError } from '../../platform/decider';
import { answerAppend, keyedRequest, recordedAnswer } from '../../platform/idempotency';
import { metaFor } from '../../platform/context';
import { checkoutLine } from '../credits/index';
import type { PaymentsContext } from './context';

/**
 * A checkout session made on the server for the signed-in founder: Stripe's hosted page, or the
 * local checkout on this origin (`origin` is where the provider sends the founder back to).
 * With an Idempotency-Key the same purchase sent again answers the same session: the provider is
 * given a key of its own (the same session even when this answer was never recorded), and the
 * answer is kept on the key's stream (another product or quantity with the key is a 422).
 */
export async function createCheckout(
  ctx: Pick<PaymentsContext, 'provider' | 'store' | 'clock'>,
  user: { id: string; email: string },
  req: CheckoutRequest,
  origin: string,
  requestKey: string | null = null,
): Promise<{ url: string }> {
  const quantity = req.quantity ?? 1;
  const keyed = keyedRequest(user.id, requestKey, 'checkout', { product: req.product, quantity });
  const first = keyed ? await recordedAnswer<{ url: string }>(ctx.store, keyed) : null;
  if (first) return { url: first.url };
  const line = checkoutLine(req.product, quantity);
  if (!line) throw new DomainError(`Unknown product: ${req.product}`, 400, 'unknown_product');
  // The local checkout is on this very origin: relative return addresses.
  const base = ctx.provider.kind === 'local' ? '' : origin;
  const { url } = await ctx.provider.createCheckout({
    userId: user.id,
    email: user.email,
    line,
    successUrl: `${base}/credits?purchase=success`,
    cancelUrl: `${base}/pricing?purchase=cancelled`,
    // The key's stream names the founder and the key: unique per purchase across every founder.
    idempotencyKey: keyed?.stream,
  });
  if (!keyed) return { url };
  const record = answerAppend(keyed, { url }, metaFor(ctx, user.id));
  try {
    await appendDecided(ctx.store, [record]);
  } catch (err) {
    if (!(err instanceof ConcurrencyError)) throw err;
    // A copy sent at the same time recorded first (the provider gave it this same session).
    return (await recordedAnswer<{ url: string }>(ctx.store, keyed)) ?? { url };
  }
  return { url };
}
