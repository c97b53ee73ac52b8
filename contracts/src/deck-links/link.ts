import { z } from 'zod';
import { recipientEmail } from '../common/email';
import { INVESTOR_KINDS } from '../pipeline/events';
import { DECK_DEVICES } from './events';

// What a link is and what its visits read: the shapes both the links (api.ts) and the data rooms
// (rooms.ts) are built of, apart so that neither file imports the other back.

const DECK_PASSCODE_MIN = 4;
/** Where a link came from, as the Deck page's list says it. */
const DECK_LINK_ORIGINS = ['application', 'pipeline', 'update', 'hand'] as const;
export type DeckLinkOrigin = (typeof DECK_LINK_ORIGINS)[number];

const email = recipientEmail;
const passcode = z
  .string({ error: 'passcode must be text' })
  .min(DECK_PASSCODE_MIN, `The passcode must be at least ${DECK_PASSCODE_MIN} characters`)
  .max(64, 'The passcode must be at most 64 characters');
const name = z
  .string({ error: 'name must be text' })
  .trim()
  .min(1, 'Enter the recipient’s name, or leave it empty')
  .max(120, 'The name must be at most 120 characters');

/**
 * The recipient and settings fields of the Share and Edit forms: the screens check them with these
 * schemas before sending, and the API parses the same ones (the same messages in both places).
 */
export const DeckLinkFields = { email, name, passcode } as const;

export const deckInvestorKind = z.enum(INVESTOR_KINDS, { error: 'investorKind must be "vc" or "angel"' });

/** One row of GET /api/deck-links: the fields first, then the settings the screens show. */
export const DeckLinkSummary = z.object({
  id: z.string(),
  url: z.string(),
  investorId: z.string().nullable(),
  email: z.string().nullable(),
  visits: z.number().int(),
  pagesViewed: z.number().int(),
  totalSeconds: z.number(),
  lastVisitAt: z.string().nullable(),
  enabled: z.boolean(),
  investorKind: deckInvestorKind.nullable(),
  /** Pages of the deck as the last viewer's browser counted them (null before the first visit). */
  pageCount: z.number().int().nullable(),
  requireEmail: z.boolean(),
  allowDownload: z.boolean(),
  expiresAt: z.string().nullable(),
  hasPasscode: z.boolean(),
  watermark: z.boolean(),
  /** The viewer proves their e-mail with a one-time code before the deck opens. */
  verifyEmail: z.boolean(),
  source: z.enum(['founder', 'application', 'update']),
  createdAt: z.string(),
  /** The recipient's name as the founder typed it (or null). */
  name: z.string().nullable(),
  /** Where it came from: an application, a pipeline card, an investor update, or made by hand on /deck. */
  origin: z.enum(DECK_LINK_ORIGINS),
  /**
   * The deck version `pagesViewed` and `pageCount` are of: the one this link's latest visit read, so
   * "4 of 10 pages" never mixes pages of a 12-page and a 10-page version (null before a visit).
   */
  deckId: z.string().nullable(),
});
export type DeckLinkSummary = z.infer<typeof DeckLinkSummary>;

export const DeckPageFigure = z.object({ page: z.number().int(), avgSeconds: z.number(), reached: z.number().int() });
export type DeckPageFigure = z.infer<typeof DeckPageFigure>;

export const DeckVisitFigures = z.object({
  visitId: z.string(),
  at: z.string(),
  /** The e-mail the viewer gave (or null). */
  email: z.string().nullable(),
  /** The viewer proved `email` with a one-time code. */
  verified: z.boolean(),
  device: z.enum(DECK_DEVICES).nullable(),
  deckId: z.string(),
  /** Visible seconds on each page of this visit. */
  pages: z.array(z.object({ page: z.number().int(), seconds: z.number() })),
  /** The furthest page the visit showed. */
  reach: z.number().int(),
  /** The version's length as this viewer's browser counted it (null before it reported). */
  pageCount: z.number().int().nullable(),
  /** reach / pageCount in whole per cent, or null without a page count. */
  completion: z.number().int().nullable(),
  totalSeconds: z.number(),
  downloaded: z.boolean(),
});
export type DeckVisitFigures = z.infer<typeof DeckVisitFigures>;
