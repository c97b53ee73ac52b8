import { iso } from '@fp/contracts';
import type { DeckLinkSummary } from '@fp/contracts';
import { sql } from 'kysely';
import type { DeckLinksServiceContext } from './context';
import { deckLinkUrl } from './create-deck-link';

/** The founder's links with their figures, newest first (`ids`: only these). */
export async function listDeckLinks(
  ctx: Pick<DeckLinksServiceContext, 'db' | 'config'>,
  userId: string,
  opts: { ids?: string[] } = {},
): Promise<DeckLinkSummary[]> {
  if (opts.ids && !opts.ids.length) return [];
  // Figures per link as the projection keeps them on the link's row (migration 985): grouping every
  // visit and its pages on each request took 1.9 s p95 at 10,000 visits on a loaded machine.
  const only = opts.ids ? sql`and l.id in (${sql.join(opts.ids)})` : sql``;
  const { rows } = await sql<Record<string, any>>`
    select l.*, (select count(*) from deck_link_pages p where p.link_id = l.id) as pages_viewed
    from deck_links l
    where l.user_id = ${userId} ${only}
    order by l.created_at desc, l.id`.execute(ctx.db);
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
