import { z } from 'zod';
import { DECK_ALERT_MODES } from './events';
import {
  DeckLinkFields,
  deckInvestorKind as investorKind,
  DeckLinkSummary,
  DeckPageFigure,
  DeckVisitFigures,
} from './link';
import type {
  CreateDeckRoomRequest,
  CreateRoomLinkRequest,
  DeckRoomAnalytics,
  DeckRoomSummary,
  UpdateDeckRoomRequest,
  UploadRoomDocumentQuery,
} from './rooms';

export { DeckLinkFields, DeckLinkSummary, DeckPageFigure, DeckVisitFigures };
export type { DeckLinkOrigin } from './link';

export const DECK_LINK_NOT_FOUND = 'Deck link not found';
export const DECK_LINK_OFF = 'This link has been turned off by its owner.';
export const DECK_LINK_EXPIRED = 'This link has expired.';
export const DECK_EMAIL_REQUIRED = 'Enter your e-mail address to view this deck.';
export const DECK_PASSCODE_REQUIRED = 'Enter the passcode to view this deck.';
export const DECK_PASSCODE_WRONG = 'The passcode is not correct.';
export const DECK_DOWNLOAD_OFF = 'Downloading is turned off for this link.';
export const DECK_VISIT_UNKNOWN = 'This viewing session has ended. Open the link again.';
export const DECK_NO_DECK = 'The founder has no deck to show right now.';
export const DECK_VERSION_NOT_FOUND = 'Deck version not found';
export const DECK_NEEDS_DECK = 'Upload your pitch deck (Settings → Pitch deck) before sharing it.';
const DECK_EXPIRY_PAST = 'The expiry date must be in the future.';
export const DECK_CODE_REQUIRED = 'Enter the code we sent to your e-mail.';
export const DECK_CODE_WRONG = 'The code is not correct.';
export const DECK_CODE_EXPIRED = 'This code has expired. Ask for a new one.';
export const DECK_CODE_USED = 'This code was already used. Ask for a new one.';
export const DECK_CODE_USED_UP = 'Too many wrong codes. Ask for a new one.';
export const DECK_CODE_TOO_MANY_SENT = 'Too many codes were sent to this e-mail. Try again in a few minutes.';
/** A one-time code's digits, minutes it stays valid, wrong tries it allows, and sends per window per link and e-mail. */
export const DECK_CODE_DIGITS = 6;
export const DECK_CODE_MINUTES = 10;
export const DECK_CODE_TRIES = 5;
export const DECK_CODE_SENDS = 3;
/** Highest page number a report may name, and most pages one report may carry. */
const MAX_DECK_PAGES = 1_000;

/** The unguessable part of a link's address: 32 random bytes, base64url. */
export const DECK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const deckLinkPath = (token: string) => `/d/${token}`;

const { email, name, passcode } = DeckLinkFields;

/** The expiry must lie ahead of `now` (the rule is the deck link decider's; the forms ask it first). */
export const deckExpiryProblem = (expiresAt: string | null | undefined, now: Date): string | null =>
  expiresAt && Date.parse(expiresAt) <= now.getTime() ? DECK_EXPIRY_PAST : null;
const isoTime = z.iso.datetime({
  offset: true,
  error: 'expiresAt must be a date and time (ISO 8601), e.g. 2026-12-31T23:59:00Z',
});

/** POST /api/deck-links: a link for an investor on the board, an e-mail address, or both. */
export const CreateDeckLinkRequest = z
  .strictObject({
    investorId: z.string({ error: 'investorId must be text' }).trim().min(1).max(100).optional(),
    investorKind: investorKind.optional(),
    email: email.optional(),
    name: name.optional(),
    requireEmail: z.boolean({ error: 'requireEmail must be true or false' }).optional(),
    allowDownload: z.boolean({ error: 'allowDownload must be true or false' }).optional(),
    expiresAt: isoTime.nullable().optional(),
    passcode: passcode.optional(),
    watermark: z.boolean({ error: 'watermark must be true or false' }).optional(),
    verifyEmail: z.boolean({ error: 'verifyEmail must be true or false' }).optional(),
  })
  .refine(
    (v) => (v.investorId === undefined) === (v.investorKind === undefined),
    'Give investorId and investorKind together',
  );
