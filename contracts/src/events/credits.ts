/**
 * Events of the credit ledger: stream `credits-<userId>`. Every movement carries its amount, the
 * balance after it, a reason, the actor and a reference (submission, export, payment or operator).
 */
export interface Movement {
  userId: string;
  amount: number;
  balanceAfter: number;
  reason: string;
  actor: string;
  reference: string | null;
}
export type CreditsGranted = { type: 'CreditsGranted'; data: Movement & { grantKind: 'starting' | 'operator' } };
export type CreditsPurchased = { type: 'CreditsPurchased'; data: Movement & { paymentId: string; productId: string } };
export type CreditsSpent = { type: 'CreditsSpent'; data: Movement & { spendKind: 'vc_application' | 'angel_export' } };
export type CreditsRefunded = { type: 'CreditsRefunded'; data: Movement };
export type CreditEvent = CreditsGranted | CreditsPurchased | CreditsSpent | CreditsRefunded;
export const CREDIT_EVENT_TYPES = ['CreditsGranted', 'CreditsPurchased', 'CreditsSpent', 'CreditsRefunded'] as const;
export const creditStream = (userId: string) => `credits-${userId}`;
