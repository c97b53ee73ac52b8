import type { CreateDeckRoomRequest, DeckRoomSummary, UpdateDeckRoomRequest } from '@fp/contracts';
import type { CommandMeta } from '../../platform/decider';
import type { DeckLinksServiceContext } from './context';
import { listDeckRooms } from './list-deck-rooms';
import { runRoom } from './room-state';

/** A new data room (name, and the NDA text the founder wrote or none); its documents and links follow. */
export async function createDeckRoom(
  ctx: DeckLinksServiceContext,
  userId: string,
  req: CreateDeckRoomRequest,
  meta: CommandMeta,
): Promise<DeckRoomSummary> {
  const roomId = ctx.newId();
  await runRoom(
    ctx,
    roomId,
    { type: 'CreateDeckRoom', data: { roomId, userId, name: req.name, ndaText: req.ndaText ?? null } },
    meta,
  );
  const [room] = await listDeckRooms(ctx, userId, { roomId });
  return room!;
}

/** Renames a room or changes its NDA (`ndaText: null` turns it off); another founder's room is a 404. */
export async function changeDeckRoom(
  ctx: DeckLinksServiceContext,
  userId: string,
  roomId: string,
  req: UpdateDeckRoomRequest,
  meta: CommandMeta,
): Promise<DeckRoomSummary> {
  await runRoom(ctx, roomId, { type: 'ChangeDeckRoom', data: { roomId, userId, ...req } }, meta);
  const [room] = await listDeckRooms(ctx, userId, { roomId });
  return room!;
}
