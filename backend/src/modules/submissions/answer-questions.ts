import {
  bestAnswer,
  ANSWER_SUGGESTION_THRESHOLD,
  type SubmissionActionResponse,
  type SubmissionQuestionsResponse,
} from '@fp/contracts';
import type { SubmissionRun } from '@fp/workflows';
import type { SubmissionsContext } from './context';
import type { CommandMeta } from '../../platform/decider';
import { loadSubmission, runCommand } from './attempts';
import { submissionDecider } from './submission-decider';
import { ownedRow, toSubmission, waitForSubmissionsProjection } from './queries';

/**
 * The questions a paused run needs (owner only; an empty list when it is not paused), each with the
 * founder's closest saved answer below the automatic threshold (offered, never used by itself) and a
 * model's draft where one was made (LLM_URL), marked as such.
 */
export async function pendingQuestions(
  ctx: Pick<SubmissionsContext, 'store' | 'db' | 'profile'>,
  userId: string,
  id: string,
): Promise<SubmissionQuestionsResponse> {
  await ownedRow(ctx, userId, id);
  const s = await loadSubmission(ctx, id);
  if (!s.waiting) return { questions: [], deadline: null };
  const library = await ctx.profile.answers(userId);
  return {
    questions: s.questions.map((q) => {
      const hit = bestAnswer(q.question, library, ANSWER_SUGGESTION_THRESHOLD);
      const fits = hit && (!q.options || q.options.includes(hit.entry.answer));
      return { ...q, suggestion: fits ? { question: hit.entry.question, answer: hit.entry.answer } : null };
    }),
    deadline: s.inputDeadline,
  };
}

/**
 * The founder answers a paused run: the answers are checked against the questions (every required
 * one, options from the list), saved to the founder's library (their words, approved by sending
 * them), and only then is the run resumed, so the run that fills the form finds them.
 */
export async function answerQuestions(
  ctx: Pick<SubmissionsContext, 'store' | 'db' | 'profile' | 'config' | 'clock' | 'newId' | 'projections'>,
  userId: string,
  id: string,
  answers: { question: string; answer: string }[],
  meta: CommandMeta,
  dispatch: (runs: SubmissionRun[]) => void,
): Promise<SubmissionActionResponse> {
  await ownedRow(ctx, userId, id);
  const command = { type: 'AnswerQuestions' as const, data: { answeredBy: userId, answers } };
  // Refused answers (not paused, one missing, not an option) save nothing to the library.
  submissionDecider.decide(command, await loadSubmission(ctx, id), meta);
  for (const a of answers)
    await ctx.profile.changeAnswers(
      userId,
      { type: 'SaveAnswer', data: { userId, answerId: ctx.newId(), question: a.question, answer: a.answer } },
      meta,
    );
  const r = await runCommand(ctx, id, command, meta);
  const given = r.events.find((e) => e.type === 'SubmissionInputGiven');
  if (given && given.type === 'SubmissionInputGiven')
    dispatch([{ submissionId: id, attemptId: given.data.attemptId, phase: given.data.phase }]);
  await waitForSubmissionsProjection(ctx);
  return { success: true, submission: toSubmission(ctx, await ownedRow(ctx, userId, id)) };
}
