import { z } from 'zod';
import { DeckLinkFields, DeckLinkSummary, DeckPageFigure, DeckVisitFigures } from './link';

/**
 * A data room (docs/deck-links.md, "Data rooms"): several PDFs of one founder behind one tracked link,
 * optionally behind an NDA the viewer accepts by typing their name. Stream `deck-room-<roomId>`; its
 * links are deck links carrying `roomId`, and the NDA's acceptance is the link's `DeckRoomEntered`.
 */
type DeckRoomCreated = {
  type: 'DeckRoomCreated';
  data: { roomId: string; userId: string; name: string; ndaText: string | null; at: string };
};
/** Only what changed; `ndaText: null` turns the NDA off. */
type DeckRoomChanged = {
  type: 'DeckRoomChanged';
  data: { roomId: string; userId: string; name?: string; ndaText?: string | null };
};
type DeckRoomDocumentAdded = {
  type: 'DeckRoomDocumentAdded';
  data: {
    roomId: string;
    userId: string;
    documentId: string;
    fileName: string;
    size: number;
    sha256: string;
    /** Where the bytes are in file storage. */
    key: string;
    at: string;
  };
};
type DeckRoomDocumentRemoved = {
  type: 'DeckRoomDocumentRemoved';
  data: { roomId: string; userId: string; documentId: string };
};
export type DeckRoomEvent = DeckRoomCreated | DeckRoomChanged | DeckRoomDocumentAdded | DeckRoomDocumentRemoved;
export const DECK_ROOM_EVENT_TYPES = [
  'DeckRoomCreated',
  'DeckRoomChanged',
  'DeckRoomDocumentAdded',
  'DeckRoomDocumentRemoved',
] as const;
export const deckRoomStream = (roomId: string) => `deck-room-${roomId}`;

export const DECK_ROOM_NOT_FOUND = 'Data room not found';
export const DECK_ROOM_DOCUMENT_NOT_FOUND = 'Document not found';
export const DECK_ROOM_FULL = 'A data room holds at most 20 documents. Remove one first.';
export const DECK_ROOM_ENTRY_REQUIRED = 'Open the data room from its link first.';
export const DECK_NDA_REQUIRED = 'Type your full name to accept the NDA.';
export const DECK_NDA_CHANGED = 'The NDA was changed while you read it. Read it again, then accept.';
export const DECK_ROOM_NOT_A_ROOM = 'This link opens a single deck, not a data room.';
export const DECK_ROOM_IS_A_ROOM = 'This link opens a data room: choose a document first.';
export const MAX_ROOM_DOCUMENTS = 20;
const MAX_NDA_CHARS = 20_000;

/**
 * The NDA a new room offers, which the founder edits before sharing: it is their text, shown to the
 * viewer word for word. `{company}` is replaced with the founder's company name.
 */
export const DEFAULT_NDA_TEXT = `Confidentiality agreement

By accepting, you agree that the documents in this data room, and everything you learn from them about {company}, are confidential.

1. You will use them only to evaluate a possible investment in {company}.
2. You will not share, copy or forward them, or their contents, to anyone outside your firm, and inside it only to people who need them for that evaluation and are bound by the same duty.
3. This does not cover information that is public, that you already had, or that you receive from someone free to share it.
4. This agreement lasts two years from the day you accept it.

Typing your name below has the same effect as signing.`;

const roomName = z
  .string({ error: 'name must be text' })
  .trim()
  .min(1, 'Give the data room a name')
  .max(120, 'The name must be at most 120 characters');
const ndaText = z
  .string({ error: 'ndaText must be text' })
  .trim()
  .min(20, 'The NDA text is too short: write the terms the viewer accepts, or turn the NDA off')
  .max(MAX_NDA_CHARS, `The NDA text must be at most ${MAX_NDA_CHARS.toLocaleString('en-US')} characters`);

/** POST /api/deck-rooms: `ndaText` null (or absent) for a room without an NDA. */
export const CreateDeckRoomRequest = z.strictObject({ name: roomName, ndaText: ndaText.nullable().optional() });
export type CreateDeckRoomRequest = z.infer<typeof CreateDeckRoomRequest>;
/** PATCH /api/deck-rooms/:id */
export const UpdateDeckRoomRequest = z
  .strictObject({ name: roomName.optional(), ndaText: ndaText.nullable().optional() })
  .refine((v) => v.name !== undefined || v.ndaText !== undefined, 'Nothing to change: give name or ndaText');
