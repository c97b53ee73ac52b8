import type { AttemptOutcome } from './port';

/**
 * A run's outcome with everything not stated left empty. Pure (no Node-only imports), so the
 * Temporal workflow sandbox can use it as well as the activities.
 */
export const runOutcome = (
  o: Partial<AttemptOutcome> & Pick<AttemptOutcome, 'status' | 'summary'>,
): AttemptOutcome => ({
  aiRecap: o.summary,
  recapSource: 'rules',
  error: null,
  errorCode: null,
  errorKind: null,
  confirmationText: null,
  fieldsFilled: [],
  screenshot: false,
  finalUrl: null,
  // Unknown unless stated: the application side also looks at whether the form was recorded as filled.
  formSent: false,
  ...o,
});
