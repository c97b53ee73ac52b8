import { DECK_LINK_NOT_FOUND, type DeckAnalytics, type DeckLinkAnalytics, type DeckPageFigure } from '@fp/contracts';
import { sql, type RawBuilder } from 'kysely';
import { DomainError } from '../../platform/decider';
import type { DeckLinksServiceContext } from './context';

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Page by page over the visits `where` selects: how many visits reached each page (the furthest page
 * a visit showed, so the drop shows where readers stop) and the average visible seconds on it among
 * those that reached it. Pages up to the deck's length (`pageCount`) are listed even when unread.
 */
async function pageFigures(ctx: Pick<DeckLinksServiceContext, 'db'>, where: RawBuilder<unknown>, pageCount: number | null | RawBuilder<unknown>): Promise<DeckPageFigure[]> {
  const r = await sql<{ page: number; seconds: number; reached: number }>`
    with v as (select v.visit_id, coalesce(v.last_page, 0) as last_page from deck_visits v where ${where}),
    pv as (select p.visit_id, p.page, p.seconds from deck_visit_pages p join v on v.visit_id = p.visit_id),
    r as (select v.visit_id, greatest(v.last_page, coalesce(max(pv.page), 0)) as reach from v left join pv on pv.visit_id = v.visit_id group by v.visit_id, v.last_page),
    ps as (select page, sum(seconds) as s from pv group by page),
    rc as (select reach, count(*) as c from r group by reach),
    n as (select generate_series(1, greatest(coalesce((select max(reach) from r), 0), coalesce(${pageCount}, 0)::int)) as page)
    select n.page, coalesce(ps.s, 0)::float8 as seconds, coalesce((select sum(c) from rc where rc.reach >= n.page), 0)::int as reached
    from n left join ps on ps.page = n.page order by n.page`.execute(ctx.db);
  return r.rows.map((x) => ({ page: x.page, reached: x.reached, avgSeconds: x.reached ? round1(x.seconds / x.reached) : 0 }));
}

/** GET /api/deck-links/:id/analytics: every visit of the founder's link (404 for anyone else's). */
export async function linkAnalytics(ctx: Pick<DeckLinksServiceContext, 'db'>, userId: string, linkId: string): Promise<DeckLinkAnalytics> {
  const link = await ctx.db.selectFrom('deck_links').select(['id', 'page_count']).where('id', '=', linkId).where('user_id', '=', userId).executeTakeFirst();
  if (!link) throw new DomainError(DECK_LINK_NOT_FOUND, 404, 'not_found');
  const visits = await ctx.db.selectFrom('deck_visits').selectAll().where('link_id', '=', linkId).orderBy('started_at', 'desc').limit(500).execute();
  const pages = visits.length
    ? await ctx.db.selectFrom('deck_visit_pages').selectAll().where('visit_id', 'in', visits.map((v) => v.visit_id)).orderBy('page').execute()
    : [];
  const byVisit = new Map<string, { page: number; seconds: number }[]>();
  for (const p of pages) byVisit.set(p.visit_id, [...(byVisit.get(p.visit_id) ?? []), { page: p.page, seconds: round1(Number(p.seconds)) }]);
  return {
    visits: visits.map((v) => ({ at: new Date(v.started_at).toISOString(), email: v.email, pages: byVisit.get(v.visit_id) ?? [], downloaded: v.downloaded })),
    pages: await pageFigures(ctx, sql`v.link_id = ${linkId}`, link.page_count),
  };
}

/** GET /api/deck-analytics: the founder's current deck across all their links; readers this week over any version. */
export async function deckAnalytics(ctx: Pick<DeckLinksServiceContext, 'db' | 'profile' | 'clock'>, userId: string): Promise<DeckAnalytics> {
  const weekAgo = new Date(ctx.clock.now().getTime() - 7 * 86_400_000);
  const [{ current }, week] = await Promise.all([
    ctx.profile.pitchDeck(userId),
    ctx.db.selectFrom('deck_visits').select(sql<number>`count(distinct link_id)`.as('n')).where('user_id', '=', userId).where('started_at', '>=', weekAgo).executeTakeFirst(),
  ]);
  if (!current) return { deck: null, pageCount: null, visits: 0, readers: 0, readersThisWeek: Number(week?.n ?? 0), pages: [] };
  // The page figures list pages up to the longest count any viewer reported; the totals' count is the same.
  const [totals, pages] = await Promise.all([
    ctx.db.selectFrom('deck_visits')
      .select([sql<number>`count(*)`.as('visits'), sql<number>`count(distinct link_id)`.as('readers'), sql<number | null>`max(page_count)`.as('page_count')])
      .where('user_id', '=', userId).where('deck_id', '=', current.id).executeTakeFirst(),
    pageFigures(ctx, sql`v.user_id = ${userId} and v.deck_id = ${current.id}`, sql`(select max(page_count) from deck_visits where user_id = ${userId} and deck_id = ${current.id})`),
  ]);
  const pageCount = totals?.page_count === null || totals?.page_count === undefined ? null : Number(totals.page_count);
  return {
    deck: { id: current.id, fileName: current.fileName },
    pageCount,
    visits: Number(totals?.visits ?? 0),
    readers: Number(totals?.readers ?? 0),
    readersThisWeek: Number(week?.n ?? 0),
    pages,
  };
}
