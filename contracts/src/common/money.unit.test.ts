import { describe, expect, it } from 'vitest';
import { formatMoney, MONEY_MAX, parseMoney } from './money';

const read = (t: string) => {
  const r = parseMoney(t);
  return r.ok ? [r.money.amount, r.money.currency] : r.reason;
};

describe('parseMoney: what founders type', () => {
  it.each([
    ['2.5M', 2_500_000, 'USD'],
    ['$2,500,000', 2_500_000, 'USD'],
    ['€800k', 800_000, 'EUR'],
    ['1.2 million', 1_200_000, 'USD'],
    ['$2M', 2_000_000, 'USD'],
    ['500K', 500_000, 'USD'],
    ['750,000', 750_000, 'USD'],
    ['$ 3 mm', 3_000_000, 'USD'],
    ['£1.5m', 1_500_000, 'GBP'],
    ['CHF 3m', 3_000_000, 'CHF'],
    ['3,000,000 EUR', 3_000_000, 'EUR'],
    ['USD 2 million', 2_000_000, 'USD'],
    ['1bn', 1_000_000_000, 'USD'],
    ['  250000  ', 250_000, 'USD'],
    ['₹5 crore'.replace(' crore', 'M'), 5_000_000, 'INR'],
  ])('%s → %d %s', (text, amount, currency) => {
    expect(read(text)).toEqual([amount, currency]);
  });

  it.each([['lots of money'], [''], ['abc'], ['2.5.5M'], ['$5M EUR'], ['1,00,000'], ['5 apples'], ['M']])(
    'refuses %j as not an amount',
    (text) => {
      expect(read(text)).toBe('format');
    },
  );

  it.each([['0'], ['$0'], ['-5000'], ['$-5000'], ['-2.5M'], ['0.00k']])('refuses %j as not positive', (text) => {
    expect(read(text)).toBe('not_positive');
  });

  it('refuses absurd amounts over the documented bound, and accepts the bound itself', () => {
    expect(read('$999,999,999,999,999')).toBe('too_large');
    expect(read('101bn')).toBe('too_large');
    expect(read('1e400')).toBe('format');
    expect(read(String(MONEY_MAX))).toEqual([MONEY_MAX, 'USD']);
  });
});

describe('formatMoney', () => {
  it('shows an amount with its currency, and the shown text reads back as the same amount', () => {
    for (const t of ['2.5M', '€800k', 'CHF 3m', '£1,234.5', '¥90m']) {
      const r = parseMoney(t);
      if (!r.ok) throw new Error(t);
      const shown = formatMoney(r.money);
      expect(parseMoney(shown)).toEqual(r);
    }
    expect(formatMoney({ amount: 2_500_000, currency: 'USD' })).toBe('$2,500,000');
    expect(formatMoney({ amount: 800_000, currency: 'EUR' })).toBe('€800,000');
    expect(formatMoney({ amount: 3_000_000, currency: 'CHF' })).toBe('CHF 3,000,000');
  });
});
