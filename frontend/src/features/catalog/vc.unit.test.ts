import { describe, expect, it } from 'vitest';
import { addAll, allSelected, removeAll, toggleAll, toggleOne } from './selection';
import { submitDisabled, submitLabel, submitProblem, submitWarnings, type SubmitState } from './submit-checks';

describe('selection across pages', () => {
  it('toggles one id', () => {
    const a = toggleOne(new Set(), 'x');
    expect([...a.next]).toEqual(['x']);
    expect(toggleOne(a.next, 'x')).toMatchObject({ removed: 1 });
    expect(toggleOne(a.next, 'x').next.size).toBe(0);
  });

  it('adds a page to what other pages selected, counting only new ids', () => {
    const r = addAll(new Set(['a', 'b']), ['b', 'c', 'd']);
    expect([...r.next].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(r.added).toBe(2);
  });

  it('toggles all: selects unless every one is selected, then deselects only those', () => {
    const first = toggleAll(new Set(['z']), ['a', 'b']);
    expect(first).toMatchObject({ deselected: false, added: 2 });
    const second = toggleAll(first.next, ['a', 'b']);
    expect(second).toMatchObject({ deselected: true, removed: 2 });
    expect([...second.next]).toEqual(['z']);
    expect(allSelected(new Set(), [])).toBe(false);
    expect(removeAll(new Set(['a']), ['a', 'q'])).toMatchObject({ removed: 1 });
  });
});

const base: SubmitState = { signedIn: true, selected: 3, profileComplete: true, balance: 50, test: false };

describe('VC pre-submit checks', () => {
  it('checks in the spec order', () => {
    expect(submitProblem({ ...base, signedIn: false, selected: 0 })).toEqual({
      title: 'Authentication Required',
      description: 'You must be signed in to submit applications to VC firms.',
    });
    expect(submitProblem({ ...base, selected: 0, profileComplete: false })).toEqual({
      title: 'No VCs Selected',
      description: 'Please select at least one VC firm to submit applications.',
    });
    expect(submitProblem({ ...base, profileComplete: false, balance: 0 })).toMatchObject({
      title: 'Incomplete Startup Profile',
      go: '/settings',
    });
    expect(submitProblem({ ...base, selected: 7, balance: 4 })).toEqual({
      title: 'Insufficient Credits',
      description: 'You need 7 credits to submit to 7 VC firms, but you only have 4 credits available.',
      go: '/credits',
    });
    expect(submitProblem(base)).toBeNull();
  });

  it('test variant: at least one test firm, at most 10,000', () => {
    expect(submitProblem({ ...base, test: true, selected: 0 })?.title).toBe('No test VCs selected');
    expect(submitProblem({ ...base, test: true, selected: 10_001, balance: 20_000 })?.title).toBe('Too Many Selected');
    expect(submitDisabled({ ...base, test: true, selected: 10_001, balance: 20_000 }, false)).toBe(true);
    expect(submitLabel({ ...base, test: true, selected: 10_001 }, false)).toBe('Too Many Selected');
    expect(submitDisabled({ ...base, test: true, selected: 10_000, balance: 20_000 }, false)).toBe(false);
  });

  it('warns about a low balance below selected + 10 and above 100 selected, without blocking', () => {
    expect(submitWarnings({ ...base, selected: 5, balance: 14 })).toEqual([
      "After this submission, you'll have 9 credits remaining. Get more credits to keep applying.",
    ]);
    expect(submitWarnings({ ...base, selected: 5, balance: 15 })).toEqual([]);
    expect(submitWarnings({ ...base, selected: 101, balance: 1000 })).toEqual([
      'Large submissions may take longer to process. You can follow their progress on the Submissions page.',
    ]);
    expect(submitWarnings({ ...base, selected: 100, balance: 1000 })).toEqual([]);
    expect(submitProblem({ ...base, selected: 101, balance: 105 })).toBeNull();
  });

  it('disables the button while submitting or when credits are below the selection', () => {
    expect(submitDisabled(base, true)).toBe(true);
    expect(submitDisabled({ ...base, balance: 2 }, false)).toBe(true);
    expect(submitDisabled(base, false)).toBe(false);
    // An incomplete profile does not disable it: clicking explains and leads to the settings.
    expect(submitDisabled({ ...base, profileComplete: false }, false)).toBe(false);
    expect(submitLabel(base, false)).toBe('Submit to 3 VCs');
    expect(submitLabel({ ...base, selected: 1 }, false)).toBe('Submit to 1 VC');
    expect(submitLabel(base, true)).toBe('Submitting...');
  });
});
