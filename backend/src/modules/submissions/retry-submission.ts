import {
  ACTION_PRICES,
  firmApplicationStream,
  INCOMPLETE_PROFILE,
  INCOMPLETE_PROFILE_MESSAGE,
  INSUFFICIENT_CREDITS,
  insufficientCreditsMessage,
  submissionStream,
  type SubmissionActionResponse,
} from '@fp/contracts';
import type { StreamAppend } from '@fp/infra';
import type { SubmissionRun } from '@fp/workflows';
import type { SubmissionsContext } from './context';
import {
  appendDecision,
  DomainError,
  expectedAt,
  foldEvents,
  metadataOf,
  type CommandMeta,
} from '../../platform/decider';
import { firmApplicationDecider } from './firm-application-decider';
import { NOT_RETRYABLE, submissionDecider } from './submission-decider';
import { decideRetry } from './decide-retry';
import { ownedRow, toSubmission, waitForSubmissionsProjection } from './queries';

/**
 * Retry (spec §4, failed rows): a new attempt on the same submission, charged again (one credit,
 * reference = the new attempt id), run by a new workflow. Stopped submissions may be retried too.
 * The charge, the claim and the new attempt are one decision appended once (decideRetry).
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
  if (!completion.isComplete)
    throw new DomainError(INCOMPLETE_PROFILE, 400, 'incomplete_profile', { message: INCOMPLETE_PROFILE_MESSAGE });
  const balance = await ctx.credits.balance(userId);
  const price = ACTION_PRICES.vc_application;
  const message = insufficientCreditsMessage(price, balance);
  if (balance < price) throw new DomainError(INSUFFICIENT_CREDITS, 402, 'insufficient_credits', { message, balance });

  const attemptId = ctx.newId();
  const charge = {
    spendKind: 'vc_application' as const,
    insufficientMessage: message,
    items: [{ reference: attemptId, amount: price, reason: `Application to ${row.firm_name} (retry)` }],
  };
  const streams = {
    submission: submissionStream(id),
    application: firmApplicationStream(userId, row.test, row.vc_firm_id),
  };
  const metadata = metadataOf(meta);
  const load = async () => {
    const read = await ctx.store.readStreams([streams.submission, streams.application]);
    return { submission: read.get(streams.submission)!, application: read.get(streams.application)! };
  };
  const decide = (loaded: Awaited<ReturnType<typeof load>>, spend: StreamAppend[]) => {
    const d = decideRetry(
      {
        submission: foldEvents(submissionDecider, loaded.submission.events),
        application: foldEvents(firmApplicationDecider, loaded.application.events),
        attemptId,
      },
      meta,
    );
    return {
      result: d,
      appends: [
        ...spend,
        {
          streamId: streams.application,
          events: d.application.map((e) => ({ ...e, metadata })),
          expected: expectedAt(loaded.application.revision),
        },
        {
          streamId: streams.submission,
          events: d.submission.map((e) => ({ ...e, metadata })),
          expected: expectedAt(loaded.submission.revision),
        },
      ],
    };
  };
  if (ctx.store.atomicAppendMany) {
    // The charge with the claim and the attempt: they land together or not at all.
    await appendDecision(
      ctx.store,
      async () => ({ loaded: await load(), spend: await ctx.credits.prepareSpend(userId, charge, meta) }),
      ({ loaded, spend }) => decide(loaded, [spend]),
    );
  } else {
    // A store without all-or-nothing appends: charge, write, and give the credit back when the retry
    // is refused. The claim is never released here: it belongs to the submission, which a retry that
    // won the race holds.
    await ctx.credits.chargeFor(
      userId,
      charge,
      meta,
      () => appendDecision(ctx.store, load, (loaded) => decide(loaded, [])),
      () => `Refund: retry of the application to ${row.firm_name} did not start`,
    );
  }
  dispatch([{ submissionId: id, attemptId }]);
  await waitForSubmissionsProjection(ctx);
  return { success: true, submission: toSubmission(ctx, await ownedRow(ctx, userId, id)) };
}
