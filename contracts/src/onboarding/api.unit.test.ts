import { describe, expect, it } from 'vitest';
import { firstRunChecklist, type FirstRunFacts } from './api';

const none: FirstRunFacts = {
  profileComplete: false,
  testSubmission: false,
  liveViewOpened: false,
  creditsBought: false,
  realSubmission: false,
};

describe('first-run checklist', () => {
  it('lists the five steps in order, none done for a new founder, and is shown', () => {
    const c = firstRunChecklist(none, false);
    expect(c.steps.map((s) => s.id)).toEqual([
      'profile',
      'test_application',
      'live_view',
      'credits',
      'real_application',
    ]);
    expect(c.steps.every((s) => !s.done)).toBe(true);
    expect(c).toMatchObject({ done: false, dismissed: false, show: true });
  });

  it('ticks each step from its own fact only', () => {
    const c = firstRunChecklist({ ...none, testSubmission: true, creditsBought: true }, false);
    expect(c.steps.filter((s) => s.done).map((s) => s.id)).toEqual(['test_application', 'credits']);
  });

  it('is gone when every step is done, and when dismissed', () => {
    const all = {
      profileComplete: true,
      testSubmission: true,
      liveViewOpened: true,
      creditsBought: true,
      realSubmission: true,
    };
    expect(firstRunChecklist(all, false)).toMatchObject({ done: true, show: false });
    expect(firstRunChecklist(none, true)).toMatchObject({ done: false, dismissed: true, show: false });
  });
});
