import { z } from 'zod';

/** GET /api/credits/balance and GET /api/credits */
export const BalanceResponse = z.object({ balance: z.number().int().min(0) });
export type BalanceResponse = z.infer<typeof BalanceResponse>;

export const INSUFFICIENT_CREDITS = 'Insufficient Credits';

/** 402 answer of any call that spends credits the user does not have. */
export const InsufficientCreditsResponse = z.object({ error: z.literal(INSUFFICIENT_CREDITS), message: z.string(), balance: z.number() });
export type InsufficientCreditsResponse = z.infer<typeof InsufficientCreditsResponse>;

export const MOVEMENT_KINDS = ['granted', 'purchased', 'spent', 'refunded'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** One line of a user's ledger: signed amount and the running balance after it. */
export const CreditMovement = z.object({
  id: z.string(),
  /** 0-based position in the user's ledger: the order of movements. */
  position: z.number().int(),
  kind: z.enum(MOVEMENT_KINDS),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.string(),
  reference: z.string().nullable(),
  occurredAt: z.string(),
});
export type CreditMovement = z.infer<typeof CreditMovement>;

export const HISTORY_SORTS = ['occurredAt', 'amount', 'balanceAfter', 'kind'] as const;
export type HistorySort = (typeof HISTORY_SORTS)[number];
export const HISTORY_PAGE_SIZE = 25;

/** GET /api/credits/history query */
export const CreditHistoryQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
  sort: z.enum(HISTORY_SORTS).default('occurredAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type CreditHistoryQuery = z.input<typeof CreditHistoryQuery>;

export const CreditHistoryResponse = z.object({
  movements: z.array(CreditMovement),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  sort: z.enum(HISTORY_SORTS),
  order: z.enum(['asc', 'desc']),
});
export type CreditHistoryResponse = z.infer<typeof CreditHistoryResponse>;

/** GET /api/credits/balance-history: the balance after movements, at most MAX_BALANCE_POINTS, oldest first. */
export const MAX_BALANCE_POINTS = 200;
export const BalancePoint = z.object({ position: z.number().int(), at: z.string(), balance: z.number().int() });
export type BalancePoint = z.infer<typeof BalancePoint>;
export const BalanceHistoryResponse = z.object({ points: z.array(BalancePoint) });
export type BalanceHistoryResponse = z.infer<typeof BalanceHistoryResponse>;

/** Subscription plan (spec section 3): price in cents; contact-only plans have no price and unlimited credits. */
export const SubscriptionPlan = z.object({
  id: z.string(),
  name: z.string(),
  /** null = unlimited */
  credits: z.number().int().nullable(),
  /** cents per year; null = contact only */
  price: z.number().int().nullable(),
  interval: z.literal('year').nullable(),
  description: z.string(),
  popular: z.boolean(),
  /** 'Most Popular', 'Best Value' or null */
  badge: z.string().nullable(),
  /** e.g. 'Save 57%' compared with the credit pack; null when not applicable */
  savings: z.string().nullable(),
  /** dollars per credit, rounded to cents; null when not applicable */
  pricePerCredit: z.number().nullable(),
  contactOnly: z.boolean(),
  /** payment page (carrying the user's reference) or contact page */
  paymentLink: z.string(),
  features: z.array(z.string()),
});
export type SubscriptionPlan = z.infer<typeof SubscriptionPlan>;

export const CreditPack = z.object({
  id: z.string(),
  name: z.string(),
  credits: z.number().int(),
  /** cents */
  price: z.number().int(),
  bonus: z.number().int(),
  pricePerCredit: z.number(),
  quantityAdjustable: z.boolean(),
  paymentLink: z.string(),
});
export type CreditPack = z.infer<typeof CreditPack>;

/** GET /api/plans */
export const PlansResponse = z.object({ plans: z.array(SubscriptionPlan), pack: CreditPack });
export type PlansResponse = z.infer<typeof PlansResponse>;

/** 59000 → '$590', 150000 → '$1,500', 9700 → '$97', 194 → '$1.94'. */
export function formatUsd(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 })}`;
}
