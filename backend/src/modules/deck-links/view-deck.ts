import {
  DECK_LINK_EXPIRED,
  DECK_LINK_NOT_FOUND,
  DECK_LINK_OFF,
  DECK_NO_DECK,
  DECK_ROOM_DOCUMENT_NOT_FOUND,
  DECK_ROOM_IS_A_ROOM,
  DECK_TOKEN_PATTERN,
  deckLinkStream,
  type DeckDevice,
  type DeckLinkEvent,
  type DeckPagesBeacon,
  type DeckViewInfo,
  type StartDeckVisitRequest,
  type StartDeckVisitResponse,
} from '@fp/contracts';
import { randomBytes } from 'node:crypto';
import { DomainError, handleCommand, type CommandMeta } from '../../platform/decider';
import type { DeckLinksServiceContext } from './context';
import { deckLinkDecider, type DeckLinkCommand } from './deck-link-decider';
import { acceptDeckCode } from './accept-deck-code';
import { verifyPasscode } from './passcode';
import { roomState } from './room-state';
import { watermarkPdf } from './watermark-pdf';

/** The id the founder's own (unrecorded) view uses: only their session opens the file with it. */
export const PREVIEW_VISIT = 'preview';
/** The founder's own look at a room's document: the preview id names the document it shows. */
export const roomPreviewVisit = (documentId: string) => `${PREVIEW_VISIT}-${documentId}`;
/** The founder's own (unrecorded) visit id, of a deck or of a room's document. */
export const isPreviewVisit = (visitId: string) => visitId === PREVIEW_VISIT || visitId.startsWith(`${PREVIEW_VISIT}-`);

export interface LinkRow {
  id: string;
  user_id: string;
  email: string | null;
  require_email: boolean;
  allow_download: boolean;
  expires_at: Date | null;
  passcode_hash: string | null;
  watermark: boolean;
  enabled: boolean;
  verify_email: boolean;
  /** The data room this link opens, or null for the founder's deck. */
  room_id: string | null;
}

/** The link behind a token, or 404: a malformed token is as unknown as a wrong one. */
export async function linkByToken(ctx: Pick<DeckLinksServiceContext, 'db'>, token: string): Promise<LinkRow> {
  if (!DECK_TOKEN_PATTERN.test(token)) throw new DomainError(DECK_LINK_NOT_FOUND, 404, 'not_found');
  const row = await ctx.db.selectFrom('deck_links').selectAll().where('token', '=', token).executeTakeFirst();
  if (!row) throw new DomainError(DECK_LINK_NOT_FOUND, 404, 'not_found');
  return row as LinkRow;
}

export function live(row: LinkRow, now: Date) {
  if (!row.enabled) throw new DomainError(DECK_LINK_OFF, 410, 'link_off');
  if (row.expires_at && new Date(row.expires_at).getTime() <= now.getTime())
    throw new DomainError(DECK_LINK_EXPIRED, 410, 'link_expired');
}

/** What the viewer page asks before showing the deck (the gates), refused at once when the link is off or expired. */
export async function viewInfo(
  ctx: Pick<DeckLinksServiceContext, 'profile' | 'store'>,
  row: LinkRow,
  now: Date,
  owner: boolean,
): Promise<DeckViewInfo> {
  if (!owner) live(row, now);
  const { profile } = await ctx.profile.get(row.user_id);
  return {
    companyName: profile.companyName?.trim() || null,
    requireEmail: (row.require_email || row.verify_email) && !owner,
    verifyEmail: row.verify_email && !owner,
    requirePasscode: row.passcode_hash !== null && !owner,
    allowDownload: row.allow_download,
    watermark: row.watermark,
    tracked: true,
    preview: owner,
    // Only on a room's link: a deck link's answer stays as it was.
    ...(row.room_id ? { room: await roomInfo(ctx, row.room_id, owner) } : {}),
  };
}

