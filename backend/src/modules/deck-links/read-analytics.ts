import {
  DECK_LINK_NOT_FOUND,
  DECK_VERSION_NOT_FOUND,
  type DeckAnalytics,
  type DeckLinkAnalytics,
  type DeckLinkAnalyticsQuery,
  type DeckPageFigure,
  type DeckVisitFigures,
} from '@fp/contracts';
import { sql, type RawBuilder } from 'kysely';
import { DomainError } from '../../platform/decider';
import type { DeckLinksServiceContext } from './context';

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Who a visit's reader is, so readers count people and not links: the e-mail they gave, else the
 * address the link was made for, else the pipeline investor it was made for, else the link itself.
 */
export const READER = sql`coalesce(lower(v.email), lower(l.email), 'investor:' || l.investor_kind || ':' || l.investor_id, 'link:' || l.id)`;

/**
 * Page by page over the visits `where` selects: how many visits reached each page (the furthest page
 * a visit showed, so the drop shows where readers stop) and the average visible seconds on it among
 * those that reached it. Pages up to the deck's length (`pageCount`) are listed even when unread.
 */
export async function pageFigures(
  ctx: Pick<DeckLinksServiceContext, 'db'>,
  where: RawBuilder<unknown>,
  pageCount: number | null | RawBuilder<unknown>,
): Promise<DeckPageFigure[]> {
  const r = await sql<{ page: number; seconds: number; reached: number }>`
    with v as (select v.visit_id, coalesce(v.last_page, 0) as last_page from deck_visits v where ${where}),
    pv as (select p.visit_id, p.page, p.seconds from deck_visit_pages p join v on v.visit_id = p.visit_id),
    r as (select v.visit_id, greatest(v.last_page, coalesce(max(pv.page), 0)) as reach from v left join pv on pv.visit_id = v.visit_id group by v.visit_id, v.last_page),
    ps as (select page, sum(seconds) as s from pv group by page),
    rc as (select reach, count(*) as c from r group by reach),
    n as (select generate_series(1, greatest(coalesce((select max(reach) from r), 0), coalesce(${pageCount}, 0)::int)) as page)
    select n.page, coalesce(ps.s, 0)::float8 as seconds, coalesce((select sum(c) from rc where rc.reach >= n.page), 0)::int as reached
    from n left join ps on ps.page = n.page order by n.page`.execute(ctx.db);
  return r.rows.map((x) => ({
    page: x.page,
    reached: x.reached,
    avgSeconds: x.reached ? round1(x.seconds / x.reached) : 0,
  }));
}

/** Visits (deck_visits rows) as the screens show them: seconds per page, reach, completion, device. */
export async function visitFigures(
  ctx: Pick<DeckLinksServiceContext, 'db'>,
  visits: Record<string, any>[],
): Promise<DeckVisitFigures[]> {
  const pages = visits.length
    ? await ctx.db
        .selectFrom('deck_visit_pages')
        .selectAll()
        .where(
          'visit_id',
          'in',
          visits.map((v) => v.visit_id),
        )
        .orderBy('page')
        .execute()
    : [];
  const byVisit = new Map<string, { page: number; seconds: number }[]>();
  for (const p of pages)
    byVisit.set(p.visit_id, [...(byVisit.get(p.visit_id) ?? []), { page: p.page, seconds: round1(Number(p.seconds)) }]);
  return visits.map((v) => {
    const seen = byVisit.get(v.visit_id) ?? [];
    const reach = Math.max(Number(v.reach ?? 0), v.last_page ?? 0, ...seen.map((p) => p.page));
    const pageCount = v.page_count ?? null;
    return {
      visitId: v.visit_id as string,
      at: new Date(v.started_at).toISOString(),
      email: v.email,
      verified: v.verified ?? false,
      device: v.device ?? null,
      deckId: v.deck_id as string,
      pages: seen,
      reach,
      pageCount,
      completion: pageCount ? Math.min(100, Math.round((reach / pageCount) * 100)) : null,
      totalSeconds: round1(Number(v.total_seconds)),
      downloaded: v.downloaded,
    };
  });
}

/** The next day's midnight (UTC) after a YYYY-MM-DD, so `to` includes its whole day. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/**
 * GET /api/deck-links/:id/analytics: the founder's link (404 for anyone else's), its visits in the
 * dates asked (newest 500) and its page figures for one deck version: the one asked, else the one
 * its latest visit read. Visits of other versions are listed with their own version, never summed in.
 */
