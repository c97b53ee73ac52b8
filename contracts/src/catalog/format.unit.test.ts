import { describe, expect, it } from 'vitest';
import { formatAum, formatStatusCode, parseNumeric, sanitizeAumInput } from './format';

describe('formatAum', () => {
  it.each([
    ['1000', '$1.0B'],
    ['1500', '$1.5B'],
    ['12345.6', '$12.3B'],
    ['999', '$999M'],
    ['250.4', '$250M'],
    ['250.5', '$251M'],
    ['0', '$0M'],
    [' 42 ', '$42M'],
    ['1 500', '$1.5B'],
  ])('given AUM text %j in millions, when formatted, then shows %s', (aum, shown) => {
    expect(formatAum(aum)).toBe(shown);
  });

  it('given 999.6 (just under the billion threshold), when formatted, then follows the spec literally: rounded millions', () => {
    expect(formatAum('999.6')).toBe('$1000M');
  });

  it.each(['N/A', 'Undisclosed', '1,500', '$20M', '1e3'])(
    'given non-numeric text %j, when formatted, then it is shown as is',
    (aum) => expect(formatAum(aum)).toBe(aum),
  );

  it.each([null, undefined, '', '   '])('given an empty value %j, when formatted, then shows N/A', (aum) => {
    expect(formatAum(aum)).toBe('N/A');
  });

  it('given a number instead of text, when formatted, then uses the same rules', () => {
    expect(formatAum(2500)).toBe('$2.5B');
    expect(formatAum(7.4)).toBe('$7M');
  });

  it('given a tiny negative value, when formatted, then never shows a negative zero', () => {
    expect(formatAum('-0.2')).toBe('$0M');
  });
});

describe('sanitizeAumInput', () => {
  it.each([
    ['1,000', '1000'],
    ['$250M', '250'],
    ['12.5', '12.5'],
    ['1.2.3', '1.23'],
    ['abc', ''],
    ['-5', '5'],
    [' 7 0 ', '70'],
    ['.5', '.5'],
  ])('given typed text %j, when sanitised, then keeps only digits and one dot: %j', (typed, kept) => {
    expect(sanitizeAumInput(typed)).toBe(kept);
  });

  it('given nothing, when sanitised, then returns an empty string', () => {
    expect(sanitizeAumInput(null)).toBe('');
    expect(sanitizeAumInput(undefined)).toBe('');
  });
});

describe('parseNumeric', () => {
  it.each([
    ['42', 42],
    ['  42  ', 42],
    ['1 000', 1000],
    ['3.25', 3.25],
    ['-7', -7],
    ['+7', 7],
    ['.5', 0.5],
    ['5.', 5],
    ['\t1\n2', 12],
  ])('given %j, when parsed, then gives %d', (s, n) => {
    expect(parseNumeric(s)).toBe(n);
  });

  it.each(['', '   ', '\n\t', 'abc', '12abc', '1,000', '1e3', '0x10', 'Infinity', '.', '-', '1.2.3'])(
    'given %j, when parsed, then gives no value',
    (s) => expect(parseNumeric(s)).toBeUndefined(),
  );

  it('given null, undefined or a non-finite number, when parsed, then gives no value', () => {
    expect(parseNumeric(null)).toBeUndefined();
    expect(parseNumeric(undefined)).toBeUndefined();
    expect(parseNumeric(Number.NaN)).toBeUndefined();
    expect(parseNumeric(Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  it('given a finite number, when parsed, then gives it back', () => {
    expect(parseNumeric(12.5)).toBe(12.5);
  });
});

describe('formatStatusCode', () => {
  it.each([
    ['form_filled', 'Form Filled'],
    ['submitted', 'Submitted'],
    ['RATE_LIMIT', 'Rate Limit'],
    ['brute__force_', 'Brute Force'],
    ['user agent', 'User Agent'],
  ])('given status code %j, when formatted, then shows %j', (code, shown) => {
    expect(formatStatusCode(code)).toBe(shown);
  });

  it.each([null, undefined, '', '___', '  '])('given an empty code %j, when formatted, then shows Unknown', (code) => {
    expect(formatStatusCode(code)).toBe('Unknown');
  });
});
