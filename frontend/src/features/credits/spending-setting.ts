import { SKIP_SPEND_CONFIRM_MAX } from '@fp/contracts';

const fmt = (n: number) => n.toLocaleString('en-US');

/** "Enter a whole number of credits from 0 to 1,000": the limit the API holds (SKIP_SPEND_CONFIRM_MAX). */
export const SKIP_SPEND_RANGE_MESSAGE = `Enter a whole number of credits from 0 to ${fmt(SKIP_SPEND_CONFIRM_MAX)}`;

/** The typed "don't ask below" amount, or why it cannot be saved. */
export function readSkipSpendBelow(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const t = text.trim();
  const n = Number(t);
  if (!/^\d+$/.test(t) || n > SKIP_SPEND_CONFIRM_MAX) return { ok: false, message: SKIP_SPEND_RANGE_MESSAGE };
  return { ok: true, value: n };
}

/**
 * The hint under the field, from the same reading as the check: an amount beyond the limit gets
 * the limit, never a promise ("Spends of 1–99,998 credits go without asking") the server refuses.
 */
export function skipSpendHint(text: string): string {
  const r = readSkipSpendBelow(text);
  if (!r.ok) return `From 0 to ${fmt(SKIP_SPEND_CONFIRM_MAX)}: larger spends are always asked about.`;
  const n = r.value;
  if (n === 0) return '0: you are asked before every spend.';
  return `Spends of ${n === 1 ? '0' : `1–${fmt(n - 1)}`} credits go without asking; ${fmt(n)} or more are asked about.`;
}