export async function linkAnalytics(
  ctx: Pick<DeckLinksServiceContext, 'db' | 'profile'>,
  userId: string,
  linkId: string,
  q: DeckLinkAnalyticsQuery = {},
): Promise<DeckLinkAnalytics> {
  const link = await ctx.db
    .selectFrom('deck_links')
    .select(['id'])
    .where('id', '=', linkId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!link) throw new DomainError(DECK_LINK_NOT_FOUND, 404, 'not_found');
  let query = ctx.db.selectFrom('deck_visits').selectAll().where('link_id', '=', linkId);
  if (q.from) query = query.where('started_at', '>=', new Date(`${q.from}T00:00:00Z`));
  if (q.to) query = query.where('started_at', '<', dayAfter(q.to));
  const [visits, counts, { history, current }] = await Promise.all([
    query.orderBy('started_at', 'desc').limit(500).execute(),
    ctx.db
      .selectFrom('deck_visits')
      .select(['deck_id', sql<number>`count(*)::int`.as('n'), sql<Date>`max(started_at)`.as('last')])
      .where('link_id', '=', linkId)
      .groupBy('deck_id')
      .orderBy('last', 'desc')
      .execute(),
    ctx.profile.pitchDeck(userId),
  ]);
  const names = new Map<string, string>();
  for (const h of history) if (h.action !== 'removed' && !names.has(h.deckId)) names.set(h.deckId, h.fileName);
  if (current) names.set(current.id, current.fileName);
  const versions = counts.map((c) => ({
    deckId: c.deck_id as string,
    fileName: names.get(c.deck_id) ?? null,
    visits: Number(c.n),
  }));
  if (q.deckId && !versions.some((v) => v.deckId === q.deckId))
    throw new DomainError(DECK_VERSION_NOT_FOUND, 404, 'not_found');
  const deckId = q.deckId ?? versions[0]?.deckId ?? null;
  const figures = await visitFigures(ctx, visits);
  const pageCount = deckId
    ? Math.max(0, ...figures.filter((v) => v.deckId === deckId).map((v) => v.pageCount ?? 0)) || null
    : null;
  const dates = [
    q.from ? sql`and v.started_at >= ${new Date(`${q.from}T00:00:00Z`)}` : sql``,
    q.to ? sql`and v.started_at < ${dayAfter(q.to)}` : sql``,
  ];
  return {
    deckId,
    pageCount,
    visits: figures,
    pages: deckId
      ? await pageFigures(ctx, sql`v.link_id = ${linkId} and v.deck_id = ${deckId} ${dates[0]} ${dates[1]}`, pageCount)
      : [],
    versions,
  };
}

/**
 * GET /api/deck-analytics: one deck version (default the current one) across all the founder's links,
 * from the per-version figures the projection keeps (a row per page, not a pass over every visit),
 * with every version's totals; readers this week over any version.
 */
export async function deckAnalytics(
  ctx: Pick<DeckLinksServiceContext, 'db' | 'profile' | 'clock'>,
  userId: string,
  opts: { deckId?: string } = {},
): Promise<DeckAnalytics> {
  const weekAgo = new Date(ctx.clock.now().getTime() - 7 * 86_400_000);
  const [{ current, history }, week, stats, people] = await Promise.all([
    ctx.profile.pitchDeck(userId),
    sql<{ n: number }>`select count(distinct ${READER}) as n from deck_visits v join deck_links l on l.id = v.link_id
      where v.user_id = ${userId} and v.started_at >= ${weekAgo} and l.room_id is null`
      .execute(ctx.db)
      .then((r) => r.rows[0]),
    sql<{ deck_id: string; visits: number; page_count: number | null; last_visit_at: Date | null }>`
      select s.deck_id, s.visits, s.page_count, s.last_visit_at from deck_version_stats s where s.user_id = ${userId}`.execute(
      ctx.db,
    ),
    sql<{ deck_id: string; readers: number }>`select v.deck_id, count(distinct ${READER})::int as readers
      from deck_visits v join deck_links l on l.id = v.link_id where v.user_id = ${userId} group by v.deck_id`.execute(
      ctx.db,
    ),
  ]);
  const byDeck = new Map(stats.rows.map((r) => [r.deck_id, r]));
  const readersOf = new Map(people.rows.map((r) => [r.deck_id, Number(r.readers)]));
  // Versions as uploaded (the history is newest first; a deck id's first upload names it).
  const uploads = new Map<string, { fileName: string; at: string }>();
  for (const h of history) if (h.action !== 'removed') uploads.set(h.deckId, { fileName: h.fileName, at: h.at });
  if (current && !uploads.has(current.id))
    uploads.set(current.id, { fileName: current.fileName, at: current.uploadedAt });
  const versions = [...uploads]
    .map(([deckId, u]) => {
      const f = byDeck.get(deckId);
      return {
        deckId,
        fileName: u.fileName,
        uploadedAt: u.at,
        current: deckId === current?.id,
        visits: Number(f?.visits ?? 0),
        readers: readersOf.get(deckId) ?? 0,
        pageCount: f?.page_count ?? null,
        lastVisitAt: f?.last_visit_at ? new Date(f.last_visit_at).toISOString() : null,
      };
    })
    .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt) || Number(b.current) - Number(a.current));
  const chosen = versions.find((v) => v.deckId === (opts.deckId ?? current?.id));
  const readersThisWeek = Number(week?.n ?? 0);
  if (opts.deckId && !chosen) throw new DomainError(DECK_VERSION_NOT_FOUND, 404, 'not_found');
  if (!chosen) return { deck: null, pageCount: null, visits: 0, readers: 0, readersThisWeek, pages: [], versions };
  const rows = await ctx.db
    .selectFrom('deck_version_pages')
    .select(['page', 'seconds', 'reached'])
    .where('user_id', '=', userId)
    .where('deck_id', '=', chosen.deckId)
    .orderBy('page')
    .execute();
  // Pages up to the longest count any viewer reported are listed, read or not.
  const last = Math.max(chosen.pageCount ?? 0, ...rows.map((r) => r.page));
  const byPage = new Map(rows.map((r) => [r.page, r]));
  const pages = Array.from({ length: last }, (_, i) => {
    const r = byPage.get(i + 1);
    const reached = Number(r?.reached ?? 0);
    return { page: i + 1, reached, avgSeconds: reached ? round1(Number(r!.seconds) / reached) : 0 };
  });
  return {
    deck: { id: chosen.deckId, fileName: chosen.fileName },
    pageCount: chosen.pageCount,
    visits: chosen.visits,
    readers: chosen.readers,
    readersThisWeek,
    pages,
    versions,
  };
}
