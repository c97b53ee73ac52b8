import { DECK_LINK_DEFAULTS, type DeckLinkEvent, type DeckRoomEvent } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { given } from '../../testing/decider';
import { deckLinkDecider, type DeckLinkCommand } from './deck-link-decider';
import { deckRoomDecider } from './deck-room-decider';

const T0 = new Date('2026-03-05T10:00:00Z');
const at = (s: number): CommandMeta => ({ now: new Date(T0.getTime() + s * 1000), actor: 'u1' });
const NDA = 'You keep what you read here confidential for two years.';

const created = (ndaText: string | null = NDA): DeckRoomEvent => ({
  type: 'DeckRoomCreated',
  data: { roomId: 'r1', userId: 'u1', name: 'Seed round', ndaText, at: T0.toISOString() },
});
const added = (documentId: string): DeckRoomEvent => ({
  type: 'DeckRoomDocumentAdded',
  data: {
    roomId: 'r1',
    userId: 'u1',
    documentId,
    fileName: `${documentId}.pdf`,
    size: 100,
    sha256: 'x',
    key: `rooms/u1/r1/${documentId}.pdf`,
    at: T0.toISOString(),
  },
});
const add = (documentId: string, userId = 'u1') => ({
  type: 'AddRoomDocument' as const,
  data: { roomId: 'r1', userId, documentId, fileName: 'model.pdf', size: 100, sha256: 'x', key: 'k' },
});

describe('data room decider', () => {
  it('creates a room once; a second create with the same id adds nothing', () => {
    given(deckRoomDecider)
      .when({ type: 'CreateDeckRoom', data: { roomId: 'r1', userId: 'u1', name: 'Seed round', ndaText: NDA } }, at(0))
      .then([created()]);
    given(deckRoomDecider, created())
      .when({ type: 'CreateDeckRoom', data: { roomId: 'r1', userId: 'u1', name: 'Other', ndaText: null } }, at(5))
      .then([]);
  });

  it('records only what changed, and each new NDA text is a new version', () => {
    given(deckRoomDecider, created())
      .when({ type: 'ChangeDeckRoom', data: { roomId: 'r1', userId: 'u1', name: 'Seed round', ndaText: NDA } })
      .then([]);
    given(deckRoomDecider, created())
      .when({ type: 'ChangeDeckRoom', data: { roomId: 'r1', userId: 'u1', ndaText: `${NDA} Updated.` } })
      .thenState((s) => {
        expect(s.room?.ndaText).toBe(`${NDA} Updated.`);
        expect(s.ndaVersion).toBe(2);
      });
    given(deckRoomDecider, created())
      .when({ type: 'ChangeDeckRoom', data: { roomId: 'r1', userId: 'u1', ndaText: null } })
      .thenState((s) => {
        expect(s.room?.ndaText).toBeNull();
        expect(s.ndaVersion).toBe(1);
      });
  });

  it("another founder's room is a 404 for every change", () => {
    for (const cmd of [
      { type: 'ChangeDeckRoom' as const, data: { roomId: 'r1', userId: 'u2', name: 'Mine' } },
      add('d9', 'u2'),
      { type: 'RemoveRoomDocument' as const, data: { roomId: 'r1', userId: 'u2', documentId: 'd1' } },
    ])
      given(deckRoomDecider, created(), added('d1'))
        .when(cmd)
        .thenThrows(DomainError, /Data room not found/, (e) => expect(e.status).toBe(404));
  });

  it('adds a document once, holds at most 20, removes only one it holds', () => {
    given(deckRoomDecider, created()).when(add('d1'), at(0)).produced();
    expect(given(deckRoomDecider, created()).when(add('d1'), at(0)).produced()).toHaveLength(1);
    given(deckRoomDecider, created(), added('d1')).when(add('d1')).then([]);
    const full = Array.from({ length: 20 }, (_, i) => added(`d${i}`));
    given(deckRoomDecider, created(), ...full)
      .when(add('d20'))
      .thenThrows(DomainError, /at most 20 documents/, (e) => expect(e.status).toBe(400));
    given(deckRoomDecider, created(), added('d1'))
      .when({ type: 'RemoveRoomDocument', data: { roomId: 'r1', userId: 'u1', documentId: 'd2' } })
      .thenThrows(DomainError, /Document not found/, (e) => expect(e.status).toBe(404));
    given(deckRoomDecider, created(), added('d1'))
      .when({ type: 'RemoveRoomDocument', data: { roomId: 'r1', userId: 'u1', documentId: 'd1' } })
      .thenState((s) => expect(s.documents.size).toBe(0));
  });
});