export type CreateDeckLinkRequest = z.infer<typeof CreateDeckLinkRequest>;
export const CreateDeckLinkResponse = z.object({ id: z.string(), url: z.string() });
export type CreateDeckLinkResponse = z.infer<typeof CreateDeckLinkResponse>;

/** PATCH /api/deck-links/:id: any setting; `passcode: null` removes it, `enabled: false` turns the link off (history kept). */
export const UpdateDeckLinkRequest = z
  .strictObject({
    email: email.nullable().optional(),
    name: name.nullable().optional(),
    requireEmail: z.boolean({ error: 'requireEmail must be true or false' }).optional(),
    allowDownload: z.boolean({ error: 'allowDownload must be true or false' }).optional(),
    expiresAt: isoTime.nullable().optional(),
    passcode: passcode.nullable().optional(),
    watermark: z.boolean({ error: 'watermark must be true or false' }).optional(),
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
    verifyEmail: z.boolean({ error: 'verifyEmail must be true or false' }).optional(),
  })
  .refine(
    (v) => Object.values(v).some((x) => x !== undefined),
    'Nothing to change: give email, name, requireEmail, allowDownload, expiresAt, passcode, watermark, enabled or verifyEmail',
  );
export type UpdateDeckLinkRequest = z.infer<typeof UpdateDeckLinkRequest>;

/** GET /api/deck-links/:id/analytics?deckId=&from=&to= (from/to: days, YYYY-MM-DD, inclusive). */
export const DeckLinkAnalyticsQuery = z.strictObject({
  deckId: z.string({ error: 'deckId must be text' }).min(1).max(200).optional(),
  from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
});
export type DeckLinkAnalyticsQuery = z.infer<typeof DeckLinkAnalyticsQuery>;

/**
 * GET /api/deck-links/:id/analytics: one link's visits (newest 500 in the dates asked) and its page
 * figures for one deck version (`deckId`, default the version its latest visit read): figures of
 * two versions are never mixed. `versions` lists the versions this link's visits read.
 */
export const DeckLinkAnalytics = z.object({
  deckId: z.string().nullable(),
  pageCount: z.number().int().nullable(),
  visits: z.array(DeckVisitFigures),
  pages: z.array(DeckPageFigure),
  versions: z.array(z.object({ deckId: z.string(), fileName: z.string().nullable(), visits: z.number().int() })),
});
export type DeckLinkAnalytics = z.infer<typeof DeckLinkAnalytics>;

/** GET /api/deck-analytics: the founder's current deck across all links (the deck page, the dashboard line). */
export const DeckAnalytics = z.object({
  deck: z.object({ id: z.string(), fileName: z.string() }).nullable(),
  pageCount: z.number().int().nullable(),
  visits: z.number().int(),
  /** People with at least one visit to this deck: by the e-mail they gave, else by link. */
  readers: z.number().int(),
  /** People (as `readers`) with a visit in the last 7 days, any version. */
  readersThisWeek: z.number().int(),
  pages: z.array(DeckPageFigure),
  /**
   * Every deck version the founder uploaded, newest first, with its own figures (a link serves the
   * current deck; each visit counts for the version it read). `deck` and `pages` are the one asked
   * for with `?deckId=` (default: the current deck).
   */
  versions: z.array(
    z.object({
      deckId: z.string(),
      fileName: z.string(),
      uploadedAt: z.string(),
      current: z.boolean(),
      visits: z.number().int(),
      readers: z.number().int(),
      pageCount: z.number().int().nullable(),
      lastVisitAt: z.string().nullable(),
    }),
  ),
});
export type DeckAnalytics = z.infer<typeof DeckAnalytics>;
/** GET /api/deck-analytics?deckId= */
export const DeckAnalyticsQuery = z.strictObject({
  deckId: z.string({ error: 'deckId must be text' }).min(1).max(200).optional(),
});

