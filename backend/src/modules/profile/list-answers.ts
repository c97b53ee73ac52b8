import { profileAnswers, sameQuestion, type LibraryAnswer, type StartupProfile } from '@fp/contracts';
import type { AppContext } from '../../platform/context';

/**
 * The founder's library: their saved answers first (oldest first), then the profile's long fields
 * as answers to the questions they have not answered in their own words. Saved answers come first
 * so that, matching a form's question, the founder's own words win a tie over the profile's.
 */
export async function listAnswers(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  profile: StartupProfile,
): Promise<LibraryAnswer[]> {
  const rows = await ctx.db
    .selectFrom('profile_answers')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const saved: LibraryAnswer[] = rows.map((r) => ({
    id: r.id,
    question: r.question,
    answer: r.answer,
    source: 'saved',
    field: null,
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
  const fromProfile = profileAnswers(profile).filter((p) => !saved.some((s) => sameQuestion(s.question, p.question)));
  return [...saved, ...fromProfile];
}
