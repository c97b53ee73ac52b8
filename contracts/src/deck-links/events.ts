import type { InvestorKind } from '../pipeline/events';

/** Kinds of device a visit came from, derived from the browser's user agent (the user agent itself is not kept). */
export const DECK_DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type DeckDevice = (typeof DECK_DEVICES)[number];

/** The device class of a user agent: iPads and Android without "Mobile" are tablets, other mobiles phones. */
export function deviceOf(userAgent: string | undefined | null): DeckDevice | null {
  if (!userAgent) return null;
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'phone';
  return 'desktop';
}

/**
 * Events of a tracked deck link: one stream per link, `deck-link-<linkId>`, holding its
 * settings and every visit to it (docs/deck-links.md). The founder's deck itself stays in the
 * profile module; a link always serves the founder's current deck, and each visit records which
 * deck version it saw (`deckId`).
 */

export interface DeckLinkSettings {
  requireEmail: boolean;
  allowDownload: boolean;
  /** ISO time after which the link refuses visits, or null. */
  expiresAt: string | null;
  /** scrypt hash of the passcode (never the passcode itself), or null for none. */
  passcodeHash: string | null;
  /** Draw the viewer's e-mail into every page image. */
  watermark: boolean;
  /** Off refuses visits and keeps the history. */
  enabled: boolean;
  /**
   * The viewer proves their e-mail with a one-time code sent to it before the deck opens (absent on
   * links made before verification: off).
   */
  verifyEmail?: boolean;
}

export const DECK_LINK_DEFAULTS: DeckLinkSettings = {
  requireEmail: true,
  allowDownload: false,
  expiresAt: null,
  passcodeHash: null,
  watermark: false,
  enabled: true,
  verifyEmail: false,
};

export type DeckLinkCreated = {
  type: 'DeckLinkCreated';
  data: {
    linkId: string;
    userId: string;
    /** The unguessable part of the link's address. */
    token: string;
    investorId: string | null;
    investorKind: InvestorKind | null;
    /** Who the founder sent it to (a by-hand link for any address). */
    email: string | null;
    /** The recipient's name as the founder typed it (absent on links made before names). */
    name?: string | null;
    settings: DeckLinkSettings;
    /** 'founder': by hand (on /deck or a pipeline card); 'update': an investor update's recipient link. */
    source: 'founder' | 'application' | 'update';
    /** The application the automation made it for (source 'application'). */
    submissionId: string | null;
    /** The data room this link opens (deck-room-<roomId>) instead of the founder's deck; absent on deck links. */
    roomId?: string | null;
  };
};
/** Only the settings that changed. */
type DeckLinkSettingsChanged = {
  type: 'DeckLinkSettingsChanged';
  data: {
    linkId: string;
    userId: string;
    changes: Partial<DeckLinkSettings> & { email?: string | null; name?: string | null };
  };
};
/**
 * The founder deleted the link: it leaves their list and refuses visits for good; its visits stay
 * (the deck's figures keep counting them) and the stream keeps its whole history.
 */
type DeckLinkDeleted = { type: 'DeckLinkDeleted'; data: { linkId: string; userId: string; at: string } };
/** Someone passed the link's gates (`at`: when; deciders see no event metadata). The founder's own visits are never recorded. */
export type DeckVisitStarted = {
  type: 'DeckVisitStarted';
  data: {
    linkId: string;
    userId: string;
    visitId: string;
    at: string;
    email: string | null;
    investorId: string | null;
    investorKind: InvestorKind | null;
    deckId: string;
    /** phone, tablet or desktop from the browser's user agent (the user agent itself is not kept). */
    device?: DeckDevice | null;
    /** The viewer proved `email` with a one-time code (DeckViewerVerified) before this visit. */
    verified?: boolean;
    /**
     * A visit in a data room: the document it opened (also its `deckId`, so a document's figures are
     * kept like a deck version's) and the room entry (DeckRoomEntered) it came through.
     */
    documentId?: string;
    entryId?: string;
  };
};
/**
 * Someone passed a room link's gates (e-mail, passcode, code) and, in a room with an NDA, accepted
 * it by typing their name: `nda` is that acceptance, with the exact text they accepted.
 */
