import { DECK_LINK_DEFAULTS, type DeckLinkCreated, type DeckLinkEvent } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { given } from '../../testing/decider';
import { deckLinkDecider, type DeckLinkCommand } from './deck-link-decider';

const T0 = new Date('2026-03-05T10:00:00Z');
const at = (s: number): CommandMeta => ({ now: new Date(T0.getTime() + s * 1000), actor: 'viewer' });
const iso = (s: number) => at(s).now.toISOString();

const link = (settings: Partial<DeckLinkCreated['data']['settings']> = {}): DeckLinkEvent => ({
  type: 'DeckLinkCreated',
  data: {
    linkId: 'l1',
    userId: 'u1',
    token: 't'.repeat(43),
    investorId: 'f1',
    investorKind: 'vc',
    email: null,
    settings: { ...DECK_LINK_DEFAULTS, ...settings },
    source: 'founder',
    submissionId: null,
  },
});
const started = (visitId = 'v1', s = 0, email: string | null = 'ann@fund.example'): DeckLinkEvent => ({
  type: 'DeckVisitStarted',
  data: { linkId: 'l1', userId: 'u1', visitId, at: iso(s), email, investorId: 'f1', investorKind: 'vc', deckId: 'd1' },
});
const start = (o: Partial<Extract<DeckLinkCommand, { type: 'StartDeckVisit' }>['data']> = {}): DeckLinkCommand => ({
  type: 'StartDeckVisit',
  data: { linkId: 'l1', visitId: 'v1', email: 'ann@fund.example', passcodeOk: null, deckId: 'd1', owner: false, ...o },
});
const read = (pages: { page: number; seconds: number }[], lastPage = 1, visitId = 'v1'): DeckLinkCommand => ({
  type: 'RecordPagesRead',
  data: { linkId: 'l1', visitId, pages, lastPage, pageCount: null },
});

