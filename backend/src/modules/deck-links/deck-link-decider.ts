// Long file: a link's rules (settings, gates, visits, page reports, downloads, data-room entries) decide on one stream together.
import {
  DECK_CODE_REQUIRED,
  DECK_DOWNLOAD_OFF,
  DECK_EMAIL_REQUIRED,
  DECK_LINK_EXPIRED,
  DECK_LINK_NOT_FOUND,
  DECK_LINK_OFF,
  DECK_NDA_CHANGED,
  DECK_NDA_REQUIRED,
  DECK_PASSCODE_REQUIRED,
  DECK_PASSCODE_WRONG,
  DECK_ROOM_ENTRY_REQUIRED,
  DECK_ROOM_IS_A_ROOM,
  DECK_ROOM_NOT_A_ROOM,
  DECK_VISIT_UNKNOWN,
  deckExpiryProblem,
  type DeckDevice,
  type DeckLinkCreated,
  type DeckLinkEvent,
  type DeckLinkSettings,
} from '@fp/contracts';
import { DomainError, type CommandMeta, type Decider, type CommandOf } from '../../platform/decider';

/** What a visit needs to be judged: when it last reported (its seconds cannot exceed the time since). */
interface VisitState {
  lastAt: number;
  /** Its e-mail was verified with a one-time code. */
  verified: boolean;
  /** A visit in a data room: the document it opened. */
  documentId?: string;
}

/** Who passed a room link's gates (and accepted its NDA): their visits to the room's documents follow. */
interface EntryState {
  email: string | null;
  verified: boolean;
}

export interface DeckLinkState {
  /** `deleted`: the founder deleted it (off for good, gone from their list, its visits kept). */
  link: (Omit<DeckLinkCreated['data'], 'settings'> & { settings: DeckLinkSettings; deleted?: boolean }) | null;
  /** Visits by id: when each last reported. */
  visits: ReadonlyMap<string, VisitState>;
  /** Entries into the link's data room (DeckRoomEntered), by id. */
  entries: ReadonlyMap<string, EntryState>;
}

export type SettingsChange = Partial<DeckLinkSettings> & { email?: string | null; name?: string | null };

export type DeckLinkCommand =
  | { type: 'CreateDeckLink'; data: DeckLinkCreated['data'] }
  | { type: 'ChangeDeckLinkSettings'; data: { linkId: string; userId: string; changes: SettingsChange } }
  | { type: 'DeleteDeckLink'; data: { linkId: string; userId: string } }
  /**
   * A visitor passed the page's form. `passcodeOk`: null when no passcode was given, else whether it
   * matched the link's hash (checked by the use case: hashing is slow, not a rule). `owner`: the
   * founder's own session (shown, never recorded). `verified`: the use case accepted a one-time
   * code for `email` (DeckViewerVerified on the link's code stream).
   */
  | {
      type: 'StartDeckVisit';
      data: {
        linkId: string;
        visitId: string;
        email: string | null;
        passcodeOk: boolean | null;
        deckId: string;
        owner: boolean;
        device?: DeckDevice | null;
        verified?: boolean;
        /**
         * A document of the link's data room, opened through an entry (the gates and the NDA were
         * passed there; the visit carries that entry's e-mail). Required on a room's link, refused on a deck's.
         */
        room?: { entryId: string; documentId: string };
      };
    }
  /**
   * A viewer of a room's link passes its gates (as StartDeckVisit) and, when the room has an NDA
   * (`nda`: the room's text and version now, read by the use case), accepts it with the name typed
   * and the version they read (`accepted`).
   */
  | {
      type: 'EnterDeckRoom';
      data: {
        linkId: string;
        entryId: string;
        email: string | null;
        passcodeOk: boolean | null;
        owner: boolean;
        verified?: boolean;
        nda: { text: string; version: number } | null;
        accepted: { name: string; version: number } | null;
      };
    }
  | {
      type: 'RecordPagesRead';
      data: {
        linkId: string;
        visitId: string;
        pages: { page: number; seconds: number }[];
        lastPage: number;
        pageCount: number | null;
      };
    }
  /** The viewer fetches the file to show it (no event: only the gates are checked again). */
  | { type: 'OpenDeckFile'; data: { linkId: string; visitId: string } }
  | { type: 'DownloadDeck'; data: { linkId: string; visitId: string; deckId: string } };

/** A report may claim at most the time since the visit's last report plus this (clocks, network). */
const REPORT_SLACK_SECONDS = 2;

const SETTING_KEYS = [
  'requireEmail',
  'allowDownload',
  'expiresAt',
  'passcodeHash',
  'watermark',
  'enabled',
  'verifyEmail',
] as const;

