import { iso, type DeckRoomSummary } from '@fp/contracts';
import { sql } from 'kysely';
import type { DeckLinksServiceContext } from './context';
import { listDeckLinks } from './list-deck-links';

/** The founder's data rooms, newest first (`roomId`: only that one), with documents, links and counts. */
export async function listDeckRooms(
  ctx: Pick<DeckLinksServiceContext, 'db' | 'config'>,
  userId: string,
  opts: { roomId?: string } = {},
): Promise<DeckRoomSummary[]> {
  let q = ctx.db.selectFrom('deck_rooms').selectAll().where('user_id', '=', userId);
  if (opts.roomId) q = q.where('id', '=', opts.roomId);
  const rooms = await q.orderBy('created_at', 'desc').orderBy('id').limit(100).execute();
  if (!rooms.length) return [];
  const ids = rooms.map((r) => r.id as string);
  const [docs, counts, links] = await Promise.all([
    ctx.db
      .selectFrom('deck_room_documents')
      .selectAll()
      .where('room_id', 'in', ids)
      .where('removed_at', 'is', null)
      .orderBy('added_at')
      .orderBy('id')
      .execute(),
    sql<{ room_id: string; acceptances: number; visits: number }>`
      select r.id as room_id,
        (select count(*)::int from deck_room_entries e where e.room_id = r.id and e.nda_name is not null) as acceptances,
        (select coalesce(sum(l.visits), 0)::int from deck_links l where l.room_id = r.id) as visits
      from deck_rooms r where r.id in (${sql.join(ids)})`.execute(ctx.db),
    Promise.all(rooms.map((r) => listDeckLinks(ctx, userId, { roomId: r.id as string }))),
  ]);
  const count = new Map(counts.rows.map((c) => [c.room_id, c]));
  return rooms.map((r, i) => ({
    id: r.id,
    name: r.name,
    ndaText: r.nda_text ?? null,
    documents: docs
      .filter((d) => d.room_id === r.id)
      .map((d) => ({ id: d.id, fileName: d.file_name, size: Number(d.size), addedAt: iso(d.added_at)! })),
    createdAt: iso(r.created_at)!,
    acceptances: Number(count.get(r.id)?.acceptances ?? 0),
    visits: Number(count.get(r.id)?.visits ?? 0),
    links: links[i]!,
  }));
}
