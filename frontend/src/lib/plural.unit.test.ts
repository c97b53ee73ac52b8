import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('uses the singular for exactly one and the plural otherwise, zero included', () => {
    expect(plural(1, 'credit')).toBe('1 credit');
    expect(plural(0, 'field')).toBe('0 fields');
    expect(plural(2, 'investor')).toBe('2 investors');
  });
  it('takes an irregular plural and writes thousands with separators', () => {
    expect(plural(2, 'company', 'companies')).toBe('2 companies');
    expect(plural(12_345, 'firm')).toBe('12,345 firms');
  });
});
