import type { DeckNotificationsResponse } from '@fp/contracts';
import { sql } from 'kysely';
import type { DeckLinksServiceContext } from './context';

const LIMIT = 20;

/** GET /api/deck-notifications: the founder's newest notices (first visits, or every visit as their mode says), the unseen count and the settings. */
export async function listDeckNotifications(
  ctx: Pick<DeckLinksServiceContext, 'db'>,
  userId: string,
): Promise<DeckNotificationsResponse> {
  const settings = await ctx.db
    .selectFrom('deck_alert_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const seenUntil = settings?.seen_until ? new Date(settings.seen_until) : null;
  const [rows, unseen] = await Promise.all([
    ctx.db
      .selectFrom('deck_notifications as n')
      .leftJoin('pipeline_cards as c', (j) =>
        j.onRef('c.user_id', '=', 'n.user_id').onRef('c.investor_id', '=', 'n.investor_id'),
      )
      .select([
        'n.link_id',
        'n.visit_id',
        'n.first',
        'n.verified',
        'n.investor_id',
        'n.investor_kind',
        'n.email',
        'n.at',
        'c.name',
      ])
      .where('n.user_id', '=', userId)
      .orderBy('n.at', 'desc')
      .limit(LIMIT)
      .execute(),
    ctx.db
      .selectFrom('deck_notifications')
      .select(sql<number>`count(*)`.as('n'))
      .where('user_id', '=', userId)
      .$if(seenUntil !== null, (q) => q.where('at', '>', seenUntil!))
      .executeTakeFirst(),
  ]);
  return {
    notifications: rows.map((r) => {
      const at = new Date(r.at as string);
      return {
        linkId: r.link_id,
        visitId: r.visit_id,
        first: r.first,
        verified: r.verified,
        investorId: r.investor_id,
        investorKind: r.investor_kind,
        investorName: r.name ?? null,
        email: r.email,
        at: at.toISOString(),
        seen: seenUntil !== null && at <= seenUntil,
      };
    }),
    unseen: Number(unseen?.n ?? 0),
    settings: { firstVisitEmail: settings?.first_visit_email ?? true, mode: settings?.mode ?? 'first_visit' },
  };
}
