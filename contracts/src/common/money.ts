/**
 * Money as founders type it ("2.5M", "$2,500,000", "€800k", "1.2 million", "CHF 3m"): the one
 * parser the profile form, the profile API and the fit rules share. Pure; only the language.
 */

/** The currencies a typed amount may name; a bare number is read as USD (the catalog's currency). */
const MONEY_CURRENCIES = ['USD', 'EUR', 'GBP', 'CHF', 'CAD', 'AUD', 'SGD', 'INR', 'JPY', 'SEK'] as const;
type MoneyCurrency = (typeof MONEY_CURRENCIES)[number];

/**
 * The largest amount accepted: 100 billion. The largest private rounds ever raised are in the tens
 * of billions; anything above this is a typo ("$999,999,999,999,999"), not a round.
 */
export const MONEY_MAX = 100_000_000_000;

export interface Money {
  /** In whole units of `currency` (cents are kept as a fraction). */
  amount: number;
  currency: MoneyCurrency;
}

export type MoneyParse = { ok: true; money: Money } | { ok: false; reason: 'format' | 'not_positive' | 'too_large' };

const SYMBOLS: Record<string, MoneyCurrency> = {
  $: 'USD',
  us$: 'USD',
  usd: 'USD',
  '€': 'EUR',
  eur: 'EUR',
  '£': 'GBP',
  gbp: 'GBP',
  chf: 'CHF',
  cad: 'CAD',
  c$: 'CAD',
  ca$: 'CAD',
  aud: 'AUD',
  a$: 'AUD',
  au$: 'AUD',
  sgd: 'SGD',
  s$: 'SGD',
  inr: 'INR',
  '₹': 'INR',
  jpy: 'JPY',
  '¥': 'JPY',
  sek: 'SEK',
};
const UNITS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  mio: 1e6,
  million: 1e6,
  millions: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  billions: 1e9,
};

const CURRENCY = '(us\\$|ca\\$|au\\$|c\\$|a\\$|s\\$|[$€£₹¥]|usd|eur|gbp|chf|cad|aud|sgd|inr|jpy|sek)';
// [currency] [-] number [unit] [currency]; the number is digits with "," groups and an optional "." fraction.
const PATTERN = new RegExp(
  `^${CURRENCY}?\\s*(-)?\\s*${CURRENCY}?\\s*(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?|\\.\\d+)\\s*(k|thousand|mm|mn|mio|millions?|m|bn|billions?|b)?\\.?\\s*${CURRENCY}?$`,
  'i',
);

/** Reads a typed amount; a bare number is USD. Refuses words, zero, negatives and amounts over MONEY_MAX. */
export function parseMoney(text: string | null | undefined): MoneyParse {
  const m = PATTERN.exec((text ?? '').trim().replace(/\s+/g, ' '));
  if (!m) return { ok: false, reason: 'format' };
  const [, before, minus, middle, digits, unit, after] = m;
  const named = [before, middle, after].filter((c): c is string => !!c).map((c) => SYMBOLS[c.toLowerCase()]!);
  // "$5M EUR" names two currencies: refused rather than guessed.
  if (new Set(named).size > 1) return { ok: false, reason: 'format' };
  const amount = Number(digits!.replace(/,/g, '')) * (unit ? UNITS[unit.toLowerCase()]! : 1);
  if (!Number.isFinite(amount)) return { ok: false, reason: 'too_large' };
  if (minus || amount <= 0) return { ok: false, reason: 'not_positive' };
  if (amount > MONEY_MAX) return { ok: false, reason: 'too_large' };
  return { ok: true, money: { amount: Math.round(amount * 100) / 100, currency: named[0] ?? 'USD' } };
}

const PREFIX: Partial<Record<MoneyCurrency, string>> = { USD: '$', EUR: '€', GBP: '£' };

/** "$2,500,000", "€800,000", "CHF 3,000,000": how a parsed amount is shown back to the founder. */
export function formatMoney(money: Money): string {
  const digits = money.amount.toLocaleString('en-US', { maximumFractionDigits: 2 });
  const prefix = PREFIX[money.currency];
  return prefix ? `${prefix}${digits}` : `${money.currency} ${digits}`;
}
