import type {
  CreateDeckLinkRequest,
  CreateDeckRoomRequest,
  CreateRoomLinkRequest,
  EnterDeckRoomRequest,
  UpdateDeckRoomRequest,
  DeckAlertSettings,
  DeckLinkAnalyticsQuery,
  SendDeckCodeRequest,
  UpdateDeckLinkRequest,
} from '@fp/contracts';
import type { CommandMeta } from '../../platform/decider';
import type { DeckLinksServiceContext } from './context';
import { createDeckLink } from './create-deck-link';
import { changeDeckRoom, createDeckRoom } from './create-deck-room';
import { createRoomLink } from './create-room-link';
import { enterDeckRoom, startRoomVisit } from './enter-deck-room';
import { listDeckRooms } from './list-deck-rooms';
import { roomAnalytics } from './read-room-analytics';
import { addRoomDocument, removeRoomDocument } from './room-documents';
import { ownRoomRow } from './room-state';
import { markDeckNotificationsSeen, setDeckAlerts } from './deck-alerts';
import { listDeckNotifications } from './list-deck-notifications';
import { deleteDeckLink } from './delete-deck-link';
import { allLinksForRecipients, listDeckLinks } from './list-deck-links';
import { purgeOldVisits } from './purge-old-visits';
import { sendDeckCode } from './send-deck-code';
import { sendDeckDigests } from './send-deck-digests';
import { deckAnalytics, linkAnalytics } from './read-analytics';
import { recipientLinkDecider, type Recipient } from './recipient-link-decider';
import { updateDeckLink } from './update-deck-link';
import { deckCover, deckFile, linkByToken, recordPagesRead, startDeckVisit, viewInfo, type LinkRow } from './view-deck';

