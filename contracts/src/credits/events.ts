/**
 * Events of the credit ledger: stream `credits-<userId>`. Every movement carries its signed amount
 * (+ in, − out), the balance after it, a reason, the actor and a reference (submission, export,
 * payment or operator).
 */
export interface Movement {
  userId: string;
  amount: number;
  balanceAfter: number;
  reason: string;
  actor: string;
  reference: string | null;
}
export type SpendKind = 'vc_application' | 'angel_export';
export type CreditsGranted = { type: 'CreditsGranted'; data: Movement & { grantKind: 'starting' | 'operator' } };
/**
 * `paymentId` is the provider's payment (checkout session, invoice); `providerEventId` the webhook
 * event that reported it. Either one seen before makes a redelivery a no-op.
 */
export type CreditsPurchased = {
  type: 'CreditsPurchased';
  data: Movement & { paymentId: string; productId: string; providerEventId?: string; quantity?: number; subscriptionId?: string | null };
};
export type CreditsSpent = { type: 'CreditsSpent'; data: Movement & { spendKind: SpendKind } };
export type CreditsRefunded = { type: 'CreditsRefunded'; data: Movement };
export type CreditEvent = CreditsGranted | CreditsPurchased | CreditsSpent | CreditsRefunded;
export const CREDIT_EVENT_TYPES = ['CreditsGranted', 'CreditsPurchased', 'CreditsSpent', 'CreditsRefunded'] as const;
export const CREDIT_STREAM_PREFIX = 'credits-';
export const creditStream = (userId: string) => `${CREDIT_STREAM_PREFIX}${userId}`;