/** A room link's name and NDA (the founder's own look is asked no NDA), from the room's stream. */
async function roomInfo(ctx: Pick<DeckLinksServiceContext, 'store'>, roomId: string, owner: boolean) {
  const room = await roomState(ctx, roomId);
  const text = room.room?.ndaText;
  return {
    name: room.room?.name ?? '',
    nda: text && !owner ? { text, version: room.ndaVersion } : null,
  };
}

export async function run(
  ctx: DeckLinksServiceContext,
  linkId: string,
  command: DeckLinkCommand,
  meta: CommandMeta,
  wait: boolean,
) {
  const r = await handleCommand(ctx.store, deckLinkStream(linkId), deckLinkDecider, command, meta, { maxRetries: 50 });
  if (wait && r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  return r;
}

/**
 * A visitor passed the page's form: the gates are the decider's (e-mail, passcode, expiry, off).
 * The founder's own session sees the deck as a preview and records nothing.
 */
export async function startDeckVisit(
  ctx: DeckLinksServiceContext,
  row: LinkRow,
  input: StartDeckVisitRequest,
  owner: boolean,
  meta: CommandMeta,
  /** The browser's kind (phone, tablet, desktop), from its user agent; the user agent itself is not kept. */
  device: DeckDevice | null = null,
): Promise<StartDeckVisitResponse & { passcodeFailed: boolean }> {
  // A room's link is entered first (enter-deck-room.ts); its documents open from there.
  if (row.room_id) throw new DomainError(DECK_ROOM_IS_A_ROOM, 400, 'room_link');
  const { current } = await ctx.profile.pitchDeck(row.user_id);
  if (!current) throw new DomainError(DECK_NO_DECK, 404, 'no_deck');
  const passcodeOk =
    row.passcode_hash && input.passcode !== undefined && input.passcode !== ''
      ? await verifyPasscode(input.passcode, row.passcode_hash)
      : null;
  const visitId = owner ? PREVIEW_VISIT : randomBytes(18).toString('base64url');
  const email = input.email ?? null;
  // The one-time code is checked (and used up) only once the other gates passed, so a wrong passcode
  // does not spend it; the visit then carries the verified e-mail.
  let verified = false;
  if (row.verify_email && !owner && email && input.code && (row.passcode_hash ? passcodeOk === true : true)) {
    live(row, meta.now);
    verified = await acceptDeckCode(ctx, row, email, input.code, meta);
  }
  try {
    await run(
      ctx,
      row.id,
      {
        type: 'StartDeckVisit',
        data: { linkId: row.id, visitId, email, passcodeOk, deckId: current.id, owner, device, verified },
      },
      meta,
      false,
    );
  } catch (err) {
    if (err instanceof DomainError && err.code === 'passcode_wrong') Object.assign(err, { passcodeFailed: true });
    throw err;
  }
  return {
    visitId,
    preview: owner,
    watermark: row.watermark ? (email ?? (owner ? 'Preview' : null)) : null,
    allowDownload: row.allow_download,
    fileName: current.fileName,
    passcodeFailed: false,
  };
}

/** A report of visible seconds per page (the viewer's beacon). The founder's preview records nothing. */
export async function recordPagesRead(
  ctx: DeckLinksServiceContext,
  row: LinkRow,
  visitId: string,
  beacon: DeckPagesBeacon,
  meta: CommandMeta,
) {
  await run(
    ctx,
    row.id,
    {
      type: 'RecordPagesRead',
      data: {
        linkId: row.id,
        visitId,
        pages: beacon.pages,
        lastPage: beacon.lastPage,
        pageCount: beacon.pageCount ?? null,
      },
    },
    meta,
    false,
  );
}

/**
 * The current deck's first page as an image, for a started visit (or the founder's preview): shown
 * while the PDF and pdf.js load. The gates are checked as for the file; nothing is recorded (the
 * visit's opening is recorded when the PDF itself is fetched).
 */
export async function deckCover(
  ctx: DeckLinksServiceContext,
  row: LinkRow,
  visitId: string,
  owner: boolean,
  meta: CommandMeta,
): Promise<Buffer> {
  if (!owner) await run(ctx, row.id, { type: 'OpenDeckFile', data: { linkId: row.id, visitId } }, meta, false);
  // A room's documents have no image drawn at upload: the viewer waits for pdf.js's page.
  const cover = row.room_id ? null : await ctx.profile.pitchDeckCover(row.user_id);
  if (!cover) throw new DomainError('This deck has no first-page image; the page itself is loading.', 404, 'no_cover');
  return cover;
}

/** The current deck's bytes for a started visit (or the founder's preview); a download is recorded and needs the link to allow it. */
export async function deckFile(
  ctx: DeckLinksServiceContext,
  row: LinkRow,
  visitId: string,
  owner: boolean,
  download: boolean,
  meta: CommandMeta,
) {
  if (row.room_id) return roomDocumentFile(ctx, row, visitId, owner, download, meta);
  const { current } = await ctx.profile.pitchDeck(row.user_id);
  const file = current ? await ctx.profile.pitchDeckFile(row.user_id) : null;
  if (!current || !file) throw new DomainError(DECK_NO_DECK, 404, 'no_deck');
  if (!owner) {
    const command: DeckLinkCommand = download
      ? { type: 'DownloadDeck', data: { linkId: row.id, visitId, deckId: current.id } }
      : { type: 'OpenDeckFile', data: { linkId: row.id, visitId } };
    await run(ctx, row.id, command, meta, false);
  }
  return watermarked(ctx, row, visitId, owner, download, file);
}

/**
 * A room document's bytes for a started visit of that document (the visit needed an entry, and so
 * the NDA when the room has one: without it nothing is served), or the founder's preview.
 */
async function roomDocumentFile(
  ctx: DeckLinksServiceContext,
  row: LinkRow,
  visitId: string,
  owner: boolean,
  download: boolean,
  meta: CommandMeta,
) {
  let documentId = owner ? visitId.slice(PREVIEW_VISIT.length + 1) : undefined;
  if (!owner) {
    const opened = await run(ctx, row.id, { type: 'OpenDeckFile', data: { linkId: row.id, visitId } }, meta, false);
    documentId = opened.state.visits.get(visitId)?.documentId;
  }
  const doc = documentId ? (await roomState(ctx, row.room_id!)).documents.get(documentId) : undefined;
  const bytes = doc ? await ctx.storage.get(doc.key) : null;
  if (!documentId || !doc || !bytes) throw new DomainError(DECK_ROOM_DOCUMENT_NOT_FOUND, 404, 'not_found');
  if (download && !owner)
    await run(
      ctx,
      row.id,
      { type: 'DownloadDeck', data: { linkId: row.id, visitId, deckId: documentId } },
      meta,
      false,
    );
  return watermarked(ctx, row, visitId, owner, download, { fileName: doc.fileName, bytes });
}

async function watermarked<F extends { fileName: string; bytes: Buffer }>(
  ctx: DeckLinksServiceContext,
  row: LinkRow,
  visitId: string,
  owner: boolean,
  download: boolean,
  file: F,
): Promise<F> {
  // A watermarked link's download carries the watermark the pages show (the viewer's e-mail).
  if (download && row.watermark) {
    const text = owner ? 'Preview' : await visitEmail(ctx, row.id, visitId);
    if (text) return { ...file, bytes: await watermarkPdf(file.bytes, text) };
  }
  return file;
}

/** The e-mail a visit was started with, from the link's own stream (the read model may lag). */
async function visitEmail(ctx: DeckLinksServiceContext, linkId: string, visitId: string): Promise<string | null> {
  const { events } = await ctx.store.readStream(deckLinkStream(linkId));
  for (const e of events as DeckLinkEvent[])
    if (e.type === 'DeckVisitStarted' && e.data.visitId === visitId) return e.data.email ?? null;
  return null;
}
