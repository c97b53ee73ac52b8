import { iso, type DeckRoomAnalytics } from '@fp/contracts';
import { sql } from 'kysely';
import type { DeckLinksServiceContext } from './context';
import { pageFigures, READER, visitFigures } from './read-analytics';
import { ownRoomRow } from './room-state';

/**
 * GET /api/deck-rooms/:id/analytics: the founder's room (404 for anyone else's). Per document (a
 * visit's deck_id is the document it opened), over every link of the room: visits, readers (people,
 * as the deck's), its length and page figures; the newest 500 visits; the NDA acceptances.
 */
export async function roomAnalytics(
  ctx: Pick<DeckLinksServiceContext, 'db'>,
  userId: string,
  roomId: string,
): Promise<DeckRoomAnalytics> {
  await ownRoomRow(ctx, userId, roomId);
  const inRoom = sql`v.link_id in (select id from deck_links where room_id = ${roomId} and user_id = ${userId})`;
  const [docs, perDoc, visits, entries] = await Promise.all([
    ctx.db.selectFrom('deck_room_documents').selectAll().where('room_id', '=', roomId).orderBy('added_at').execute(),
    sql<{ deck_id: string; visits: number; readers: number; page_count: number | null }>`
      select v.deck_id, count(*)::int as visits, count(distinct ${READER})::int as readers, max(v.page_count) as page_count
      from deck_visits v join deck_links l on l.id = v.link_id where ${inRoom} group by v.deck_id`.execute(ctx.db),
    sql<
      Record<string, any>
    >`select v.* from deck_visits v where ${inRoom} order by v.started_at desc limit 500`.execute(ctx.db),
    ctx.db
      .selectFrom('deck_room_entries')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId)
      .where('nda_name', 'is not', null)
      .orderBy('at', 'desc')
      .limit(500)
      .execute(),
  ]);
  const figures = new Map(perDoc.rows.map((r) => [r.deck_id, r]));
  // Removed documents stay listed while they have visits (their figures are history).
  const shown = docs.filter((d) => d.removed_at === null || figures.has(d.id));
  const documents = await Promise.all(
    shown.map(async (d) => {
      const f = figures.get(d.id);
      const pageCount = f?.page_count ?? null;
      return {
        documentId: d.id as string,
        fileName: d.file_name as string,
        current: d.removed_at === null,
        visits: Number(f?.visits ?? 0),
        readers: Number(f?.readers ?? 0),
        pageCount,
        pages: f ? await pageFigures(ctx, sql`${inRoom} and v.deck_id = ${d.id}`, pageCount) : [],
      };
    }),
  );
  const byVisit = new Map(visits.rows.map((v) => [v.visit_id as string, v]));
  return {
    documents,
    visits: (await visitFigures(ctx, visits.rows)).map((v) => ({
      ...v,
      linkId: byVisit.get(v.visitId)!.link_id as string,
      documentId: v.deckId,
    })),
    acceptances: entries.map((e) => ({
      entryId: e.entry_id,
      linkId: e.link_id,
      at: iso(e.at)!,
      name: e.nda_name!,
      email: e.email ?? null,
      ndaText: e.nda_text ?? '',
    })),
  };
}
