import { describe, expect, it } from 'vitest';
import { createSubmissionActivities, type ActivityDeps } from './activities';
import type { AttemptInfo, SubmissionStorePort } from './port';
import { RunRegistry } from './runs';

const run = { submissionId: 's1', attemptId: 'a1' };

/**
 * The apply activity up to its browser, on a store that keeps the stop flag as the event stream does
 * (recorded by the stop, then signalled to the runs of this process).
 */
function activitiesWhereAStopComesDuring(step: 'profile' | 'choices') {
  const runs = new RunRegistry();
  let stopRequested = false;
  const stopNow = () => {
    stopRequested = true;
    runs.stop(run.attemptId);
  };
  const info = (): AttemptInfo => ({
    ...run,
    currentAttemptId: run.attemptId,
    userId: 'u1',
    vcFirmId: 'f1',
    test: true,
    firmName: 'Firm',
    website: 'http://127.0.0.1:9/apply',
    status: 'processing',
    formFilled: false,
    stopRequested,
  });
  const store: Partial<SubmissionStorePort> = {
    load: async () => info(),
    profile: async () => {
      if (step === 'profile') stopNow();
      return {} as Awaited<ReturnType<SubmissionStorePort['profile']>>;
    },
    deck: async () => null,
    documents: async () => [],
    answers: async () => [],
    deckUrl: async () => null,
    choices: async () => {
      if (step === 'choices') stopNow();
      return { checkboxes: {} as never, defaultMessage: null };
    },
  };
  let browserAsked = false;
  const deps = {
    store: store as SubmissionStorePort,
    runs,
    allowedHosts: [],
    browser: {
      acquire: async () => {
        browserAsked = true;
        throw new Error('no browser here');
      },
    },
    live: { open: () => ({ step: () => undefined, attach: async () => false, close: async () => undefined }) },
    recap: async () => ({ text: '', source: 'rules' }),
  } as unknown as ActivityDeps;
  return { activities: createSubmissionActivities(deps), runs, browserAsked: () => browserAsked };
}

describe('apply: a stop while the run reads the founder’s data', () => {
  for (const step of ['profile', 'choices'] as const)
    it(`(during ${step}) ends it stopped before any browser is asked for`, async () => {
      const { activities, runs, browserAsked } = activitiesWhereAStopComesDuring(step);
      const outcome = await activities.apply(run);
      expect(outcome.status).toBe('stopped');
      expect(browserAsked()).toBe(false);
      expect(runs.has(run.attemptId)).toBe(false);
    });
});
