import { INCOMPLETE_PROFILE, INCOMPLETE_PROFILE_MESSAGE, INSUFFICIENT_CREDITS, insufficientCreditsMessage, type SubmissionActionResponse } from '@fp/contracts';
import type { SubmissionRun } from '@fp/workflows';
import type { SubmissionsContext } from './context';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { runCommand } from './attempts';
import { NOT_RETRYABLE } from './decider';
import { ownedRow, toSubmission, waitForSubmissionsProjection } from './queries';

/**
 * Retry (spec §4, failed rows): a new attempt on the same submission, charged again (one credit,
 * reference = the new attempt id), run by a new workflow. Stopped submissions may be retried too.
 */
export async function retrySubmission(
  ctx: Pick<SubmissionsContext, 'store' | 'db' | 'credits' | 'profile' | 'config' | 'clock' | 'newId'>,
  userId: string,
  id: string,
  meta: CommandMeta,
  dispatch: (runs: SubmissionRun[]) => void,
): Promise<SubmissionActionResponse> {
  const row = await ownedRow(ctx, userId, id);
  if (row.status !== 'failed' && row.status !== 'stopped') throw new DomainError(NOT_RETRYABLE, 409, 'not_retryable');
  const { completion } = await ctx.profile.get(userId);
  if (!completion.isComplete) throw new DomainError(INCOMPLETE_PROFILE, 400, 'incomplete_profile', { message: INCOMPLETE_PROFILE_MESSAGE });
  const balance = await ctx.credits.balance(userId);
  const message = insufficientCreditsMessage(1, balance);
  if (balance < 1) throw new DomainError(INSUFFICIENT_CREDITS, 402, 'insufficient_credits', { message, balance });

  const attemptId = ctx.newId();
  await ctx.credits.spend(userId, { amount: 1, spendKind: 'vc_application', reference: attemptId, reason: `Application to ${row.firm_name} (retry)`, insufficientMessage: message }, meta);
  try {
    await runCommand(ctx, id, { type: 'Retry', data: { attemptId } }, meta);
  } catch (err) {
    // Someone retried or changed it meanwhile: this charge pays for nothing.
    await ctx.credits.refund(userId, attemptId, `Refund: retry of the application to ${row.firm_name} did not start`, meta);
    throw err;
  }
  dispatch([{ submissionId: id, attemptId }]);
  await waitForSubmissionsProjection(ctx);
  return { success: true, submission: toSubmission(ctx, await ownedRow(ctx, userId, id)) };
}
