/**
 * Events of the credit ledger: stream `credits-<userId>`. Every movement carries its signed amount
 * (+ in, − out), the balance after it, a reason, the actor and a reference (submission, export,
 * payment or operator).
 */
interface Movement {
  userId: string;
  amount: number;
  balanceAfter: number;
  reason: string;
  actor: string;
  reference: string | null;
}
export type SpendKind = 'vc_application' | 'angel_export';
type CreditsGranted = { type: 'CreditsGranted'; data: Movement & { grantKind: 'starting' | 'operator' } };
/**
 * `paymentId` is the provider's payment (checkout session, invoice); `providerEventId` the webhook
 * event that reported it. Either one seen before makes a redelivery a no-op.
 */
type CreditsPurchased = {
  type: 'CreditsPurchased';
  data: Movement & {
    paymentId: string;
    productId: string;
    providerEventId?: string;
    quantity?: number;
    subscriptionId?: string | null;
    /** The provider's payment intent (refunds and disputes name it) and what was paid, in cents. */
    paymentIntentId?: string | null;
    amountPaid?: number | null;
    currency?: string | null;
    /**
     * The provider's invoice: a plan is a subscription-mode checkout with no payment intent, so its
     * refunds and disputes find it through the invoice their charge paid.
     */
    invoiceId?: string | null;
  };
};
export type ReversalKind = 'refund' | 'chargeback' | 'dispute';
/**
 * A refunded, charged-back or disputed payment takes its credits back. When some were already
 * spent, the balance goes to zero (never below): `amount` is what was taken (0 or negative) and
 * the rest is owed (`owedAfter`), blocking spends until a later purchase or grant covers it.
 */
type CreditsReversed = {
  type: 'CreditsReversed';
  data: Movement & {
    paymentId: string;
    reversal: ReversalKind;
    credits: number;
    owedAfter: number;
    providerEventId: string;
  };
};
/** Credits coming in after a reversal first cover what is owed (`amount` negative). */
type CreditsOwedSettled = { type: 'CreditsOwedSettled'; data: Movement & { owedAfter: number } };
type CreditsSpent = { type: 'CreditsSpent'; data: Movement & { spendKind: SpendKind } };
type CreditsRefunded = { type: 'CreditsRefunded'; data: Movement };
export type CreditEvent =
  CreditsGranted | CreditsPurchased | CreditsSpent | CreditsRefunded | CreditsReversed | CreditsOwedSettled;
export const CREDIT_EVENT_TYPES = [
  'CreditsGranted',
  'CreditsPurchased',
  'CreditsSpent',
  'CreditsRefunded',
  'CreditsReversed',
  'CreditsOwedSettled',
] as const;
/** How each event reads in a ledger (founders' history, the auditor's replay). */
export const MOVEMENT_KIND_OF = {
  CreditsGranted: 'granted',
  CreditsPurchased: 'purchased',
  CreditsSpent: 'spent',
  CreditsRefunded: 'refunded',
  CreditsReversed: 'reversed',
  CreditsOwedSettled: 'settled',
} as const satisfies Record<CreditEvent['type'], string>;
export const CREDIT_STREAM_PREFIX = 'credits-';
export const creditStream = (userId: string) => `${CREDIT_STREAM_PREFIX}${userId}`;