const roomLink = (settings: Partial<typeof DECK_LINK_DEFAULTS> = {}, roomId: string | null = 'r1'): DeckLinkEvent => ({
  type: 'DeckLinkCreated',
  data: {
    linkId: 'l1',
    userId: 'u1',
    token: 't'.repeat(43),
    investorId: null,
    investorKind: null,
    email: null,
    settings: { ...DECK_LINK_DEFAULTS, ...settings },
    source: 'founder',
    submissionId: null,
    roomId,
  },
});
type Enter = Extract<DeckLinkCommand, { type: 'EnterDeckRoom' }>['data'];
const enter = (o: Partial<Enter> = {}): DeckLinkCommand => ({
  type: 'EnterDeckRoom',
  data: {
    linkId: 'l1',
    entryId: 'e1',
    email: 'ann@fund.example',
    passcodeOk: null,
    owner: false,
    nda: { text: NDA, version: 1 },
    accepted: { name: 'Ann Lee', version: 1 },
    ...o,
  },
});
const entered: DeckLinkEvent = {
  type: 'DeckRoomEntered',
  data: {
    linkId: 'l1',
    userId: 'u1',
    roomId: 'r1',
    entryId: 'e1',
    at: T0.toISOString(),
    email: 'ann@fund.example',
    nda: { name: 'Ann Lee', text: NDA },
  },
};
const open = (entryId = 'e1', documentId = 'd1'): DeckLinkCommand => ({
  type: 'StartDeckVisit',
  data: {
    linkId: 'l1',
    visitId: 'v1',
    email: null,
    passcodeOk: null,
    deckId: documentId,
    owner: false,
    room: { entryId, documentId },
  },
});

describe('a data room behind a deck link', () => {
  it('records the NDA acceptance with the time, the name typed, the e-mail and the exact text', () => {
    given(deckLinkDecider, roomLink())
      .when(enter({ accepted: { name: '  Ann Lee ', version: 1 } }), at(0))
      .then([entered]);
  });

  it('refuses an NDA room without a name typed (401) or for an NDA changed since it was shown (409)', () => {
    given(deckLinkDecider, roomLink())
      .when(enter({ accepted: null }))
      .thenThrows(DomainError, /accept the NDA/, (e) => expect(e.status).toBe(401));
    given(deckLinkDecider, roomLink())
      .when(enter({ accepted: { name: '   ', version: 1 } }))
      .thenThrows(DomainError, /accept the NDA/, (e) => expect(e.status).toBe(401));
    given(deckLinkDecider, roomLink())
      .when(enter({ nda: { text: `${NDA} v2`, version: 2 } }))
      .thenThrows(DomainError, /NDA was changed/, (e) => expect(e.status).toBe(409));
  });

  it("passes the link's own gates first: e-mail, passcode, off", () => {
    given(deckLinkDecider, roomLink({ requireEmail: true }))
      .when(enter({ email: null }))
      .thenThrows(DomainError, /e-mail/, (e) => expect(e.status).toBe(400));
    given(deckLinkDecider, roomLink({ passcodeHash: 'h' }))
      .when(enter({ passcodeOk: false }))
      .thenThrows(DomainError, /passcode/, (e) => expect(e.status).toBe(403));
    given(deckLinkDecider, roomLink({ enabled: false }))
      .when(enter())
      .thenThrows(DomainError, /turned off/, (e) => expect(e.status).toBe(410));
  });

  it('a room without an NDA is entered with no name; the entry records no acceptance', () => {
    const [e] = given(deckLinkDecider, roomLink())
      .when(enter({ nda: null, accepted: null }), at(0))
      .produced();
    expect(e).toMatchObject({ type: 'DeckRoomEntered', data: { nda: null } });
  });

  it("a document opens only through an entry of this link, and the visit carries the entry's e-mail", () => {
    given(deckLinkDecider, roomLink())
      .when(open())
      .thenThrows(DomainError, /Open the data room/, (e) => expect(e.status).toBe(401));
    given(deckLinkDecider, roomLink(), entered)
      .when(open('e-other'))
      .thenThrows(DomainError, /Open the data room/, (e) => expect(e.status).toBe(401));
    given(deckLinkDecider, roomLink(), entered)
      .when(open('e1', 'd2'), at(3))
      .then([
        {
          type: 'DeckVisitStarted',
          data: {
            linkId: 'l1',
            userId: 'u1',
            visitId: 'v1',
            at: at(3).now.toISOString(),
            email: 'ann@fund.example',
            investorId: null,
            investorKind: null,
            deckId: 'd2',
            documentId: 'd2',
            entryId: 'e1',
          },
        },
      ]);
  });

  it("a room's link opens no deck visit, and a deck link has no room (400)", () => {
    given(deckLinkDecider, roomLink())
      .when({ ...open(), data: { ...(open() as { data: object }).data, room: undefined } } as DeckLinkCommand)
      .thenThrows(DomainError, /data room: choose a document/, (e) => expect(e.status).toBe(400));
    given(deckLinkDecider, roomLink({}, null))
      .when(open())
      .thenThrows(DomainError, /single deck/, (e) => expect(e.status).toBe(400));
    given(deckLinkDecider, roomLink({}, null))
      .when(enter())
      .thenThrows(DomainError, /single deck/, (e) => expect(e.status).toBe(400));
  });

  it("the founder's own look records nothing and asks no NDA", () => {
    given(deckLinkDecider, roomLink())
      .when(enter({ owner: true, accepted: null }))
      .then([]);
  });
});
