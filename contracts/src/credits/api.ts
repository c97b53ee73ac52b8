import { z } from 'zod';

export const INSUFFICIENT_CREDITS = 'Insufficient Credits';

const MOVEMENT_KINDS = ['granted', 'purchased', 'spent', 'refunded', 'reversed', 'settled'] as const;
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

const HISTORY_SORTS = ['occurredAt', 'amount', 'balanceAfter', 'kind'] as const;
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
  /** The contact page of a contact-only plan; null for a priced one (bought through POST /api/checkout). */
  contactUrl: z.string().nullable(),
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

/** 402 when a reversed payment left credits owed: spends wait until a purchase covers them. */
export const CREDITS_OWED = 'Credits Owed';
export const creditsOwedMessage = (owed: number) =>
  `A refunded or disputed payment left ${owed} credit${owed === 1 ? '' : 's'} owed. Buy credits to cover ${owed === 1 ? 'it' : 'them'} before spending more.`;

/** POST /api/checkout: a plan or the credit pack (with a quantity). */
export const CheckoutRequest = z.strictObject({
  product: z.string({ error: 'product is required' }).trim().min(1, 'product is required').max(50, 'Unknown product'),
  quantity: z
    .number({ error: 'quantity must be a whole number from 1 to 100' })
    .int('quantity must be a whole number from 1 to 100')
    .min(1, 'quantity must be a whole number from 1 to 100')
    .max(100, 'quantity must be a whole number from 1 to 100')
    .optional(),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

/** GET /api/purchases: the founder's payments with their receipts. */
export const Purchase = z.object({
  paymentId: z.string(),
  product: z.string(),
  credits: z.number().int(),
  amountPaid: z.number().int().nullable(),
  currency: z.string().nullable(),
  purchasedAt: z.string(),
  /** Credits taken back by refunds, chargebacks or disputes. */
  reversedCredits: z.number().int(),
  status: z.enum(['paid', 'partially_refunded', 'refunded', 'disputed']),
  receiptUrl: z.string(),
});
export type Purchase = z.infer<typeof Purchase>;

/** The embedded checkout (no payment provider configured): a test-mode card form on the app's origin. */
/**
 * What every local checkout page says, visibly: it is the embedded test checkout, not a payment
 * provider (a production demo runs it only with ALLOW_TEST_CHECKOUT=1; docs/security.md).
 */
export const TEST_CHECKOUT_NOTICE =
  'This is a test checkout: no real payment is taken and only test cards are accepted.';

export const LocalCheckoutSession = z.object({
  id: z.string(),
  product: z.string(),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['open', 'paid', 'expired']),
  cancelUrl: z.string(),
  successUrl: z.string(),
});
export type LocalCheckoutSession = z.infer<typeof LocalCheckoutSession>;
export const LocalCheckoutPayRequest = z.strictObject({
  cardNumber: z
    .string({ error: 'Card number is required' })
    .trim()
    .min(1, 'Card number is required')
    .max(30, 'Your card number is invalid.'),
  expiry: z
    .string({ error: 'Expiry date is required' })
    .trim()
    .regex(/^(0[1-9]|1[0-2]) ?\/ ?\d{2}$/, 'Expiry date must be written MM / YY'),
  cvc: z
    .string({ error: 'CVC is required' })
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is invalid."),
  name: z
    .string({ error: 'Name on card is required' })
    .trim()
    .min(1, 'Name on card is required')
    .max(200, 'Name on card is too long'),
});
export type LocalCheckoutPayRequest = z.infer<typeof LocalCheckoutPayRequest>;

/** One movement of a ledger as replayed from the event store (operators, auditors, `ledger history`). */
export interface LedgerLine {
  position: number;
  at: string;
  kind: MovementKind | string;
  amount: number;
  /** Running balance recomputed from the amounts. */
  balance: number;
  /** Balance the event recorded (equal to `balance` in a sound ledger). */
  recordedBalance: number;
  reason: string;
  reference: string | null;
  actor: string;
}

/** GET /api/credits/balance and /api/credits: `owed` only when a reversed payment left some. */
type BalanceAnswer = { balance: number; owed?: number };

/** The credits' and payments' routes (merged into `ApiContract`). */
export interface CreditsApi {
  creditsBalance: { GET: { response: BalanceAnswer } };
  credits: { GET: { response: BalanceAnswer } };
  creditsHistory: { GET: { query: z.input<typeof CreditHistoryQuery>; response: CreditHistoryResponse } };
  creditsBalanceHistory: { GET: { response: { points: BalancePoint[] } } };
  plans: { GET: { response: PlansResponse } };
  /** The checkout page to send the founder to. */
  checkout: { POST: { body: z.input<typeof CheckoutRequest>; response: { url: string } } };
  purchases: { GET: { response: { purchases: Purchase[]; owed: number } } };
  localCheckout: { GET: { response: LocalCheckoutSession } };
  localCheckoutPay: { POST: { body: z.input<typeof LocalCheckoutPayRequest>; response: { redirectUrl: string } } };
}
