import { DECK_ROOM_NOT_FOUND, deckRoomStream, type DeckRoomEvent } from '@fp/contracts';
import { DomainError, foldEvents, handleCommand, type CommandMeta } from '../../platform/decider';
import type { DeckLinksServiceContext } from './context';
import { deckRoomDecider, type DeckRoomCommand, type DeckRoomState } from './deck-room-decider';

/** A room as its stream holds it now (not the read model, which may lag): the viewer's gates read this. */
export async function roomState(ctx: Pick<DeckLinksServiceContext, 'store'>, roomId: string): Promise<DeckRoomState> {
  const { events } = await ctx.store.readStream(deckRoomStream(roomId));
  return foldEvents(deckRoomDecider, events as DeckRoomEvent[]);
}

/** The founder's own room from the read model, or 404 (another founder's room is as unknown as none). */
export async function ownRoomRow(ctx: Pick<DeckLinksServiceContext, 'db'>, userId: string, roomId: string) {
  const row = await ctx.db
    .selectFrom('deck_rooms')
    .selectAll()
    .where('id', '=', roomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new DomainError(DECK_ROOM_NOT_FOUND, 404, 'not_found');
  return row;
}

/** Runs a room command and waits for the read model, so the founder's next read sees it. */
export async function runRoom(
  ctx: DeckLinksServiceContext,
  roomId: string,
  command: DeckRoomCommand,
  meta: CommandMeta,
) {
  const r = await handleCommand(ctx.store, deckRoomStream(roomId), deckRoomDecider, command, meta, { maxRetries: 20 });
  if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  return r;
}