/** Tracked deck links: the founder's side (links, settings, figures) and the public viewer's (docs/deck-links.md). */
export function createDeckLinksService(ctx: DeckLinksServiceContext) {
  return {
    create: (userId: string, req: CreateDeckLinkRequest, meta: CommandMeta) => createDeckLink(ctx, userId, req, meta),
    /**
     * The link for one application (the automation puts its url where a form asks for a deck URL).
     * The submission's id makes the link's id, so a retried application gets the same link.
     */
    forApplication: (userId: string, submissionId: string, firm: { id: string }, meta: CommandMeta) =>
      createDeckLink(ctx, userId, { investorId: firm.id, investorKind: 'vc' }, meta, {
        linkId: `app-${submissionId}`,
        source: 'application',
        submissionId,
      }),
    /**
     * A recipient's own link (an investor update's e-mail): `linkId` is chosen by the caller, so
     * asking again (a retried Send, a preview before it) gets the same link.
     */
    forRecipient: (
      userId: string,
      linkId: string,
      to: { email: string; name?: string | null; investorId: string | null; investorKind: 'vc' | 'angel' | null },
      meta: CommandMeta,
    ) =>
      createDeckLink(
        ctx,
        userId,
        {
          email: to.email,
          ...(to.name ? { name: to.name } : {}),
          ...(to.investorId && to.investorKind ? { investorId: to.investorId, investorKind: to.investorKind } : {}),
        },
        meta,
        { linkId, source: 'update' },
      ),
    /**
     * Off means off: for each recipient (by e-mail), the link that keeps them from getting a new one
     * (their newest link is off or deleted; recipient-link-decider.ts), or nothing when a new link may be made.
     */
    offLinks: async (userId: string, recipients: readonly Recipient[]) => {
      const links = await allLinksForRecipients(ctx, userId);
      const out = new Map<string, { linkId: string; deleted: boolean }>();
      for (const r of recipients) {
        const d = recipientLinkDecider.decide(links, r);
        if (d.kind === 'off') out.set(r.email.toLowerCase(), { linkId: d.linkId, deleted: d.deleted });
      }
      return out;
    },
    list: (userId: string) => listDeckLinks(ctx, userId),
    delete: (userId: string, linkId: string, meta: CommandMeta) => deleteDeckLink(ctx, userId, linkId, meta),
    update: (userId: string, linkId: string, patch: UpdateDeckLinkRequest, meta: CommandMeta) =>
      updateDeckLink(ctx, userId, linkId, patch, meta),
    analytics: (userId: string, linkId: string, q: DeckLinkAnalyticsQuery = {}) =>
      linkAnalytics(ctx, userId, linkId, q),
    deckAnalytics: (userId: string, opts: { deckId?: string } = {}) => deckAnalytics(ctx, userId, opts),
    /** First visits as in-app notices, and whether they are also e-mailed. */
    notifications: (userId: string) => listDeckNotifications(ctx, userId),
    markNotificationsSeen: (userId: string, meta: CommandMeta) => markDeckNotificationsSeen(ctx, userId, meta),
    setAlerts: (userId: string, settings: Partial<DeckAlertSettings>, meta: CommandMeta) =>
      setDeckAlerts(ctx, userId, settings, meta),
    /** Data rooms: several PDFs behind one link, optionally behind an NDA (docs/deck-links.md). */
    rooms: {
      create: (userId: string, req: CreateDeckRoomRequest, meta: CommandMeta) => createDeckRoom(ctx, userId, req, meta),
      list: (userId: string) => listDeckRooms(ctx, userId),
      get: async (userId: string, roomId: string) => {
        await ownRoomRow(ctx, userId, roomId);
        return (await listDeckRooms(ctx, userId, { roomId }))[0]!;
      },
      change: (userId: string, roomId: string, req: UpdateDeckRoomRequest, meta: CommandMeta) =>
        changeDeckRoom(ctx, userId, roomId, req, meta),
      addDocument: (userId: string, roomId: string, fileName: string, bytes: Buffer, meta: CommandMeta) =>
        addRoomDocument(ctx, userId, roomId, fileName, bytes, meta),
      removeDocument: (userId: string, roomId: string, documentId: string, meta: CommandMeta) =>
        removeRoomDocument(ctx, userId, roomId, documentId, meta),
      createLink: (userId: string, roomId: string, req: CreateRoomLinkRequest, meta: CommandMeta) =>
        createRoomLink(ctx, userId, roomId, req, meta),
      analytics: (userId: string, roomId: string) => roomAnalytics(ctx, userId, roomId),
    },
    /** The public viewer's steps (viewer-routes.ts). */
    viewer: {
      link: (token: string) => linkByToken(ctx, token),
      /** A one-time code to the viewer's e-mail (links that verify e-mails). */
      sendCode: (row: LinkRow, req: SendDeckCodeRequest, meta: CommandMeta) => sendDeckCode(ctx, row, req.email, meta),
      start: (...a: Parameters<typeof startDeckVisit> extends [unknown, ...infer R] ? R : never) =>
        startDeckVisit(ctx, ...a),
      pages: (...a: Parameters<typeof recordPagesRead> extends [unknown, ...infer R] ? R : never) =>
        recordPagesRead(ctx, ...a),
      file: (...a: Parameters<typeof deckFile> extends [unknown, ...infer R] ? R : never) => deckFile(ctx, ...a),
      cover: (...a: Parameters<typeof deckCover> extends [unknown, ...infer R] ? R : never) => deckCover(ctx, ...a),
      info: (...a: Parameters<typeof viewInfo> extends [unknown, ...infer R] ? R : never) => viewInfo(ctx, ...a),
      /** A room's link: the gates and the NDA, then each document's visit. */
      enterRoom: (row: LinkRow, req: EnterDeckRoomRequest, owner: boolean, meta: CommandMeta) =>
        enterDeckRoom(ctx, row, req, owner, meta),
      roomVisit: (...a: Parameters<typeof startRoomVisit> extends [unknown, ...infer R] ? R : never) =>
        startRoomVisit(ctx, ...a),
    },
    /** The retention job (daily; also callable from tests and the CLI). */
    purgeOldVisits: (now: Date) => purgeOldVisits(ctx, now),
    /** The founders' daily digests of yesterday's visits (daily; once per founder and day). */
    sendDigests: (now: Date) => sendDeckDigests(ctx, now),
    /** The module's daily job: retention, then the digests. */
    job: async (now: Date) => {
      await purgeOldVisits(ctx, now);
      return sendDeckDigests(ctx, now);
    },
  };
}
export type DeckLinksService = ReturnType<typeof createDeckLinksService>;
