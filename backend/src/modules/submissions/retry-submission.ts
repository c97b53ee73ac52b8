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
import { answerAppend, keyedRequest, recordedAnswer } from '../../platform/idempotency';
import { ownedRow, toSubmission, waitForSubmissionsProjection } from './queries';

/** What a keyed retry records as its answer: the attempt it started. */
interface RetryAnswer {
  submissionId: string;
  attemptId: string;
}

/** A copy of this keyed retry was decided first (a store without all-or-nothing appends): its charge is given back. */
class AnsweredByCopy extends Error {}

/**
 * Retry (spec §4, failed rows): a new attempt on the same submission, charged again (one credit,
 * reference = the new attempt id), run by a new workflow. Stopped submissions may be retried too.
 * The charge, the claim and the new attempt are one decision appended once (decideRetry), with the
 * answer of a keyed retry: the same retry sent again (Idempotency-Key) answers with the submission
 * and starts and charges nothing; the key sent for another submission is a 422.
 */
export async function retrySubmission(
  ctx: Pick<SubmissionsContext, 'store' | 'db' | 'credits' | 'profile' | 'config' | 'clock' | 'newId'>,
  userId: string,
  id: string,
  meta: CommandMeta,
  dispatch: (runs: SubmissionRun[]) => void,
  requestKey: string | null = null,
): Promise<SubmissionActionResponse> {
  const row = await ownedRow(ctx, userId, id);
  const answer = async (): Promise<SubmissionActionResponse> => {
    await waitForSubmissionsProjection(ctx);
    return { success: true, submission: toSubmission(ctx, await ownedRow(ctx, userId, id)) };
  };
  const keyed = keyedRequest(userId, requestKey, 'retry', { submissionId: id });
  if (keyed && (await recordedAnswer<RetryAnswer>(ctx.store, keyed))) return answer();
  if (row.status !== 'failed' && row.status !== 'stopped') throw new DomainError(NOT_RETRYABLE, 409, 'not_retryable');
  const { completion } = await ctx.profile.get(userId);
  if (!completion.isComplete)
    throw new DomainError(INCOMPLETE_PROFILE, 400, 'incomplete_profile', { message: INCOMPLETE_PROFILE_MESSAGE });
  // The ledger's own balance: the read model may lag behind it (a stalled projection).
  const balance = await ctx.credits.ledgerBalance(userId);
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
    const read = await ctx.store.readStreams([
      streams.submission,
      streams.application,
      ...(keyed ? [keyed.stream] : []),
    ]);
    return {
      submission: read.get(streams.submission)!,
      application: read.get(streams.application)!,
      // A copy of this keyed retry appended first: this one answers as it did (422 if another request's).
      answered:
        keyed && read.get(keyed.stream)!.revision >= 0 ? await recordedAnswer<RetryAnswer>(ctx.store, keyed) : null,
    };
  };
  const decide = (loaded: Awaited<ReturnType<typeof load>>, spend: StreamAppend[]) => {
    if (loaded.answered) return { result: loaded.answered, appends: [] };
    const d = decideRetry(
      {
        submission: foldEvents(submissionDecider, loaded.submission.events),
        application: foldEvents(firmApplicationDecider, loaded.application.events),
        attemptId,
      },
      meta,
    );
    const started: RetryAnswer = { submissionId: id, attemptId };
    return {
      result: started,
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
        // The key's answer in the charge's own append: a resend finds it whenever the credit is spent.
        ...(keyed ? [answerAppend(keyed, started, meta)] : []),
      ],
    };
  };
  let started: RetryAnswer;
  if (ctx.store.atomicAppendMany) {
    // The charge with the claim and the attempt: they land together or not at all.
    const { result } = await appendDecision(
      ctx.store,
      async () => {
        const loaded = await load();
        return { loaded, spend: loaded.answered ? [] : [await ctx.credits.prepareSpend(userId, charge, meta)] };
      },
      ({ loaded, spend }) => decide(loaded, spend),
    );
    started = result;
  } else {
    // A store without all-or-nothing appends: charge, write, and give the credit back when the retry
    // is refused. The claim is never released here: it belongs to the submission, which a retry that
    // won the race holds.
    try {
      started = await ctx.credits.chargeFor(
        userId,
        charge,
        meta,
        async () => {
          const { result } = await appendDecision(ctx.store, load, (loaded) => decide(loaded, []));
          if (result.attemptId !== attemptId) throw new AnsweredByCopy();
          return result;
        },
        () => `Refund: retry of the application to ${row.firm_name} did not start`,
      );
    } catch (err) {
      if (!(err instanceof AnsweredByCopy)) throw err;
      return answer();
    }
  }
  if (started.attemptId === attemptId) dispatch([{ submissionId: id, attemptId }]);
  return answer();
}
