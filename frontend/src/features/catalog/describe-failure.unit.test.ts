import { describe, expect, it } from 'vitest';
import { NO_TOKEN } from '../../lib/api';
import { describeFailure } from './describe-failure';

describe('describeFailure', () => {
  it('asks to sign in again when the session has no token', () => {
    expect(describeFailure(new Error(NO_TOKEN), 'fallback')).toBe('Authentication required. Please sign in again.');
  });
  it("gives the error's own words by default, the fallback when it has none or is not an Error", () => {
    expect(describeFailure(new Error('Too many matches'), 'fallback')).toBe('Too many matches');
    expect(describeFailure(new Error(''), 'fallback')).toBe('fallback');
    expect(describeFailure('boom', 'fallback')).toBe('fallback');
  });
  it('gives the fallback when the words do not explain the failure', () => {
    const onlyKnown = (m: string) => m === 'known';
    expect(describeFailure(new Error('known'), 'fallback', onlyKnown)).toBe('known');
    expect(describeFailure(new Error('stack trace'), 'fallback', onlyKnown)).toBe('fallback');
  });
});
