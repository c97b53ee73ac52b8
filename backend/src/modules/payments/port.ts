import type { CheckoutLine } from '../credits/index';

export interface CheckoutInput {
  userId: string;
  email: string;
  line: CheckoutLine;
  /** Absolute URLs the payment page returns to. */
  successUrl: string;
  cancelUrl: string;
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
   */
  refund(payment: { paymentId: string; paymentIntentId: string }, amount?: number): Promise<unknown>;
}
