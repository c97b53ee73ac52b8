import { describe, expect, it } from 'vitest';
import { backoff } from '../../lib/api';
import { creditBalanceQueryOptions, parseBalance } from './queries';

describe('parseBalance', () => {
  it('reads { balance }, bare numbers and numeric strings', () => {
    expect(parseBalance({ balance: 12 })).toBe(12);
    expect(parseBalance({ balance: '7' })).toBe(7);
    expect(parseBalance(3)).toBe(3);
    expect(parseBalance('42')).toBe(42);
    expect(parseBalance(' 1 000 ')).toBe(1000);
    expect(parseBalance('2.5')).toBe(2.5);
  });
  it('counts anything unparsable as 0', () => {
    for (const v of [null, undefined, '', '   ', 'abc', '12abc', {}, { balance: null }, [], NaN, Infinity, true]) {
      expect(parseBalance(v)).toBe(0);
    }
  });
});

describe('credit balance query options', () => {
  it('match the spec: fresh 5 min, kept 10 min, 3 retries, backoff up to 30 s, no refetch on focus', () => {
    const o = creditBalanceQueryOptions();
    expect(o.queryKey).toEqual(['credits', 'balance']);
    expect(o.staleTime).toBe(300_000);
    expect(o.gcTime).toBe(600_000);
    expect(o.retry).toBe(3);
    expect(o.refetchOnWindowFocus).toBe(false);
    expect([0, 1, 2, 5, 10].map(backoff)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });
});