function liveLink(state: DeckLinkState, now: Date) {
  const link = state.link;
  if (!link) throw new DomainError(DECK_LINK_NOT_FOUND, 404, 'not_found');
  if (!link.settings.enabled) throw new DomainError(DECK_LINK_OFF, 410, 'link_off');
  if (link.settings.expiresAt && Date.parse(link.settings.expiresAt) <= now.getTime())
    throw new DomainError(DECK_LINK_EXPIRED, 410, 'link_expired');
  return link;
}

/** A started visit; on a link that verifies e-mails, one whose e-mail was verified (a visit from before the setting was turned on is not). */
function knownVisit(state: DeckLinkState, visitId: string): VisitState {
  const v = state.visits.get(visitId);
  if (!v) throw new DomainError(DECK_VISIT_UNKNOWN, 404, 'visit_unknown');
  if (state.link?.settings.verifyEmail && !v.verified) throw new DomainError(DECK_CODE_REQUIRED, 401, 'code_required');
  return v;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A tracked deck link and its visits. Rules:
 * - creating a link again (same id: a retried application) adds nothing; an expiry must lie ahead (400);
 * - only the owner changes settings (another founder's link is a 404); a change records only what differs;
 *   a new expiry must lie ahead (400);
 * - only the owner deletes a link; a deleted link is off for good (no setting changes it: 404), its
 *   visits stay; deleting it again adds nothing;
 * - a visit is refused when the link is off (410), expired (410), needs an e-mail and got none (400),
 *   or has a passcode that was not given (401) or did not match (403), or verifies e-mails and the
 *   viewer's was not verified with a one-time code (401); the founder's own visit is
 *   shown but never recorded;
 * - a report of page times, the file and a download need a started visit on a live link (on a link
 *   that verifies e-mails, a verified one: 401 otherwise); all its seconds together cannot
 *   exceed the time since the visit's last report (plus a small slack): more is scaled down, so a
 *   script cannot inflate reading time;
 * - a download needs a live link that allows downloads (403 otherwise);
 * - a data room's link opens no deck: its viewer enters the room (the same gates, then the NDA when
 *   the room has one: a name typed (401 without) for the version shown (409 when it changed since),
 *   recorded as DeckRoomEntered with the text accepted), and each document's visit needs an entry of
 *   this link (401 without) and carries its e-mail; a deck link refuses room visits and entries (400).
 */
export const deckLinkDecider: Decider<DeckLinkState, DeckLinkCommand, DeckLinkEvent> = {
  initialState: () => ({ link: null, visits: new Map(), entries: new Map() }),

  evolve(state, event) {
    switch (event.type) {
      case 'DeckLinkCreated':
        return { ...state, link: { ...event.data } };
      case 'DeckLinkSettingsChanged': {
        if (!state.link) return state;
        const { email, name, ...settings } = event.data.changes;
        return {
          ...state,
          link: {
            ...state.link,
            email: email === undefined ? state.link.email : email,
            name: name === undefined ? (state.link.name ?? null) : name,
            settings: { ...state.link.settings, ...settings },
          },
        };
      }
      case 'DeckLinkDeleted':
        if (!state.link) return state;
        return {
          ...state,
          link: { ...state.link, deleted: true, settings: { ...state.link.settings, enabled: false } },
        };
      case 'DeckVisitStarted':
        return {
          ...state,
          visits: new Map(state.visits).set(event.data.visitId, {
            lastAt: Date.parse(event.data.at),
            verified: event.data.verified === true,
            ...(event.data.documentId ? { documentId: event.data.documentId } : {}),
          }),
        };
      case 'DeckRoomEntered':
        return {
          ...state,
          entries: new Map(state.entries).set(event.data.entryId, {
            email: event.data.email,
            verified: event.data.verified === true,
          }),
        };
      case 'DeckPagesRead': {
        const visit = state.visits.get(event.data.visitId);
        if (!visit) return state;
        return {
          ...state,
          visits: new Map(state.visits).set(event.data.visitId, { ...visit, lastAt: Date.parse(event.data.at) }),
        };
      }
      case 'DeckDownloaded':
        return state;
    }
  },

  decide(cmd, state, meta: CommandMeta) {
    switch (cmd.type) {
      case 'CreateDeckLink':
        return createDeckLink(cmd, state, meta);
      case 'ChangeDeckLinkSettings':
        return changeDeckLinkSettings(cmd, state, meta);
      case 'DeleteDeckLink':
        return deleteDeckLink(cmd, state, meta);
      case 'StartDeckVisit':
        return startDeckVisit(cmd, state, meta);
      case 'EnterDeckRoom':
        return enterDeckRoom(cmd, state, meta);
      case 'RecordPagesRead':
        return recordPagesRead(cmd, state, meta);
      case 'OpenDeckFile':
        return openDeckFile(cmd, state, meta);
      case 'DownloadDeck':
        return downloadDeck(cmd, state, meta);
    }
  },
};

function futureExpiry(expiresAt: string | null | undefined, now: Date) {
  const problem = deckExpiryProblem(expiresAt, now);
  if (problem) throw new DomainError(problem, 400, 'expiry_past');
}

function createDeckLink(
  cmd: CommandOf<DeckLinkCommand, 'CreateDeckLink'>,
  state: DeckLinkState,
  meta: CommandMeta,
): DeckLinkEvent[] {
  if (state.link) return [];
  futureExpiry(cmd.data.settings.expiresAt, meta.now);
  return [{ type: 'DeckLinkCreated', data: cmd.data }];
}

/** The founder's own link, not deleted (another founder's, or a deleted one, is a 404). */
function ownLink(state: DeckLinkState, userId: string) {
  const link = state.link;
  if (!link || link.userId !== userId || link.deleted) throw new DomainError(DECK_LINK_NOT_FOUND, 404, 'not_found');
  return link;
}

function deleteDeckLink(
  cmd: CommandOf<DeckLinkCommand, 'DeleteDeckLink'>,
  state: DeckLinkState,
  meta: CommandMeta,
): DeckLinkEvent[] {
  if (state.link?.deleted && state.link.userId === cmd.data.userId) return [];
  const link = ownLink(state, cmd.data.userId);
  return [{ type: 'DeckLinkDeleted', data: { linkId: link.linkId, userId: link.userId, at: meta.now.toISOString() } }];
}

function changeDeckLinkSettings(
  cmd: CommandOf<DeckLinkCommand, 'ChangeDeckLinkSettings'>,
  state: DeckLinkState,
  meta: CommandMeta,
): DeckLinkEvent[] {
  const link = ownLink(state, cmd.data.userId);
  if (cmd.data.changes.expiresAt !== link.settings.expiresAt) futureExpiry(cmd.data.changes.expiresAt, meta.now);
  const changes: SettingsChange = {};
  for (const k of SETTING_KEYS) {
    const v = cmd.data.changes[k];
    if (v !== undefined && v !== link.settings[k]) (changes as Record<string, unknown>)[k] = v;
  }
  if (cmd.data.changes.email !== undefined && cmd.data.changes.email !== link.email)
    changes.email = cmd.data.changes.email;
  if (cmd.data.changes.name !== undefined && cmd.data.changes.name !== (link.name ?? null))
    changes.name = cmd.data.changes.name;
  if (!Object.keys(changes).length) return [];
  return [{ type: 'DeckLinkSettingsChanged', data: { linkId: link.linkId, userId: link.userId, changes } }];
}

/** The gates of a link a viewer passes before anything opens: e-mail, passcode, one-time code. */
function passGates(
  link: NonNullable<DeckLinkState['link']>,
  d: { email: string | null; passcodeOk: boolean | null; verified?: boolean },
) {
  if (link.settings.requireEmail && !d.email) throw new DomainError(DECK_EMAIL_REQUIRED, 400, 'email_required');
  if (link.settings.passcodeHash) {
    if (d.passcodeOk === null) throw new DomainError(DECK_PASSCODE_REQUIRED, 401, 'passcode_required');
    if (!d.passcodeOk) throw new DomainError(DECK_PASSCODE_WRONG, 403, 'passcode_wrong');
  }
  if (link.settings.verifyEmail && !(d.verified && d.email))
    throw new DomainError(DECK_CODE_REQUIRED, 401, 'code_required');
}

function startDeckVisit(
  cmd: CommandOf<DeckLinkCommand, 'StartDeckVisit'>,
  state: DeckLinkState,
  meta: CommandMeta,
): DeckLinkEvent[] {
  const at = meta.now.toISOString();
  const d = cmd.data;
  if (d.owner) {
    if (!state.link) throw new DomainError(DECK_LINK_NOT_FOUND, 404, 'not_found');
    return [];
  }
  const link = liveLink(state, meta.now);
  if (link.roomId && !d.room) throw new DomainError(DECK_ROOM_IS_A_ROOM, 400, 'room_link');
  if (!link.roomId && d.room) throw new DomainError(DECK_ROOM_NOT_A_ROOM, 400, 'not_a_room');
  // In a room the gates (and the NDA) were passed at the entry, whose e-mail the visit carries.
  const entry = d.room ? state.entries.get(d.room.entryId) : undefined;
  if (d.room && !entry) throw new DomainError(DECK_ROOM_ENTRY_REQUIRED, 401, 'entry_required');
  const email = entry ? entry.email : d.email;
  const verified = entry ? entry.verified : d.verified === true;
  if (!entry) passGates(link, d);
  if (state.visits.has(d.visitId)) return [];
  return [
    {
      type: 'DeckVisitStarted',
      data: {
        linkId: link.linkId,
        userId: link.userId,
        visitId: d.visitId,
        at,
        email,
        investorId: link.investorId,
        investorKind: link.investorKind,
        deckId: d.deckId,
        ...(d.device ? { device: d.device } : {}),
        ...(verified && email ? { verified: true } : {}),
        ...(d.room ? { documentId: d.room.documentId, entryId: d.room.entryId } : {}),
      },
    },
  ];
}

function enterDeckRoom(
  cmd: CommandOf<DeckLinkCommand, 'EnterDeckRoom'>,
  state: DeckLinkState,
  meta: CommandMeta,
): DeckLinkEvent[] {
  const d = cmd.data;
  if (!state.link) throw new DomainError(DECK_LINK_NOT_FOUND, 404, 'not_found');
  if (!state.link.roomId) throw new DomainError(DECK_ROOM_NOT_A_ROOM, 400, 'not_a_room');
  // The founder's own look at their room: shown, never recorded (no NDA asked of them).
  if (d.owner) return [];
  const link = liveLink(state, meta.now);
  passGates(link, d);
  if (d.nda) {
    if (!d.accepted?.name.trim()) throw new DomainError(DECK_NDA_REQUIRED, 401, 'nda_required');
    if (d.accepted.version !== d.nda.version) throw new DomainError(DECK_NDA_CHANGED, 409, 'nda_changed');
  }
  if (state.entries.has(d.entryId)) return [];
  return [
    {
      type: 'DeckRoomEntered',
      data: {
        linkId: link.linkId,
        userId: link.userId,
        roomId: link.roomId!,
        entryId: d.entryId,
        at: meta.now.toISOString(),
        email: d.email,
        ...(d.verified && d.email ? { verified: true } : {}),
        nda: d.nda ? { name: d.accepted!.name.trim(), text: d.nda.text } : null,
      },
    },
  ];
}

function recordPagesRead(
  cmd: CommandOf<DeckLinkCommand, 'RecordPagesRead'>,
  state: DeckLinkState,
  meta: CommandMeta,
): DeckLinkEvent[] {
  const at = meta.now.toISOString();
  const d = cmd.data;
  const link = liveLink(state, meta.now);
  const visit = knownVisit(state, d.visitId);
  const claimed = d.pages.reduce((s, p) => s + p.seconds, 0);
  const allowed = Math.max(0, (meta.now.getTime() - visit.lastAt) / 1000 + REPORT_SLACK_SECONDS);
  const scale = claimed > allowed ? allowed / claimed : 1;
  // One entry per page, in page order.
  const byPage = new Map<number, number>();
  for (const p of d.pages) byPage.set(p.page, (byPage.get(p.page) ?? 0) + p.seconds * scale);
  const pages = [...byPage]
    .map(([page, seconds]) => ({ page, seconds: round1(seconds) }))
    .filter((p) => p.seconds > 0)
    .sort((a, b) => a.page - b.page);
  if (!pages.length && d.pageCount === null) return [];
  return [
    {
      type: 'DeckPagesRead',
      data: {
        linkId: link.linkId,
        userId: link.userId,
        visitId: d.visitId,
        at,
        pages,
        lastPage: d.lastPage,
        pageCount: d.pageCount,
      },
    },
  ];
}

function openDeckFile(
  cmd: CommandOf<DeckLinkCommand, 'OpenDeckFile'>,
  state: DeckLinkState,
  meta: CommandMeta,
): DeckLinkEvent[] {
  liveLink(state, meta.now);
  knownVisit(state, cmd.data.visitId);
  return [];
}

function downloadDeck(
  cmd: CommandOf<DeckLinkCommand, 'DownloadDeck'>,
  state: DeckLinkState,
  meta: CommandMeta,
): DeckLinkEvent[] {
  const at = meta.now.toISOString();
  const link = liveLink(state, meta.now);
  knownVisit(state, cmd.data.visitId);
  if (!link.settings.allowDownload) throw new DomainError(DECK_DOWNLOAD_OFF, 403, 'download_off');
  return [
    {
      type: 'DeckDownloaded',
      data: { linkId: link.linkId, userId: link.userId, visitId: cmd.data.visitId, at, deckId: cmd.data.deckId },
    },
  ];
}
