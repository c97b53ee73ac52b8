import { formatUsd, PlansResponse } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { CATALOG, plansFor, resolvePurchase } from './plans';

describe('price list (spec section 9)', () => {
  const { plans, pack } = plansFor('mailto:hello@example.com');

  it('has Basic, Pro, Elite and Full stack DFY at the spec prices and per-credit figures', () => {
    expect(PlansResponse.parse({ plans, pack })).toBeTruthy();
    expect(plans.map((p) => [p.name, p.credits, p.price, p.pricePerCredit, p.interval])).toEqual([
      ['Basic', 500, 59_000, 1.18, 'year'],
      ['Pro', 1800, 150_000, 0.83, 'year'],
      ['Elite', 4500, 300_000, 0.67, 'year'],
      ['Full stack DFY', null, null, null, null],
    ]);
    expect(plans.map((p) => formatUsd(p.price ?? 0))).toEqual(['$590', '$1,500', '$3,000', '$0']);
  });

  it('marks Pro Most Popular (with priority support) and Elite Best Value (with a dedicated account manager and custom integrations)', () => {
    const [basic, pro, elite, dfy] = plans;
    expect(plans.filter((p) => p.popular).map((p) => p.id)).toEqual(['pro']);
    expect(pro!.badge).toBe('Most Popular');
    expect(pro!.features).toContain('Priority support');
    expect(elite!.badge).toBe('Best Value');
    expect(elite!.features).toEqual(expect.arrayContaining(['Dedicated account manager', 'Custom integrations']));
    expect(basic!.badge).toBeNull();
    expect(dfy).toMatchObject({ contactOnly: true, contactUrl: 'mailto:hello@example.com' });
    expect(dfy!.features).toContain('Unlimited applications');
  });

  it('has the 50-credit pack at $97, $1.94 per credit, no bonus, quantity adjustable', () => {
    // The local checkout has no quantity: nothing is promised; Stripe's page has one.
    expect(pack).toMatchObject({ credits: 50, price: 9700, pricePerCredit: 1.94, bonus: 0, quantityAdjustable: false });
    expect(plansFor('mailto:hello@example.com', undefined, { checkoutHasQuantity: true }).pack.quantityAdjustable).toBe(
      true,
    );
    expect(formatUsd(pack.price)).toBe('$97');
  });

  it('labels the saving against the pack price', () => {
    expect(plans.map((p) => p.savings)).toEqual(['Save 39%', 'Save 57%', 'Save 66%', null]);
  });

  it('links only the custom plan to the contact page: priced products are bought through a server-made checkout', () => {
    expect(plans.map((p) => p.contactUrl)).toEqual([null, null, null, 'mailto:hello@example.com']);
    expect(pack).not.toHaveProperty('paymentLink');
  });
});

describe('what a payment buys', () => {
  it('a plan by its exact price', () => {
    expect(resolvePurchase({ amountSubtotal: 150_000, currency: 'usd' })).toEqual({
      ok: true,
      productId: 'pro',
      credits: 1800,
      quantity: 1,
      reason: 'Pro plan: 1,800 credits',
    });
    expect(resolvePurchase({ amountSubtotal: 59_000 })).toMatchObject({ productId: 'basic', credits: 500 });
    expect(resolvePurchase({ amountSubtotal: 300_000 })).toMatchObject({ productId: 'elite', credits: 4500 });
  });
  it('any whole number of packs', () => {
    expect(resolvePurchase({ amountSubtotal: 9700 })).toEqual({
      ok: true,
      productId: 'pack',
      credits: 50,
      quantity: 1,
      reason: 'Credit Pack: 50 credits',
    });
    expect(resolvePurchase({ amountSubtotal: 29_100 })).toMatchObject({
      productId: 'pack',
      credits: 150,
      quantity: 3,
      reason: 'Credit Pack ×3: 150 credits',
    });
  });
  it('the product named in the metadata, when its price matches', () => {
    expect(resolvePurchase({ product: 'pack', amountSubtotal: 19_400 })).toMatchObject({ credits: 100 });
    expect(resolvePurchase({ product: 'elite', amountSubtotal: 59_000 })).toEqual({
      ok: false,
      error: 'The amount paid does not match the product',
    });
    expect(resolvePurchase({ product: 'dfy', amountSubtotal: 100 })).toEqual({
      ok: false,
      error: 'Unknown product: dfy',
    });
  });
  it('nothing for an amount off the price list, another currency, or no amount', () => {
    expect(resolvePurchase({ amountSubtotal: 5000 })).toEqual({
      ok: false,
      error: 'The amount paid matches no plan or credit pack',
    });
    expect(resolvePurchase({ amountSubtotal: 9700, currency: 'eur' })).toEqual({
      ok: false,
      error: 'Unsupported currency: eur',
    });
    expect(resolvePurchase({ amountSubtotal: null })).toEqual({ ok: false, error: 'The payment has no amount' });
    expect(resolvePurchase({ amountSubtotal: 0 })).toMatchObject({ ok: false });
  });
  it('reads its amounts from the one catalog', () => {
    const cheap = { ...CATALOG, pack: { ...CATALOG.pack, price: 1000, credits: 10, bonus: 2 } };
    expect(resolvePurchase({ amountSubtotal: 2000 }, cheap)).toMatchObject({ credits: 24, quantity: 2 });
  });
});
