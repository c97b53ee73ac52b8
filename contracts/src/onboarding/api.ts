// The founder's first hour: a checklist on the dashboard whose steps are ticked
// from what the server holds, never from what the browser remembers. Only zod is imported.
import { z } from 'zod';

const FIRST_RUN_STEPS = ['profile', 'test_application', 'live_view', 'credits', 'real_application'] as const;
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];

/** What the server knows of a founder, one fact per step. */
export interface FirstRunFacts {
  /** The startup profile has every required field. */
  profileComplete: boolean;
  /** A submission to a test (sandbox) firm exists, whatever its status. */
  testSubmission: boolean;
  /** The founder opened a run's live view at least once. */
  liveViewOpened: boolean;
  /** A paid credit purchase is on record (the free starting credits are not one). */
  creditsBought: boolean;
  /** A submission to a firm of the real VC database exists. */
  realSubmission: boolean;
}

const FACT_OF: Record<FirstRunStep, keyof FirstRunFacts> = {
  profile: 'profileComplete',
  test_application: 'testSubmission',
  live_view: 'liveViewOpened',
  credits: 'creditsBought',
  real_application: 'realSubmission',
};

/** GET /api/first-run */
export const FirstRunChecklistResponse = z.object({
  steps: z.array(z.object({ id: z.enum(FIRST_RUN_STEPS), done: z.boolean() })),
  /** Every step done. */
  done: z.boolean(),
  dismissed: z.boolean(),
  /** Shown on the dashboard: neither dismissed nor finished. */
  show: z.boolean(),
});
export type FirstRunChecklistResponse = z.infer<typeof FirstRunChecklistResponse>;

/** The checklist from the facts (pure): steps in order, each done when its fact holds; gone when all are done or dismissed. */
export function firstRunChecklist(facts: FirstRunFacts, dismissed: boolean): FirstRunChecklistResponse {
  const steps = FIRST_RUN_STEPS.map((id) => ({ id, done: facts[FACT_OF[id]] }));
  const done = steps.every((s) => s.done);
  return { steps, done, dismissed, show: !done && !dismissed };
}

/** The first-run checklist's routes (merged into `ApiContract`): dismissing answers the checklist as it now is. */
export interface OnboardingApi {
  firstRun: { GET: { response: FirstRunChecklistResponse } };
  firstRunDismiss: { POST: { response: FirstRunChecklistResponse } };
}