describe('deck link decider', () => {
  it('creates a link once (a retried application adds nothing)', () => {
    const e = link() as Extract<DeckLinkEvent, { type: 'DeckLinkCreated' }>;
    given(deckLinkDecider).when({ type: 'CreateDeckLink', data: e.data }).then([e]);
    given(deckLinkDecider, e).when({ type: 'CreateDeckLink', data: e.data }).then([]);
  });

  it('changes only the settings that differ; another founder gets 404', () => {
    const change = (userId: string, changes: object): DeckLinkCommand => ({
      type: 'ChangeDeckLinkSettings',
      data: { linkId: 'l1', userId, changes },
    });
    given(deckLinkDecider, link())
      .when(change('u1', { requireEmail: true, allowDownload: true, email: 'ann@fund.example' }))
      .then([
        {
          type: 'DeckLinkSettingsChanged',
          data: { linkId: 'l1', userId: 'u1', changes: { allowDownload: true, email: 'ann@fund.example' } },
        },
      ]);
    given(deckLinkDecider, link())
      .when(change('u1', { enabled: true }))
      .then([]);
    given(deckLinkDecider, link())
      .when(change('u2', { enabled: false }))
      .thenThrows(DomainError, 'Deck link not found', (e) => expect(e.status).toBe(404));
  });

  it('starts a visit when the gates pass', () => {
    given(deckLinkDecider, link()).when(start(), at(0)).then([started()]);
    given(deckLinkDecider, link({ requireEmail: false }))
      .when(start({ email: null }), at(0))
      .then([started('v1', 0, null)]);
  });

  it('refuses a visit without e-mail, without or with a wrong passcode, on an expired or switched-off link', () => {
    given(deckLinkDecider, link())
      .when(start({ email: null }))
      .thenThrows(DomainError, /e-mail address/, (e) => expect(e.status).toBe(400));
    given(deckLinkDecider, link({ passcodeHash: 'h' }))
      .when(start())
      .thenThrows(DomainError, /Enter the passcode/, (e) => expect(e.status).toBe(401));
    given(deckLinkDecider, link({ passcodeHash: 'h' }))
      .when(start({ passcodeOk: false }))
      .thenThrows(DomainError, /not correct/, (e) => expect(e.status).toBe(403));
    given(deckLinkDecider, link({ passcodeHash: 'h' }))
      .when(start({ passcodeOk: true }), at(0))
      .then([started()]);
    given(deckLinkDecider, link({ expiresAt: iso(-1) }))
      .when(start(), at(0))
      .thenThrows(DomainError, /expired/, (e) => expect(e.status).toBe(410));
    given(deckLinkDecider, link(), {
      type: 'DeckLinkSettingsChanged',
      data: { linkId: 'l1', userId: 'u1', changes: { enabled: false } },
    })
      .when(start(), at(0))
      .thenThrows(DomainError, /turned off/, (e) => expect(e.status).toBe(410));
    given(deckLinkDecider).when(start()).thenThrows(DomainError, 'Deck link not found');
  });

  it("shows the founder's own visit without recording it, whatever the gates", () => {
    given(deckLinkDecider, link({ passcodeHash: 'h' }))
      .when(start({ owner: true, email: null }))
      .then([]);
  });

  it('records page times, merged per page and never more than the time since the last report', () => {
    given(deckLinkDecider, link(), started())
      .when(
        read(
          [
            { page: 2, seconds: 1 },
            { page: 1, seconds: 2 },
            { page: 2, seconds: 1 },
          ],
          2,
        ),
        at(5),
      )
      .then([
        {
          type: 'DeckPagesRead',
          data: {
            linkId: 'l1',
            userId: 'u1',
            visitId: 'v1',
            at: iso(5),
            pages: [
              { page: 1, seconds: 2 },
              { page: 2, seconds: 2 },
            ],
            lastPage: 2,
            pageCount: null,
          },
        },
      ]);
    // 100 s claimed 8 s after the start: scaled to the 8 s (+2 s slack) that passed.
    const [e] = given(deckLinkDecider, link(), started())
      .when(
        read([
          { page: 1, seconds: 50 },
          { page: 2, seconds: 50 },
        ]),
        at(8),
      )
      .produced();
    expect(e).toMatchObject({
      data: {
        pages: [
          { page: 1, seconds: 5 },
          { page: 2, seconds: 5 },
        ],
      },
    });
    // The next report counts from the last one.
    const later = {
      type: 'DeckPagesRead',
      data: { linkId: 'l1', userId: 'u1', visitId: 'v1', at: iso(8), pages: [], lastPage: 1, pageCount: null },
    } as DeckLinkEvent;
    const [f] = given(deckLinkDecider, link(), started(), later)
      .when(read([{ page: 3, seconds: 30 }]), at(10))
      .produced();
    expect(f).toMatchObject({ data: { pages: [{ page: 3, seconds: 4 }] } });
  });

  it('refuses reports for an unknown visit or on a link switched off since', () => {
    given(deckLinkDecider, link())
      .when(read([{ page: 1, seconds: 1 }]))
      .thenThrows(DomainError, /viewing session has ended/, (e) => expect(e.status).toBe(404));
    given(deckLinkDecider, link(), started(), {
      type: 'DeckLinkSettingsChanged',
      data: { linkId: 'l1', userId: 'u1', changes: { enabled: false } },
    })
      .when(read([{ page: 1, seconds: 1 }]), at(3))
      .thenThrows(DomainError, /turned off/);
  });

  it('allows a download only when the link allows it', () => {
    const dl: DeckLinkCommand = { type: 'DownloadDeck', data: { linkId: 'l1', visitId: 'v1', deckId: 'd1' } };
    given(deckLinkDecider, link(), started())
      .when(dl)
      .thenThrows(DomainError, /Downloading is turned off/, (e) => expect(e.status).toBe(403));
    given(deckLinkDecider, link({ allowDownload: true }), started())
      .when(dl, at(4))
      .then([
        { type: 'DeckDownloaded', data: { linkId: 'l1', userId: 'u1', visitId: 'v1', at: iso(4), deckId: 'd1' } },
      ]);
    given(deckLinkDecider, link({ allowDownload: true }))
      .when(dl)
      .thenThrows(DomainError, /viewing session/);
  });

  describe('recipients, deletion and valid settings', () => {
    const change = (changes: object, userId = 'u1'): DeckLinkCommand => ({
      type: 'ChangeDeckLinkSettings',
      data: { linkId: 'l1', userId, changes },
    });
    const del = (userId = 'u1'): DeckLinkCommand => ({ type: 'DeleteDeckLink', data: { linkId: 'l1', userId } });
    const deleted: DeckLinkEvent = { type: 'DeckLinkDeleted', data: { linkId: 'l1', userId: 'u1', at: iso(0) } };

    it('given no link, when it is created with an expiry in the past, then 400 with a clear message', () => {
      const e = link({ expiresAt: iso(-1) }) as Extract<DeckLinkEvent, { type: 'DeckLinkCreated' }>;
      given(deckLinkDecider)
        .when({ type: 'CreateDeckLink', data: e.data }, at(0))
        .thenThrows(DomainError, 'The expiry date must be in the future.', (err) => expect(err.status).toBe(400));
      const ok = link({ expiresAt: iso(60) }) as Extract<DeckLinkEvent, { type: 'DeckLinkCreated' }>;
      given(deckLinkDecider).when({ type: 'CreateDeckLink', data: ok.data }, at(0)).then([ok]);
    });

    it('given a link, when its expiry is moved to now or before, then 400; a future one is recorded', () => {
      given(deckLinkDecider, link())
        .when(change({ expiresAt: iso(0) }), at(0))
        .thenThrows(DomainError, 'The expiry date must be in the future.');
      given(deckLinkDecider, link())
        .when(change({ expiresAt: iso(3600), name: 'Ann Lee' }), at(0))
        .then([
          {
            type: 'DeckLinkSettingsChanged',
            data: { linkId: 'l1', userId: 'u1', changes: { expiresAt: iso(3600), name: 'Ann Lee' } },
          },
        ]);
    });

    it('given a link that expired, when another setting changes, then its old expiry does not block it', () => {
      given(deckLinkDecider, link({ expiresAt: iso(-10) }))
        .when(change({ enabled: false }), at(0))
        .then([{ type: 'DeckLinkSettingsChanged', data: { linkId: 'l1', userId: 'u1', changes: { enabled: false } } }]);
    });

    it('given a link, when its founder deletes it, then a deletion is recorded and it is off', () => {
      given(deckLinkDecider, link()).when(del(), at(0)).then([deleted]);
      given(deckLinkDecider, link())
        .when(del(), at(0))
        .thenState((s) => expect(s.link).toMatchObject({ deleted: true, settings: { enabled: false } }));
    });

    it('given a link, when another founder deletes it, then 404', () => {
      given(deckLinkDecider, link())
        .when(del('u2'))
        .thenThrows(DomainError, 'Deck link not found', (err) => expect(err.status).toBe(404));
    });

    it('given a deleted link, when it is deleted again, then nothing; when turned on or visited, then refused', () => {
      given(deckLinkDecider, link(), deleted).when(del(), at(1)).then([]);
      given(deckLinkDecider, link(), deleted)
        .when(change({ enabled: true }), at(1))
        .thenThrows(DomainError, 'Deck link not found');
      given(deckLinkDecider, link(), deleted)
        .when(start(), at(1))
        .thenThrows(DomainError, /turned off/);
    });

    it('given a visit from a phone, when it starts, then the device kind is recorded with it', () => {
      const [e] = given(deckLinkDecider, link())
        .when(start({ device: 'phone' }), at(0))
        .produced();
      expect(e).toMatchObject({ type: 'DeckVisitStarted', data: { device: 'phone' } });
    });
  });
  it('a link that verifies e-mails starts a visit only for an e-mail verified with a code', () => {
    const verifying = link({ verifyEmail: true });
    given(deckLinkDecider, verifying)
      .when(start({ email: 'ann@fund.example' }), at(1))
      .thenThrows(DomainError, 'Enter the code we sent to your e-mail.', (e) => expect(e.status).toBe(401));
    given(deckLinkDecider, verifying)
      .when(start({ email: null, verified: true }), at(1))
      .thenThrows(DomainError, /e-mail/);
    const produced = given(deckLinkDecider, verifying)
      .when(start({ email: 'ann@fund.example', verified: true }), at(1))
      .produced();
    expect(produced[0]).toMatchObject({
      type: 'DeckVisitStarted',
      data: { email: 'ann@fund.example', verified: true },
    });
  });
  it('a visit from before verification was turned on opens no file, download or report', () => {
    const on: DeckLinkEvent = {
      type: 'DeckLinkSettingsChanged',
      data: { linkId: 'l1', userId: 'u1', changes: { verifyEmail: true } },
    };
    given(deckLinkDecider, link({ allowDownload: true }), started('v1', 0), on)
      .when({ type: 'OpenDeckFile', data: { linkId: 'l1', visitId: 'v1' } }, at(5))
      .thenThrows(DomainError, 'Enter the code we sent to your e-mail.', (e) => expect(e.status).toBe(401));
    given(deckLinkDecider, link({ allowDownload: true }), started('v1', 0), on)
      .when({ type: 'DownloadDeck', data: { linkId: 'l1', visitId: 'v1', deckId: 'd1' } }, at(5))
      .thenThrows(DomainError, /code/);
    given(deckLinkDecider, link({ allowDownload: true }), started('v1', 0))
      .when({ type: 'OpenDeckFile', data: { linkId: 'l1', visitId: 'v1' } }, at(5))
      .then([]);
  });
});
