import { describe, expect, it } from 'vitest';
import { iso } from './time';

describe('iso', () => {
  it('turns a Date, an ISO or Postgres string and epoch milliseconds into the same ISO string', () => {
    const at = '2026-11-26T14:05:09.123Z';
    expect(iso(new Date(at))).toBe(at);
    expect(iso(at)).toBe(at);
    expect(iso('2026-11-26 14:05:09.123+00')).toBe(at);
    expect(iso(Date.parse(at))).toBe(at);
  });

  it('keeps a missing value null', () => {
    expect(iso(null)).toBeNull();
    expect(iso(undefined)).toBeNull();
  });

  it('refuses a value that is no time rather than inventing one', () => {
    expect(() => iso('not a date')).toThrow(RangeError);
  });
});