export type UpdateDeckRoomRequest = z.infer<typeof UpdateDeckRoomRequest>;

/** PUT /api/deck-rooms/:id/documents?name=FILE.pdf with the PDF as the raw body (as the deck upload). */
export const UploadRoomDocumentQuery = z.strictObject({
  name: z
    .string({ error: 'name must be text' })
    .trim()
    .min(1, 'Give the file a name')
    .max(200, 'The file name is too long (at most 200 characters)')
    .refine((n) => !/[\u0000-\u001f/\\]/.test(n), 'The file name contains characters that are not allowed'),
});

/** POST /api/deck-rooms/:id/links: a room's link takes a deck link's recipient and settings. */
export const CreateRoomLinkRequest = z.strictObject({
  email: DeckLinkFields.email.optional(),
  name: DeckLinkFields.name.optional(),
  requireEmail: z.boolean({ error: 'requireEmail must be true or false' }).optional(),
  allowDownload: z.boolean({ error: 'allowDownload must be true or false' }).optional(),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'expiresAt must be a date and time (ISO 8601), e.g. 2026-12-31T23:59:00Z' })
    .nullable()
    .optional(),
  passcode: DeckLinkFields.passcode.optional(),
  watermark: z.boolean({ error: 'watermark must be true or false' }).optional(),
  verifyEmail: z.boolean({ error: 'verifyEmail must be true or false' }).optional(),
});
export type CreateRoomLinkRequest = z.infer<typeof CreateRoomLinkRequest>;

const DeckRoomDocument = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  addedAt: z.string(),
});

/** An NDA accepted in a room: who typed which name, when, through which link, and the text they accepted. */
const DeckNdaAcceptance = z.object({
  entryId: z.string(),
  linkId: z.string(),
  at: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  ndaText: z.string(),
});

/** GET /api/deck-rooms: the founder's rooms, newest first. */
export const DeckRoomSummary = z.object({
  id: z.string(),
  name: z.string(),
  ndaText: z.string().nullable(),
  documents: z.array(DeckRoomDocument),
  createdAt: z.string(),
  acceptances: z.number().int(),
  visits: z.number().int(),
  /** The room's links, as the Deck page lists a deck's (the same settings, on/off, delete). */
  links: z.array(DeckLinkSummary),
});
export type DeckRoomSummary = z.infer<typeof DeckRoomSummary>;

/**
 * GET /api/deck-rooms/:id/analytics: per document, its visits and page figures (over every link of the
 * room), the newest 500 visits (each names its document), and the NDA acceptances, newest first.
 */
export const DeckRoomAnalytics = z.object({
  documents: z.array(
    z.object({
      documentId: z.string(),
      fileName: z.string(),
      /** False once the founder removed it (its visits stay). */
      current: z.boolean(),
      visits: z.number().int(),
      readers: z.number().int(),
      pageCount: z.number().int().nullable(),
      pages: z.array(DeckPageFigure),
    }),
  ),
  visits: z.array(DeckVisitFigures.extend({ linkId: z.string(), documentId: z.string() })),
  acceptances: z.array(DeckNdaAcceptance),
});
export type DeckRoomAnalytics = z.infer<typeof DeckRoomAnalytics>;

// The viewer's side: /api/d/:token on a room's link.

/** POST /api/d/:token/room: the link's gates (e-mail, passcode, code) and, for an NDA room, the name typed. */
export const EnterDeckRoomRequest = z.strictObject({
  email: DeckLinkFields.email.optional(),
  passcode: z.string().max(64).optional(),
  code: z
    .string({ error: 'code must be text' })
    .trim()
    .regex(/^\d{6}$/, 'The code is the 6 digits in the e-mail we sent.')
    .optional(),
  ndaName: z
    .string({ error: 'ndaName must be text' })
    .trim()
    .min(2, DECK_NDA_REQUIRED)
    .max(120, 'The name must be at most 120 characters')
    .optional(),
  ndaVersion: z.number({ error: 'ndaVersion must be a number' }).int().min(0).optional(),
});
export type EnterDeckRoomRequest = z.infer<typeof EnterDeckRoomRequest>;
export const EnterDeckRoomResponse = z.object({
  entryId: z.string(),
  preview: z.boolean(),
  documents: z.array(z.object({ id: z.string(), fileName: z.string(), size: z.number().int() })),
});
export type EnterDeckRoomResponse = z.infer<typeof EnterDeckRoomResponse>;
