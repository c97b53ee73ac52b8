import { type DeckRoomSummary } from '@fp/contracts';
import { pdfProblem } from '@fp/workflows';
import { createHash } from 'node:crypto';
import type { CommandMeta } from '../../platform/decider';
import { ValidationError } from '../../platform/http';
import type { DeckLinksServiceContext } from './context';
import { listDeckRooms } from './list-deck-rooms';
import { ownRoomRow, runRoom } from './room-state';

/** Where a room document's PDF is kept. */
const roomFileKey = (userId: string, roomId: string, documentId: string) =>
  `rooms/${userId}/${roomId}/${documentId}.pdf`;

/**
 * Adds a PDF to the founder's room, judged by its bytes as the pitch deck is (pdfProblem). The file is
 * written before the event (a crash in between leaves an unreferenced file, never a document without
 * bytes); a refused add (a full room) removes it again.
 */
export async function addRoomDocument(
  ctx: DeckLinksServiceContext,
  userId: string,
  roomId: string,
  fileName: string,
  bytes: Buffer,
  meta: CommandMeta,
): Promise<DeckRoomSummary> {
  await ownRoomRow(ctx, userId, roomId);
  const problem = pdfProblem(bytes);
  if (problem)
    throw new ValidationError(problem === 'The file is not a PDF.' ? 'The file is not a PDF. Upload a PDF.' : problem);
  const documentId = ctx.newId();
  const key = roomFileKey(userId, roomId, documentId);
  await ctx.storage.put(key, bytes, { contentType: 'application/pdf' });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  try {
    await runRoom(
      ctx,
      roomId,
      { type: 'AddRoomDocument', data: { roomId, userId, documentId, fileName, size: bytes.length, sha256, key } },
      meta,
    );
  } catch (err) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw err;
  }
  const [room] = await listDeckRooms(ctx, userId, { roomId });
  return room!;
}

/**
 * Takes a document out of the room: it is no longer listed or opened, and its file is removed; its
 * visits stay in the room's figures.
 */
export async function removeRoomDocument(
  ctx: DeckLinksServiceContext,
  userId: string,
  roomId: string,
  documentId: string,
  meta: CommandMeta,
): Promise<DeckRoomSummary> {
  const r = await runRoom(ctx, roomId, { type: 'RemoveRoomDocument', data: { roomId, userId, documentId } }, meta);
  if (r.events.length) await ctx.storage.delete(roomFileKey(userId, roomId, documentId)).catch(() => undefined);
  const [room] = await listDeckRooms(ctx, userId, { roomId });
  return room!;
}
