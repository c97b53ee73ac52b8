import type { DeckLinkSummary } from '@fp/contracts';
import { sql } from 'kysely';
import type { DeckLinksServiceContext } from './context';
import { deckLinkUrl } from './create-deck-link';

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** The founder's links with their figures, newest first (`ids`: only these). */
export async function listDeckLinks(ctx: Pick<DeckLinksServiceContext, 'db' | 'config'>, userId: string, opts: { ids?: string[] } = {}): Promise<DeckLinkSummary[]> {
  if (opts.ids && !opts.ids.length) return [];
  let q = ctx.db.selectFrom('deck_links as l')
    .selectAll('l')
    .select([
      sql<number>`(select count(*) from deck_visits v where v.link_id = l.id)`.as('visits'),
      sql<number>`(select coalesce(sum(v.total_seconds), 0) from deck_visits v where v.link_id = l.id)`.as('total_seconds'),
      sql<Date | null>`(select max(v.started_at) from deck_visits v where v.link_id = l.id)`.as('last_visit_at'),
      sql<number>`(select count(distinct p.page) from deck_visits v join deck_visit_pages p on p.visit_id = v.visit_id where v.link_id = l.id and p.seconds >= 1)`.as('pages_viewed'),
    ])
    .where('l.user_id', '=', userId);
  if (opts.ids) q = q.where('l.id', 'in', opts.ids);
  const rows = await q.orderBy('l.created_at', 'desc').orderBy('l.id').execute();
  return rows.map((r) => ({
    id: r.id,
    url: deckLinkUrl(ctx, r.token),
    investorId: r.investor_id,
    email: r.email,
    visits: Number(r.visits),
    pagesViewed: Number(r.pages_viewed),
    totalSeconds: Math.round(Number(r.total_seconds)),
    lastVisitAt: iso(r.last_visit_at),
    enabled: r.enabled,
    investorKind: r.investor_kind,
    pageCount: r.page_count,
    requireEmail: r.require_email,
    allowDownload: r.allow_download,
    expiresAt: iso(r.expires_at),
    hasPasscode: r.passcode_hash !== null,
    watermark: r.watermark,
    source: r.source,
    createdAt: iso(r.created_at)!,
  }));
}