// The public viewer (no account): /api/d/:token…

/** GET /api/d/:token: what the viewer must ask before showing the deck. */
export const DeckViewInfo = z.object({
  requireEmail: z.boolean(),
  /** The viewer must type a one-time code sent to their e-mail (POST …/codes) before the visit starts. */
  verifyEmail: z.boolean(),
  requirePasscode: z.boolean(),
  allowDownload: z.boolean(),
  watermark: z.boolean(),
  tracked: z.literal(true),
  /** The founder opened their own link: a preview, not counted (no e-mail or passcode asked). */
  preview: z.boolean(),
  /** Whose deck this is, from the founder's profile ("Lumen Grid"), or null when the profile has no name. */
  companyName: z.string().nullable(),
  /** Only on a data room's link: its name and NDA (the viewer enters with POST …/room, not …/visits). */
  room: z
    .object({ name: z.string(), nda: z.object({ text: z.string(), version: z.number().int() }).nullable() })
    .optional(),
});
export type DeckViewInfo = z.infer<typeof DeckViewInfo>;

/** POST /api/d/:token/visits */
export const StartDeckVisitRequest = z.strictObject({
  email: email.optional(),
  passcode: z.string().max(64).optional(),
  /** The one-time code sent to `email` (links that verify e-mails). */
  code: z
    .string({ error: 'code must be text' })
    .trim()
    .regex(/^\d{6}$/, 'The code is the 6 digits in the e-mail we sent.')
    .optional(),
});
export type StartDeckVisitRequest = z.infer<typeof StartDeckVisitRequest>;
export const StartDeckVisitResponse = z.object({
  visitId: z.string(),
  /** The founder viewing their own link: shown, never counted. */
  preview: z.boolean(),
  /** Text to draw on every page, or null. */
  watermark: z.string().nullable(),
  allowDownload: z.boolean(),
  fileName: z.string(),
});
export type StartDeckVisitResponse = z.infer<typeof StartDeckVisitResponse>;

/** POST /api/d/:token/codes: send a one-time code to this e-mail (links that verify e-mails). */
export const SendDeckCodeRequest = z.strictObject({ email });
export type SendDeckCodeRequest = z.infer<typeof SendDeckCodeRequest>;
export const SendDeckCodeResponse = z.object({ sent: z.literal(true), expiresInMinutes: z.number().int() });
export type SendDeckCodeResponse = z.infer<typeof SendDeckCodeResponse>;

/** POST /api/d/:token/visits/:visitId/pages: visible seconds per page since the last report. */
export const DeckPagesBeacon = z.strictObject({
  pages: z
    .array(z.strictObject({ page: z.number().int().min(1).max(MAX_DECK_PAGES), seconds: z.number().min(0).max(3600) }))
    .max(50, 'At most 50 pages per report'),
  lastPage: z.number().int().min(1).max(MAX_DECK_PAGES),
  pageCount: z.number().int().min(1).max(MAX_DECK_PAGES).optional(),
});
export type DeckPagesBeacon = z.infer<typeof DeckPagesBeacon>;

// Deck alerts: the first visit of a link notifies its founder in the app and by e-mail (a setting).

