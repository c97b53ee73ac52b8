import type { CreditPack, PlansResponse, SubscriptionPlan } from '@fp/contracts';

/**
 * The one price list (spec section 9): the pricing page, the checkout and the webhook's
 * amounts all read it. Prices in cents.
 */
interface PlanConfig {
  id: string;
  name: string;
  /** null = unlimited (contact only) */
  credits: number | null;
  /** cents per year; null = contact only */
  price: number | null;
  description: string;
  popular: boolean;
  badge: string | null;
  features: string[];
}

interface PackConfig {
  id: string;
  name: string;
  credits: number;
  price: number;
  bonus: number;
  quantityAdjustable: boolean;
}

export interface Catalog {
  plans: PlanConfig[];
  pack: PackConfig;
}

export const CATALOG: Catalog = {
  plans: [
    {
      id: 'basic',
      name: 'Basic',
      credits: 500,
      price: 59_000,
      description: 'For founders starting their first raise.',
      popular: false,
      badge: null,
      features: ['500 credits per year', '1 credit = 1 VC application', 'Angel investor exports', 'Email support'],
    },
    {
      id: 'pro',
      name: 'Pro',
      credits: 1800,
      price: 150_000,
      description: 'For founders running a full fundraising round.',
      popular: true,
      badge: 'Most Popular',
      features: ['1,800 credits per year', '1 credit = 1 VC application', 'Angel investor exports', 'Priority support'],
    },
    {
      id: 'elite',
      name: 'Elite',
      credits: 4500,
      price: 300_000,
      description: 'For serial founders, studios and accelerators.',
      popular: false,
      badge: 'Best Value',
      features: [
        '4,500 credits per year',
        '1 credit = 1 VC application',
        'Angel investor exports',
        'Dedicated account manager',
        'Custom integrations',
      ],
    },
    {
      id: 'dfy',
      name: 'Full stack DFY',
      credits: null,
      price: null,
      description: 'Done for you: we run your investor outreach end to end.',
      popular: false,
      badge: null,
      features: ['Unlimited applications', 'Outreach run by our team', 'Dedicated account manager'],
    },
  ],
  pack: { id: 'pack', name: 'Credit Pack', credits: 50, price: 9700, bonus: 0, quantityAdjustable: true },
};

/** Dollars per credit, rounded to cents. */
const perCredit = (cents: number, credits: number) => Math.round(cents / credits) / 100;

/** GET /api/plans: the price list. Priced products are bought through a checkout the server makes (POST /api/checkout); the custom plan opens the contact page. */
/** `checkoutHasQuantity`: the checkout lets the buyer change the pack count (Stripe's page does, the local one does not). */
export function plansFor(
  contactUrl: string,
  catalog: Catalog = CATALOG,
  opts: { checkoutHasQuantity?: boolean } = {},
): PlansResponse {
  const { pack } = catalog;
  const packPerCredit = pack.price / pack.credits;
  const plans: SubscriptionPlan[] = catalog.plans.map((p) => {
    const priced = p.price !== null && p.credits !== null;
    const savings = priced ? Math.round((1 - p.price! / p.credits! / packPerCredit) * 100) : 0;
    return {
      id: p.id,
      name: p.name,
      credits: p.credits,
      price: p.price,
      interval: priced ? 'year' : null,
      description: p.description,
      popular: p.popular,
      badge: p.badge,
      savings: savings > 0 ? `Save ${savings}%` : null,
      pricePerCredit: priced ? perCredit(p.price!, p.credits!) : null,
      contactOnly: !priced,
      contactUrl: priced ? null : contactUrl,
      features: p.features,
    };
  });
  const packOut: CreditPack = {
    id: pack.id,
    name: pack.name,
    credits: pack.credits,
    price: pack.price,
    bonus: pack.bonus,
    pricePerCredit: perCredit(pack.price, pack.credits),
    // Promised only when the checkout really has a quantity.
    quantityAdjustable: pack.quantityAdjustable && !!opts.checkoutHasQuantity,
  };
  return { plans, pack: packOut };
}

export type ResolvedPurchase =
  { ok: true; productId: string; credits: number; quantity: number; reason: string } | { ok: false; error: string };

/**
 * What a payment buys, from the amount paid before discounts and taxes (and the product named in the
 * payment's metadata, when the payment link sets one). The amount must match the price list: a
 * plan's exact price, or a whole number of credit packs. Tampering with a link cannot buy more.
 */
export function resolvePurchase(
  input: { product?: string | null; amountSubtotal: number | null | undefined; currency?: string | null },
  catalog: Catalog = CATALOG,
): ResolvedPurchase {
  const amount = input.amountSubtotal;
  if (input.currency && input.currency.toLowerCase() !== 'usd')
    return { ok: false, error: `Unsupported currency: ${input.currency}` };
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)
    return { ok: false, error: 'The payment has no amount' };
  const { pack } = catalog;
  const asPlan = (p: PlanConfig): ResolvedPurchase => ({
    ok: true,
    productId: p.id,
    credits: p.credits!,
    quantity: 1,
    reason: `${p.name} plan: ${p.credits!.toLocaleString('en-US')} credits`,
  });
  const asPack = (): ResolvedPurchase => {
    const quantity = amount / pack.price;
    if (!Number.isInteger(quantity)) return { ok: false, error: 'The amount paid matches no plan or credit pack' };
    const credits = (pack.credits + pack.bonus) * quantity;
    return {
      ok: true,
      productId: pack.id,
      credits,
      quantity,
      reason: `${pack.name}${quantity > 1 ? ` ×${quantity}` : ''}: ${credits.toLocaleString('en-US')} credits`,
    };
  };
  const priced = catalog.plans.filter((p) => p.price !== null && p.credits !== null);
  if (input.product) {
    if (input.product === pack.id) return asPack();
    const plan = priced.find((p) => p.id === input.product);
    if (!plan) return { ok: false, error: `Unknown product: ${input.product}` };
    return plan.price === amount ? asPlan(plan) : { ok: false, error: 'The amount paid does not match the product' };
  }
  const plan = priced.find((p) => p.price === amount);
  return plan ? asPlan(plan) : asPack();
}

export interface CheckoutLine {
  productId: string;
  name: string;
  /** Cents per unit, USD. */
  unitAmount: number;
  quantity: number;
  credits: number;
  /** Plans renew yearly; the pack is a one-time payment. */
  interval: 'year' | null;
}

/** What a checkout sells for a product of the price list; null for an unknown or contact-only one. */
export function checkoutLine(product: string, quantity = 1, catalog: Catalog = CATALOG): CheckoutLine | null {
  const { pack } = catalog;
  if (product === pack.id)
    return {
      productId: pack.id,
      name: pack.name,
      unitAmount: pack.price,
      quantity,
      credits: (pack.credits + pack.bonus) * quantity,
      interval: null,
    };
  const plan = catalog.plans.find((p) => p.id === product && p.price !== null && p.credits !== null);
  if (!plan || quantity !== 1) return null;
  return {
    productId: plan.id,
    name: `${plan.name} plan`,
    unitAmount: plan.price!,
    quantity: 1,
    credits: plan.credits!,
    interval: 'year',
  };
}
