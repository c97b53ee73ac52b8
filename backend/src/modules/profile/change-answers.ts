import { answersStream, PROFILE_ANSWER_READ_ONLY, sameQuestion } from '@fp/contracts';
import type { AppContext } from '../../platform/context';
import { DomainError, handleCommand, type CommandMeta } from '../../platform/decider';
import { answersDecider, type AnswerCommand } from './answers-decider';

/**
 * Saves, edits or deletes an answer of the founder's library; waits for the read model so the next
 * read (and the automation) sees it. Answers taken from the profile are edited in the profile.
 */
export async function changeAnswers(
  ctx: Pick<AppContext, 'store' | 'projections'>,
  userId: string,
  command: AnswerCommand,
  meta: CommandMeta,
): Promise<{ answerId: string }> {
  if (command.data.answerId.startsWith('profile:') && command.type !== 'SaveAnswer')
    throw new DomainError(PROFILE_ANSWER_READ_ONLY, 409, 'profile_answer');
  const r = await handleCommand(ctx.store, answersStream(userId), answersDecider, command, meta, { maxRetries: 50 });
  if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  if (command.type !== 'SaveAnswer') return { answerId: command.data.answerId };
  // A question already in the library kept its id (also when nothing changed).
  const same = [...r.state.answers].find(([, a]) => sameQuestion(a.question, command.data.question));
  return { answerId: same?.[0] ?? command.data.answerId };
}
