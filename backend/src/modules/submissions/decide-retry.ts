import type { CommandMeta } from '../../platform/decider';
import type { FirmApplicationEvent, SubmissionEvent } from '@fp/contracts';
import { firmApplicationDecider, type FirmApplicationState } from './firm-application-decider';
import { submissionDecider, type SubmissionState } from './submission-decider';

export interface RetryDecisionInput {
  /** The submission as its stream stands. */
  submission: SubmissionState;
  /** The founder × firm claim as its stream stands. */
  application: FirmApplicationState;
  /** The new attempt's id (minted by the caller). */
  attemptId: string;
}

export interface RetryDecision {
  submission: SubmissionEvent[];
  application: FirmApplicationEvent[];
}

/**
 * A retry, decided over both streams it writes: a new attempt on the submission (refused unless it
 * failed or was stopped) and the firm claimed for it again (refused when another submission holds
 * or applied to the firm; nothing new when this submission still holds it). Both are appended in
 * one append with the ledger's charge, at the revisions read: of two retries of one submission, one
 * lands whole and the other is decided again and refused (not retryable) — nothing to undo, so the
 * winner's claim is never given back by the loser.
 */
export function decideRetry(input: RetryDecisionInput, meta: CommandMeta): RetryDecision {
  const { submission, application, attemptId } = input;
  const retried = submissionDecider.decide({ type: 'Retry', data: { attemptId } }, submission, meta);
  const claimed = firmApplicationDecider.decide(
    {
      type: 'Claim',
      data: {
        userId: submission.userId,
        vcFirmId: submission.vcFirmId,
        test: submission.test,
        submissionId: submission.submissionId,
      },
    },
    application,
    meta,
  );
  return { submission: retried, application: claimed };
}
