import { sql } from 'kysely';
import type { DeckLinksServiceContext } from './context';

/**
 * Retention: visits that started more than `retentionDays` ago leave the read models (e-mail, page
 * times, first-visit notices), once a day, and the per-version figures of the decks they read are
 * counted again from the visits that stay. Answers how many visits were removed.
 */
export async function purgeOldVisits(
  ctx: Pick<DeckLinksServiceContext, 'db' | 'retentionDays'>,
  now: Date,
): Promise<number> {
  const cutoff = new Date(now.getTime() - ctx.retentionDays * 86_400_000);
  return ctx.db.transaction().execute(async (tx) => {
    // The projection waits while the figures are recounted (reads go on), so none of its increments is lost in between.
    await sql`lock table deck_version_stats, deck_version_readers, deck_version_pages, deck_links, deck_link_pages in exclusive mode`.execute(
      tx,
    );
    const links = await sql<{
      link_id: string;
    }>`select distinct link_id from deck_visits where started_at < ${cutoff}`.execute(tx);
    const gone = await sql<{ user_id: string; deck_id: string; n: number }>`
      with gone as (delete from deck_visits where started_at < ${cutoff} returning visit_id, user_id, deck_id),
      pages as (delete from deck_visit_pages p using gone where p.visit_id = gone.visit_id),
      notices as (delete from deck_notifications where at < ${cutoff})
      select user_id, deck_id, count(*)::int as n from gone group by user_id, deck_id`.execute(tx);
    for (const { user_id: userId, deck_id: deckId } of gone.rows) {
      await sql`delete from deck_version_stats where user_id = ${userId} and deck_id = ${deckId}`.execute(tx);
      await sql`delete from deck_version_readers where user_id = ${userId} and deck_id = ${deckId}`.execute(tx);
      await sql`delete from deck_version_pages where user_id = ${userId} and deck_id = ${deckId}`.execute(tx);
      await sql`insert into deck_version_stats (user_id, deck_id, visits, page_count, last_visit_at)
        select user_id, deck_id, count(*), max(page_count), max(started_at) from deck_visits where user_id = ${userId} and deck_id = ${deckId} group by user_id, deck_id`.execute(
        tx,
      );
      await sql`insert into deck_version_readers (user_id, deck_id, link_id)
        select distinct user_id, deck_id, link_id from deck_visits where user_id = ${userId} and deck_id = ${deckId}`.execute(
        tx,
      );
      await sql`insert into deck_version_pages (user_id, deck_id, page, reached)
        select v.user_id, v.deck_id, g.page, count(*) from deck_visits v cross join lateral generate_series(1, v.reach) as g(page)
        where v.user_id = ${userId} and v.deck_id = ${deckId} group by 1, 2, 3`.execute(tx);
      await sql`insert into deck_version_pages (user_id, deck_id, page, seconds)
        select v.user_id, v.deck_id, p.page, sum(p.seconds) from deck_visit_pages p join deck_visits v on v.visit_id = p.visit_id
        where v.user_id = ${userId} and v.deck_id = ${deckId} group by 1, 2, 3
        on conflict (user_id, deck_id, page) do update set seconds = excluded.seconds`.execute(tx);
    }
    // The links' own figures, counted again from the visits that stay.
    const ids = links.rows.map((r) => r.link_id);
    if (ids.length) {
      await sql`update deck_links l set visits = coalesce(v.visits, 0), total_seconds = coalesce(v.total_seconds, 0), last_visit_at = v.last_visit_at
        from (select x.id, count(d.visit_id)::int as visits, sum(d.total_seconds) as total_seconds, max(d.started_at) as last_visit_at
              from unnest(${ids}::text[]) as x(id) left join deck_visits d on d.link_id = x.id group by x.id) v
        where l.id = v.id`.execute(tx);
      await sql`delete from deck_link_pages where link_id = any(${ids}::text[])`.execute(tx);
      await sql`insert into deck_link_pages (link_id, page)
        select distinct v.link_id, p.page from deck_visits v join deck_visit_pages p on p.visit_id = v.visit_id
        where v.link_id = any(${ids}::text[]) and p.seconds >= 1`.execute(tx);
    }
    return gone.rows.reduce((s, r) => s + r.n, 0);
  });
}
