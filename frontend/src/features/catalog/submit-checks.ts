// VC pre-submit checks and warnings (spec §5). Pure: the screen shows what these answer.
import { plural } from '../../lib/plural';

const LOW_BALANCE_MARGIN = 10;
const LARGE_SUBMISSION = 100;
const TEST_SUBMIT_CAP = 10_000;

export interface SubmitState {
  signedIn: boolean;
  selected: number;
  /** undefined while unknown (still loading). */
  profileComplete: boolean | undefined;
  balance: number | undefined;
  test: boolean;
}

export interface SubmitProblem {
  title: string;
  description: string;
  /** Where the user is sent (settings) or offered to go (credits). */
  go?: '/settings' | '/credits';
}

/** The first check that blocks submitting, in the spec's order, or null. */
export function submitProblem(s: SubmitState): SubmitProblem | null {
  if (!s.signedIn)
    return {
      title: 'Authentication Required',
      description: 'You must be signed in to submit applications to VC firms.',
    };
  if (s.selected === 0) {
    return s.test
      ? {
          title: 'No test VCs selected',
          description: 'Please select at least one test VC firm to submit applications.',
        }
      : { title: 'No VCs Selected', description: 'Please select at least one VC firm to submit applications.' };
  }
  if (s.test && s.selected > TEST_SUBMIT_CAP)
    return {
      title: 'Too Many Selected',
      description: `You can submit to at most ${TEST_SUBMIT_CAP.toLocaleString('en-US')} test VC firms at once.`,
    };
  if (s.profileComplete === false) {
    return {
      title: 'Incomplete Startup Profile',
      description: 'Complete your startup profile to unlock VC submissions.',
      go: '/settings',
    };
  }
  if (s.balance !== undefined && s.balance < s.selected) {
    return {
      title: 'Insufficient Credits',
      description: `You need ${s.selected} credits to submit to ${s.selected} VC firms, but you only have ${s.balance} credits available.`,
      go: '/credits',
    };
  }
  return null;
}

/** Non-blocking warnings shown in the submit bar. */
export function submitWarnings(s: SubmitState): string[] {
  const out: string[] = [];
  if (s.balance !== undefined && s.balance >= s.selected && s.balance < s.selected + LOW_BALANCE_MARGIN) {
    out.push(
      `After this submission, you'll have ${plural(s.balance - s.selected, 'credit', 'credits')} remaining. Get more credits to keep applying.`,
    );
  }
  if (s.selected > LARGE_SUBMISSION)
    out.push('Large submissions may take longer to process. You can follow their progress on the Submissions page.');
  return out;
}

/** The credit notice of the submit bar. */
export const notEnoughCredits = (s: SubmitState) => s.balance !== undefined && s.balance < s.selected;

/** Disabled while submitting, when credits are below the selection, or (test) above the cap. */
export function submitDisabled(s: SubmitState, submitting: boolean): boolean {
  return submitting || s.selected === 0 || notEnoughCredits(s) || (s.test && s.selected > TEST_SUBMIT_CAP);
}

/** Label of the submit button. */
export function submitLabel(s: SubmitState, submitting: boolean): string {
  if (submitting) return 'Submitting...';
  if (s.test && s.selected > TEST_SUBMIT_CAP) return 'Too Many Selected';
  return `Submit to ${plural(s.selected, s.test ? 'Test VC' : 'VC', s.test ? 'Test VCs' : 'VCs')}`;
}
