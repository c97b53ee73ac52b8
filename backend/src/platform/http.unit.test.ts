import { describe, expect, it } from 'vitest';
import { byteRange } from './http';

describe('byteRange: one range of a Range header', () => {
  it('answers the inclusive range asked, cut to the body', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('sends the whole body for no header, another unit, several ranges or nonsense', () => {
    for (const h of [undefined, '', 'items=0-1', 'bytes=0-1,5-9', 'bytes=a-b', 'bytes=-', 'bytes=50-10'])
      expect(byteRange(h, 1000)).toBeNull();
  });

  it('refuses a range that starts past the end', () => {
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});