const alertMode = z.enum(DECK_ALERT_MODES, { error: 'mode must be "first_visit", "every_visit" or "daily_digest"' });
/** `firstVisitEmail`: alerts are also e-mailed (named before the modes); `mode`: which visits alert. */
export const DeckAlertSettings = z.object({ firstVisitEmail: z.boolean(), mode: alertMode });
export type DeckAlertSettings = z.infer<typeof DeckAlertSettings>;
/** PUT /api/deck-notifications/settings: either or both. */
export const UpdateDeckAlertSettings = z
  .strictObject({
    firstVisitEmail: z.boolean({ error: 'firstVisitEmail must be true or false' }).optional(),
    mode: alertMode.optional(),
  })
  .refine(
    (v) => v.firstVisitEmail !== undefined || v.mode !== undefined,
    'Nothing to change: give firstVisitEmail or mode',
  );
export type UpdateDeckAlertSettings = z.infer<typeof UpdateDeckAlertSettings>;

/** One in-app notice: a link's first visit (or any visit, as the founder's alert mode says). */
export const DeckNotification = z.object({
  linkId: z.string(),
  visitId: z.string(),
  /** The link's first visit (false: a later visit, alerted in the every-visit and digest modes). */
  first: z.boolean(),
  /** The viewer proved their e-mail with a one-time code. */
  verified: z.boolean(),
  investorId: z.string().nullable(),
  investorKind: investorKind.nullable(),
  /** The investor's name on the founder's pipeline board, when the link is for a card there. */
  investorName: z.string().nullable(),
  /** The e-mail the visitor gave (or the address the link was made for), or null. */
  email: z.string().nullable(),
  at: z.string(),
  seen: z.boolean(),
});
export type DeckNotification = z.infer<typeof DeckNotification>;
/** GET /api/deck-notifications: the newest first visits, how many are unseen, and the e-mail setting. */
export const DeckNotificationsResponse = z.object({
  notifications: z.array(DeckNotification),
  unseen: z.number().int(),
  settings: DeckAlertSettings,
});
export type DeckNotificationsResponse = z.infer<typeof DeckNotificationsResponse>;

/**
 * The founder's deck links, alerts and data rooms (merged into `ApiContract`). A `void` answer is a
 * 204 with no body. The public viewer's routes (/api/d/:token…) are called without a session (the
 * viewer fetches them itself). A room's document is uploaded with `apiUpload` (the raw PDF as the
 * body, its name in the query), typed by its entry here.
 */
export interface DeckLinksApi {
  deckLinks: {
    GET: { response: { links: DeckLinkSummary[] } };
    POST: { body: z.input<typeof CreateDeckLinkRequest>; response: CreateDeckLinkResponse };
  };
  deckLink: {
    PATCH: { body: z.input<typeof UpdateDeckLinkRequest>; response: DeckLinkSummary };
    DELETE: { response: void };
  };
  deckLinkAnalytics: { GET: { query: z.input<typeof DeckLinkAnalyticsQuery>; response: DeckLinkAnalytics } };
  deckAnalytics: { GET: { query: z.input<typeof DeckAnalyticsQuery>; response: DeckAnalytics } };
  deckNotifications: { GET: { response: DeckNotificationsResponse } };
  deckNotificationsSeen: { POST: { response: void } };
  deckNotificationSettings: { PUT: { body: z.input<typeof UpdateDeckAlertSettings>; response: DeckAlertSettings } };
  deckRooms: {
    GET: { response: { rooms: DeckRoomSummary[] } };
    POST: { body: z.input<typeof CreateDeckRoomRequest>; response: DeckRoomSummary };
  };
  deckRoom: {
    GET: { response: DeckRoomSummary };
    PATCH: { body: z.input<typeof UpdateDeckRoomRequest>; response: DeckRoomSummary };
  };
  deckRoomDocuments: { PUT: { query: z.input<typeof UploadRoomDocumentQuery>; response: DeckRoomSummary } };
  deckRoomDocument: { DELETE: { response: DeckRoomSummary } };
  deckRoomLinks: { POST: { body: z.input<typeof CreateRoomLinkRequest>; response: CreateDeckLinkResponse } };
  deckRoomAnalytics: { GET: { response: DeckRoomAnalytics } };
}
