import { sql } from 'kysely';
import type { SavedSearchesServiceContext } from './context';
import { evaluateSearch } from './search-matches';

export const SAVED_SEARCH_MAIL_ACTOR = 'saved-searches:notifier';

/**
 * The daily "new investors match your saved searches" e-mail: per founder, the searches with
 * matches that are new (not seen) and not e-mailed about yet; each match is mailed once. The
 * message id is founder × day, so a second run or worker the same day sends nothing twice.
 * Answers how many founders were written to.
 */
export async function notifyNewMatches(
  ctx: Pick<SavedSearchesServiceContext, 'db' | 'catalog' | 'mail' | 'config'>,
  now: Date,
): Promise<number> {
  const all = await ctx.db
    .selectFrom('saved_searches as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('saved_search_seen as v', 'v.search_id', 's.id')
    .selectAll('s')
    .select(['v.ids as seen', 'v.notified as notified', 'u.email as email'])
    .orderBy('s.user_id')
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
  const byUser = new Map<string, typeof all>();
  for (const r of all) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  let mailed = 0;
  for (const [userId, rows] of byUser) {
    const fresh: { id: string; name: string; ids: string[] }[] = [];
    for (const r of rows) {
      const { search, ids } = await evaluateSearch(ctx, r);
      const known = new Set<string>([...(r.seen ?? []), ...(r.notified ?? [])]);
      const novel = ids.filter((id) => !known.has(id));
      if (novel.length) fresh.push({ id: search.id, name: search.name, ids: novel });
    }
    if (!fresh.length) continue;
    const sent = await ctx.mail.send(
      'saved-search-matches',
      {
        to: rows[0]!.email,
        userId,
        messageId: `saved-search-matches-${userId}-${now.toISOString().slice(0, 10)}`,
        data: {
          searches: fresh.map((f) => ({ name: f.name, newMatches: f.ids.length })),
          url: `${ctx.config.publicUrl}/`,
        },
      },
      { now, actor: SAVED_SEARCH_MAIL_ACTOR },
    );
    // Recorded as told even when the founder unsubscribed: they are not owed a mail later.
    for (const f of fresh)
      await sql`update saved_search_seen set notified = notified || ${f.ids}::text[] where search_id = ${f.id}`.execute(
        ctx.db,
      );
    if (!sent.skipped) mailed++;
  }
  return mailed;
}
