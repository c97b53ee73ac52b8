import type { ReversalKind } from '@fp/contracts';
import Stripe from 'stripe';
import { DomainError } from '../../platform/decider';
import type { PurchaseInput } from '../credits/index';
import { resolvePurchase } from '../credits/index';

/** What a refund or dispute names of the payment it concerns (Stripe's shapes vary by API version). */
export type ChargeRefs = { paymentIntentId: string | null; chargeId: string | null; invoiceId: string | null };
/** A payment as a purchase event tells it; `userId` null when the provider's object names none. */
export type Purchase = {
  userId: string | null;
  paymentId: string;
  product: string | null;
  subtotal: number | null;
  currency: string | null;
  subscriptionId: string | null;
  paymentIntentId: string | null;
  invoiceId: string | null;
};
/** Which invoice (and subscription) a payment intent or charge paid. */
export type InvoiceLink = { invoiceId: string; subscriptionId: string | null; refs: Array<string | null> };

/**
 * What one verified provider event asks of the app, decided from the event alone (no I/O):
 * - `purchase`: a paid checkout session credits its buyer (named by `client_reference_id`);
 * - `renewal`: a subscription's later invoice credits the subscription's owner (looked up);
 * - `link`: an invoice event only records which payment paid which invoice;
 * - `reverse`: a refund or dispute takes back a share of a purchase's credits (`share` of `amount`
 *   refunded, cumulative like Stripe's `amount_refunded`, or all of it);
 * - `ignored`: answered 200 so the provider does not retry it.
 */
export type PaymentDecision =
  | { kind: 'ignored'; reason: string }
  | { kind: 'purchase'; purchase: Purchase }
  | { kind: 'renewal'; link: InvoiceLink | null; purchase: Omit<Purchase, 'userId' | 'product'> }
  | { kind: 'link'; link: InvoiceLink | null; then: { ignored: string } | 'linked' }
  | { kind: 'reverse'; refs: ChargeRefs; reversal: ReversalKind; share: { refunded: number; of: number } | 'all' };

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
/**
 * Fields an endpoint on an API version before 2025-03-31 still receives (Stripe then moved them to
 * InvoicePayment objects): the invoice a charge paid, and the intent and charge that paid an invoice.
 */
type Legacy = {
  invoice?: string | { id: string } | null;
  payment_intent?: string | { id: string } | null;
  charge?: string | { id: string } | null;
  subscription?: string | { id: string } | null;
};
const legacy = (o: object) => o as Legacy;

/** The event, when `signature` is Stripe's for exactly these bytes under `secret` (400 otherwise). */
export function verifyPaymentEvent(raw: Buffer | string, signature: string | undefined, secret: string): Stripe.Event {
  try {
    if (!signature) throw new Error('missing signature');
    return Stripe.webhooks.constructEvent(raw, signature, secret);
  } catch {
    throw new DomainError('Invalid signature', 400, 'invalid_signature');
  }
}

export function decidePaymentEvent(event: Stripe.Event): PaymentDecision {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      // A delayed payment method completes the session unpaid; its async_payment_succeeded event credits it.
      if (s.payment_status !== 'paid') return { kind: 'ignored', reason: `payment status ${s.payment_status}` };
      // Payment mode names its payment intent; subscription mode (the plans) has none, but its
      // subscription and first invoice, which is what a later refund's charge paid.
      return {
        kind: 'purchase',
        purchase: {
          userId: s.client_reference_id,
          paymentId: s.id,
          product: s.metadata?.product ?? null,
          subtotal: s.amount_subtotal,
          currency: s.currency,
          subscriptionId: idOf(s.subscription),
          paymentIntentId: idOf(s.payment_intent),
          invoiceId: idOf(s.invoice),
        },
      };
    }
    case 'invoice.paid': {
      const inv = event.data.object;
      const subscriptionId = idOf(inv.parent?.subscription_details?.subscription ?? legacy(inv).subscription);
      const link = inv.id
        ? { invoiceId: inv.id, subscriptionId, refs: [idOf(legacy(inv).payment_intent), idOf(legacy(inv).charge)] }
        : null;
      // The first invoice of a subscription is paid through its checkout session, credited there.
      if (inv.billing_reason !== 'subscription_cycle')
        return { kind: 'link', link, then: { ignored: `billing reason ${inv.billing_reason}` } };
      if (!inv.id) throw new DomainError('No user matches the subscription', 422, 'unknown_subscription');
      return {
        kind: 'renewal',
        link,
        purchase: {
          paymentId: inv.id,
          subtotal: inv.subtotal,
          currency: inv.currency,
          subscriptionId,
          paymentIntentId: idOf(legacy(inv).payment_intent),
          invoiceId: inv.id,
        },
      };
    }
    case 'invoice_payment.paid': {
      // From API 2025-03-31 on, the only event that says which payment intent (or charge) paid an invoice.
      const p = event.data.object;
      const invoiceId = idOf(p.invoice);
      if (!invoiceId) return { kind: 'ignored', reason: 'invoice payment without an invoice' };
      return {
        kind: 'link',
        link: { invoiceId, subscriptionId: null, refs: [idOf(p.payment.payment_intent), idOf(p.payment.charge)] },
        then: 'linked',
      };
    }
    case 'charge.refunded': {
      const c = event.data.object;
      return {
        kind: 'reverse',
        refs: { paymentIntentId: idOf(c.payment_intent), chargeId: c.id, invoiceId: idOf(legacy(c).invoice) },
        reversal: 'refund',
        share: { refunded: c.amount_refunded, of: c.amount },
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.funds_withdrawn': {
      const d = event.data.object;
      // A dispute withdraws the whole payment from us: all its credits go back (a won dispute is re-granted by an operator).
      return {
        kind: 'reverse',
        refs: { paymentIntentId: idOf(d.payment_intent), chargeId: idOf(d.charge), invoiceId: null },
        reversal: d.reason === 'fraudulent' ? 'chargeback' : 'dispute',
        share: 'all',
      };
    }
    default:
      return { kind: 'ignored', reason: `event type ${event.type}` };
  }
}

/** What the ledger is asked to credit for a purchase (credits from the price list; 422 when none matches). */
export function purchaseInputOf(purchase: Omit<Purchase, 'userId'>, providerEventId: string): PurchaseInput {
  const resolved = resolvePurchase({
    product: purchase.product,
    amountSubtotal: purchase.subtotal,
    currency: purchase.currency,
  });
  if (!resolved.ok) throw new DomainError(resolved.error, 422, 'unknown_product');
  return {
    amount: resolved.credits,
    paymentId: purchase.paymentId,
    productId: resolved.productId,
    reason: resolved.reason,
    providerEventId,
    quantity: resolved.quantity,
    subscriptionId: purchase.subscriptionId,
    paymentIntentId: purchase.paymentIntentId,
    invoiceId: purchase.invoiceId,
    amountPaid: purchase.subtotal,
    currency: purchase.currency,
  };
}

/** Credits a refund or dispute covers in all of a purchase that bought `credits`. */
export function reversedTotalOf(share: { refunded: number; of: number } | 'all', credits: number): number {
  return share === 'all' ? credits : Math.round((credits * share.refunded) / Math.max(1, share.of));
}

export const REVERSAL_LABEL: Record<ReversalKind, string> = {
  refund: 'Refund',
  chargeback: 'Chargeback',
  dispute: 'Dispute',
};
