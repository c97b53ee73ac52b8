import type { CreateDeckLinkResponse, CreateRoomLinkRequest } from '@fp/contracts';
import type { CommandMeta } from '../../platform/decider';
import type { DeckLinksServiceContext } from './context';
import { createDeckLink } from './create-deck-link';
import { ownRoomRow } from './room-state';

/** A tracked link to the founder's room: a deck link (same settings, list, on/off) that opens the room. */
export async function createRoomLink(
  ctx: DeckLinksServiceContext,
  userId: string,
  roomId: string,
  req: CreateRoomLinkRequest,
  meta: CommandMeta,
): Promise<CreateDeckLinkResponse> {
  await ownRoomRow(ctx, userId, roomId);
  return createDeckLink(ctx, userId, req, meta, { roomId });
}
