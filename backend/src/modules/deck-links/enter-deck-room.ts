import {
  DECK_ROOM_DOCUMENT_NOT_FOUND,
  DECK_ROOM_NOT_A_ROOM,
  type DeckDevice,
  type EnterDeckRoomRequest,
  type EnterDeckRoomResponse,
  type StartDeckVisitResponse,
} from '@fp/contracts';
import { randomBytes } from 'node:crypto';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { acceptDeckCode } from './accept-deck-code';
import type { DeckLinksServiceContext } from './context';
import { verifyPasscode } from './passcode';
import { roomState } from './room-state';
import { live, PREVIEW_VISIT, roomPreviewVisit, run, type LinkRow } from './view-deck';

/**
 * A viewer enters a room's link: its gates (e-mail, passcode, one-time code, as a deck visit's) and,
 * when the room has an NDA, its acceptance with the name typed, recorded as DeckRoomEntered with the
 * exact text of the version they read. Answers the entry and the room's documents (nothing before).
 * The founder's own session looks without an NDA and records nothing.
 */
export async function enterDeckRoom(
  ctx: DeckLinksServiceContext,
  row: LinkRow,
  input: EnterDeckRoomRequest,
  owner: boolean,
  meta: CommandMeta,
): Promise<EnterDeckRoomResponse & { passcodeFailed: boolean }> {
  if (!row.room_id) throw new DomainError(DECK_ROOM_NOT_A_ROOM, 400, 'not_a_room');
  const room = await roomState(ctx, row.room_id);
  const passcodeOk =
    row.passcode_hash && input.passcode !== undefined && input.passcode !== ''
      ? await verifyPasscode(input.passcode, row.passcode_hash)
      : null;
  const email = input.email ?? null;
  const nda = room.room?.ndaText ? { text: room.room.ndaText, version: room.ndaVersion } : null;
  // As for a deck visit, the one-time code is spent only once the other gates passed: the passcode,
  // and the NDA's name for the version shown (a missing name must not cost the viewer their code).
  let verified = false;
  const ndaReady = !nda || (input.ndaName?.trim() && input.ndaVersion === nda.version);
  if (
    row.verify_email &&
    !owner &&
    email &&
    input.code &&
    (row.passcode_hash ? passcodeOk === true : true) &&
    ndaReady
  ) {
    live(row, meta.now);
    verified = await acceptDeckCode(ctx, row, email, input.code, meta);
  }
  const entryId = owner ? PREVIEW_VISIT : randomBytes(18).toString('base64url');
  try {
    await run(
      ctx,
      row.id,
      {
        type: 'EnterDeckRoom',
        data: {
          linkId: row.id,
          entryId,
          email,
          passcodeOk,
          owner,
          verified,
          nda,
          accepted: input.ndaName ? { name: input.ndaName, version: input.ndaVersion ?? -1 } : null,
        },
      },
      meta,
      true,
    );
  } catch (err) {
    if (err instanceof DomainError && err.code === 'passcode_wrong') Object.assign(err, { passcodeFailed: true });
    throw err;
  }
  return {
    entryId,
    preview: owner,
    documents: [...room.documents].map(([id, d]) => ({ id, fileName: d.fileName, size: d.size })),
    passcodeFailed: false,
  };
}

/**
 * Opens one of the room's documents through an entry of this link (the decider refuses without one:
 * 401): a deck visit whose deck_id is the document, so the viewer reads it as it reads a deck.
 */
export async function startRoomVisit(
  ctx: DeckLinksServiceContext,
  row: LinkRow,
  entryId: string,
  documentId: string,
  owner: boolean,
  meta: CommandMeta,
  device: DeckDevice | null = null,
): Promise<StartDeckVisitResponse> {
  if (!row.room_id) throw new DomainError(DECK_ROOM_NOT_A_ROOM, 400, 'not_a_room');
  const room = await roomState(ctx, row.room_id);
  const doc = room.documents.get(documentId);
  if (!doc) throw new DomainError(DECK_ROOM_DOCUMENT_NOT_FOUND, 404, 'not_found');
  const visitId = owner ? roomPreviewVisit(documentId) : randomBytes(18).toString('base64url');
  const r = await run(
    ctx,
    row.id,
    {
      type: 'StartDeckVisit',
      data: {
        linkId: row.id,
        visitId,
        email: null,
        passcodeOk: null,
        deckId: documentId,
        owner,
        device,
        room: { entryId, documentId },
      },
    },
    meta,
    false,
  );
  const email = owner ? null : (r.state.entries.get(entryId)?.email ?? null);
  return {
    visitId,
    preview: owner,
    watermark: row.watermark ? (email ?? (owner ? 'Preview' : null)) : null,
    allowDownload: row.allow_download,
    fileName: doc.fileName,
  };
}
