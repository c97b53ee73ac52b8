import type { CheckoutLine } from '../credits/index';

export interface CheckoutInput {
  userId: string;
  email: string;
  line: CheckoutLine;
  /** Absolute URLs the payment page returns to. */
  successUrl: string;
  cancelUrl: string;
  /**
   * Set for a keyed purchase (Idempotency-Key): the provider answers the same session to the same
   * key, so a purchase sent again never opens a second checkout, even when its answer was lost.
   */
  idempotencyKey?: string;
}

/**
 * The payment provider: creates checkout sessions and, for an operator, refunds a payment. Either
 * way the provider tells the app by a signed webhook (`receive-payment-webhook.ts`), which is the
 * only place credits move. Adapters: Stripe (STRIPE_SECRET_KEY) and the embedded local checkout.
 */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'local';
  /** The secret webhooks are signed with; null when none is configured (webhooks are refused). */
  readonly webhookSecret: string | null;
  createCheckout(input: CheckoutInput): Promise<{ url: string; sessionId: string }>;
  /**
   * Refunds `amount` cents of a payment (all of it when not given); the webhook takes the credits
   * back. Answers the webhook's result when it ran at once (local), null when it comes later (Stripe).
   * A plan (subscription mode) has no payment intent of its own: the provider refunds what paid its invoice.
   */
  refund(payment: PaymentRef, amount?: number): Promise<unknown>;
  /**
   * Which invoice a payment intent or charge paid, asked of the provider when none of its events
   * said so (Stripe's API from 2025-03-31 keeps that link on InvoicePayment objects only, reported
   * by `invoice_payment.paid`, an event an endpoint may not be subscribed to), with the invoice's
   * subscription (a purchase recorded before invoices were kept is found by it). Null when it paid none.
   */
  invoiceOf?(payment: {
    paymentIntentId: string | null;
    chargeId: string | null;
  }): Promise<{ invoiceId: string; subscriptionId: string | null } | null>;
}

/** A purchase as the provider knows it: the checkout session (or renewal invoice), and what paid it. */
interface PaymentRef {
  paymentId: string;
  /** Null for a subscription-mode checkout (Stripe sets `subscription` and `invoice` instead). */
  paymentIntentId: string | null;
  invoiceId: string | null;
}
