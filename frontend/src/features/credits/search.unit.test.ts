import { describe, expect, it } from 'vitest';
import { validateCreditsSearch } from './search';

describe('the credits page address', () => {
  it('keeps purchase=success, the checkout’s way back', () => {
    expect(validateCreditsSearch({ purchase: 'success' })).toEqual({ purchase: 'success' });
  });

  it('drops any other purchase value and leaves a plain address plain', () => {
    for (const purchase of ['cancelled', 'SUCCESS', '', 1, ['success']])
      expect(validateCreditsSearch({ purchase }).purchase).toBeUndefined();
    expect(validateCreditsSearch({})).toEqual({});
  });
});
