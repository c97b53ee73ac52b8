import { describe, expect, it } from 'vitest';
import { submissionsTab, validateSubmissionsSearch } from './search';

describe('the submissions tab in the URL', () => {
  it('a known tab and the run to answer; "all" and unknown tabs are dropped', () => {
    expect(validateSubmissionsSearch({ tab: 'failed' })).toEqual({ tab: 'failed' });
    expect(validateSubmissionsSearch({ tab: 'all' })).toEqual({});
    expect(validateSubmissionsSearch({ tab: 'nope', answer: 'sub-1' })).toEqual({ answer: 'sub-1' });
    expect(validateSubmissionsSearch({ answer: 'x'.repeat(101) })).toEqual({});
    expect(validateSubmissionsSearch({ answer: '' })).toEqual({});
    expect(submissionsTab(validateSubmissionsSearch({ tab: 'nope' }))).toBe('all');
  });
});
