import { SKIP_SPEND_CONFIRM_MAX } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { readSkipSpendBelow, SKIP_SPEND_RANGE_MESSAGE, skipSpendHint } from './spending-setting';

describe('the spending setting', () => {
  it('given an amount within the limit, then the hint says what goes without asking', () => {
    expect(skipSpendHint('0')).toBe('0: you are asked before every spend.');
    expect(skipSpendHint('1')).toBe('Spends of 0 credits go without asking; 1 or more are asked about.');
    expect(skipSpendHint('1000')).toBe('Spends of 1–999 credits go without asking; 1,000 or more are asked about.');
    expect(readSkipSpendBelow(' 25 ')).toEqual({ ok: true, value: 25 });
  });

  it('given an amount beyond the limit, then the hint and the refusal name the same limit', () => {
    expect(SKIP_SPEND_CONFIRM_MAX).toBe(1000);
    expect(readSkipSpendBelow('99999')).toEqual({
      ok: false,
      message: 'Enter a whole number of credits from 0 to 1,000',
    });
    expect(skipSpendHint('99999')).toBe('From 0 to 1,000: larger spends are always asked about.');
    expect(skipSpendHint('99999')).not.toMatch(/99,99/);
    for (const bad of ['-1', '2.5', 'ten', ''])
      expect(readSkipSpendBelow(bad)).toEqual({ ok: false, message: SKIP_SPEND_RANGE_MESSAGE });
  });
});
