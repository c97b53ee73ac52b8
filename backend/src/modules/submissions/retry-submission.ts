import { firmApplicationStream, INCOMPLETE_PROFILE, INCOMPLETE_PROFILE_MESSAGE, INSUFFICIENT_CREDITS, insufficientCreditsMessage, type SubmissionActionResponse } from '@fp/contracts';
import type { SubmissionRun } from '@fp/workflows';
import type { SubmissionsContext } from './context';
import { DomainError, handleCommand, type CommandMeta } from '../../platform/decider';
import { runCommand } from './attempts';
import { firmApplicationDecider, NOT_RETRYABLE } from './decider';
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
  const charge = { spendKind: 'vc_application' as const, insufficientMessage: message, items: [{ reference: attemptId, amount: 1, reason: `Application to ${row.firm_name} (retry)` }] };
  const firmApplication = firmApplicationStream(userId, row.test, row.vc_firm_id);
  await ctx.credits.chargeFor(userId, charge, meta, async () => {
    // The firm must be free for this submission again (another submission may have applied since).
    await handleCommand(ctx.store, firmApplication, firmApplicationDecider, { type: 'Claim', data: { userId, vcFirmId: row.vc_firm_id, test: row.test, submissionId: id } }, meta);
    try {
      await runCommand(ctx, id, { type: 'Retry', data: { attemptId } }, meta);
    } catch (err) {
      // Someone retried or changed it meanwhile: give the firm back as it was.
      await handleCommand(ctx.store, firmApplication, firmApplicationDecider, { type: 'Settle', data: { submissionId: id, status: 'failed' } }, meta).catch(() => undefined);
      throw err;
    }
  }, () => `Refund: retry of the application to ${row.firm_name} did not start`);
  dispatch([{ submissionId: id, attemptId }]);
  await waitForSubmissionsProjection(ctx);
  return { success: true, submission: toSubmission(ctx, await ownedRow(ctx, userId, id)) };
}