export type DeckRoomEntered = {
  type: 'DeckRoomEntered';
  data: {
    linkId: string;
    userId: string;
    roomId: string;
    entryId: string;
    at: string;
    email: string | null;
    verified?: boolean;
    nda: { name: string; text: string } | null;
  };
};
/** Visible seconds per page since the visit's last report (a hidden tab counts nothing), and the page on screen. */
export type DeckPagesRead = {
  type: 'DeckPagesRead';
  data: {
    linkId: string;
    userId: string;
    visitId: string;
    at: string;
    pages: { page: number; seconds: number }[];
    lastPage: number;
    pageCount: number | null;
  };
};
type DeckDownloaded = {
  type: 'DeckDownloaded';
  data: { linkId: string; userId: string; visitId: string; at: string; deckId: string };
};

export type DeckLinkEvent =
  | DeckLinkCreated
  | DeckLinkSettingsChanged
  | DeckLinkDeleted
  | DeckVisitStarted
  | DeckPagesRead
  | DeckDownloaded
  | DeckRoomEntered;
export const DECK_LINK_EVENT_TYPES = [
  'DeckLinkCreated',
  'DeckLinkSettingsChanged',
  'DeckLinkDeleted',
  'DeckVisitStarted',
  'DeckPagesRead',
  'DeckDownloaded',
  'DeckRoomEntered',
] as const;

export const deckLinkStream = (linkId: string) => `deck-link-${linkId}`;

/**
 * The founder's deck alerts (stream `deck-alerts-<userId>`): whether a link's first visit is also
 * e-mailed (on unless switched off in Settings), and how far the in-app notices have been seen.
 */
type DeckAlertsChanged = { type: 'DeckAlertsChanged'; data: { userId: string; firstVisitEmail: boolean } };
/** The founder saw the in-app notices up to `until` (ISO time). */
type DeckNotificationsSeen = { type: 'DeckNotificationsSeen'; data: { userId: string; until: string } };
export type DeckAlertsEvent = DeckAlertsChanged | DeckNotificationsSeen | DeckAlertModeChanged;
export const DECK_ALERTS_EVENT_TYPES = ['DeckAlertsChanged', 'DeckNotificationsSeen', 'DeckAlertModeChanged'] as const;
export const deckAlertsStream = (userId: string) => `deck-alerts-${userId}`;

/**
 * What a deck visit alerts the founder about: a link's first visit only (the default), every visit,
 * or every visit in the app and one e-mail a day summarising the day's visits.
 */
export const DECK_ALERT_MODES = ['first_visit', 'every_visit', 'daily_digest'] as const;
export type DeckAlertMode = (typeof DECK_ALERT_MODES)[number];
/** The founder chose when deck visits alert them (stream `deck-alerts-<userId>`). */
type DeckAlertModeChanged = { type: 'DeckAlertModeChanged'; data: { userId: string; mode: DeckAlertMode } };

/**
 * One-time codes of a link's viewer (stream `deck-code-<linkId>-<emailKey>`, one per link and
 * e-mail): a code sent, a wrong try, and the code accepted. The code itself is never stored: a salted
 * hash of it is, and it is worthless after `expiresAt`.
 */
export type DeckCodeSent = {
  type: 'DeckCodeSent';
  data: {
    linkId: string;
    userId: string;
    email: string;
    codeId: string;
    salt: string;
    hash: string;
    at: string;
    expiresAt: string;
  };
};
type DeckCodeRejected = {
  type: 'DeckCodeRejected';
  data: { linkId: string; userId: string; email: string; codeId: string; at: string };
};
/** The viewer typed the right code in time: their e-mail is verified for the visit that follows. */
type DeckViewerVerified = {
  type: 'DeckViewerVerified';
  data: { linkId: string; userId: string; email: string; codeId: string; at: string };
};
export type DeckCodeEvent = DeckCodeSent | DeckCodeRejected | DeckViewerVerified;
/** `emailKey`: a digest of the lower-cased e-mail, so the stream's name carries no address. */
export const deckCodeStream = (linkId: string, emailKey: string) => `deck-code-${linkId}-${emailKey}`;
