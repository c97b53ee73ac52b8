import {
  DECK_CODE_EXPIRED,
  DECK_CODE_REQUIRED,
  DECK_CODE_TOO_MANY_SENT,
  DECK_CODE_TRIES,
  DECK_CODE_USED,
  DECK_CODE_USED_UP,
  type DeckCodeEvent,
} from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { given } from '../../testing/decider';
import { deckCodeDecider, deckCodeHash, type DeckCodeCommand } from './deck-code-decider';

const T0 = Date.parse('2026-03-05T10:00:00Z');
const at = (s: number): CommandMeta => ({ now: new Date(T0 + s * 1000), actor: 'deck-viewer' });
const who = { linkId: 'l1', userId: 'u1', email: 'ann@fund.example' };

const sent = (codeId: string, code: string, s = 0): DeckCodeEvent => ({
  type: 'DeckCodeSent',
  data: {
    ...who,
    codeId,
    salt: `salt-${codeId}`,
    hash: deckCodeHash(`salt-${codeId}`, code),
    at: at(s).now.toISOString(),
    expiresAt: at(s + 600).now.toISOString(),
  },
});
const rejected = (codeId: string, s: number): DeckCodeEvent => ({
  type: 'DeckCodeRejected',
  data: { ...who, codeId, at: at(s).now.toISOString() },
});
const verified = (codeId: string, s: number): DeckCodeEvent => ({
  type: 'DeckViewerVerified',
  data: { ...who, codeId, at: at(s).now.toISOString() },
});
const use = (code: string): DeckCodeCommand => ({ type: 'UseDeckCode', data: { ...who, code } });
const send = (codeId: string): DeckCodeCommand => ({
  type: 'SendDeckCode',
  data: { ...who, codeId, salt: `salt-${codeId}`, hash: deckCodeHash(`salt-${codeId}`, '111111') },
});

describe('deck code decider', () => {
  it('a code sent is good for ten minutes', () => {
    given(deckCodeDecider)
      .when(send('c1'), at(0))
      .then([
        {
          type: 'DeckCodeSent',
          data: {
            ...who,
            codeId: 'c1',
            salt: 'salt-c1',
            hash: deckCodeHash('salt-c1', '111111'),
            at: at(0).now.toISOString(),
            expiresAt: at(600).now.toISOString(),
          },
        },
      ]);
  });

  it('the right code in time verifies the viewer; a wrong one is recorded as a try', () => {
    given(deckCodeDecider, sent('c1', '123456'))
      .when(use('123456'), at(60))
      .then([verified('c1', 60)]);
    given(deckCodeDecider, sent('c1', '123456'))
      .when(use('654321'), at(60))
      .then([rejected('c1', 60)]);
  });

  it('no code sent yet: the viewer is asked for one', () => {
    given(deckCodeDecider).when(use('123456'), at(0)).thenThrows(DomainError, DECK_CODE_REQUIRED);
  });

  it('a code works once', () => {
    given(deckCodeDecider, sent('c1', '123456'), verified('c1', 60))
      .when(use('123456'), at(90))
      .thenThrows(DomainError, DECK_CODE_USED, (e) => expect(e.status).toBe(403));
  });

  it('an expired code is refused, even the right one', () => {
    given(deckCodeDecider, sent('c1', '123456'))
      .when(use('123456'), at(600))
      .thenThrows(DomainError, DECK_CODE_EXPIRED, (e) => expect(e.status).toBe(403));
  });

  it(`after ${DECK_CODE_TRIES} wrong tries the code is dead, the right one too, until a new code is sent`, () => {
    const tries = Array.from({ length: DECK_CODE_TRIES }, (_, i) => rejected('c1', 10 + i));
    given(deckCodeDecider, sent('c1', '123456'), ...tries.slice(0, -1))
      .when(use('123456'), at(30))
      .then([verified('c1', 30)]);
    given(deckCodeDecider, sent('c1', '123456'), ...tries)
      .when(use('123456'), at(30))
      .thenThrows(DomainError, DECK_CODE_USED_UP, (e) => expect(e.status).toBe(429));
    given(deckCodeDecider, sent('c1', '123456'), ...tries, sent('c2', '222222', 40))
      .when(use('222222'), at(50))
      .then([verified('c2', 50)]);
  });

  it('a new code replaces the one before', () => {
    given(deckCodeDecider, sent('c1', '123456'), sent('c2', '222222', 30))
      .when(use('123456'), at(40))
      .then([rejected('c2', 40)]);
  });

  it('at most three codes per ten minutes for one link and e-mail', () => {
    const three = [sent('c1', '1', 0), sent('c2', '2', 60), sent('c3', '3', 120)];
    given(deckCodeDecider, ...three)
      .when(send('c4'), at(300))
      .thenThrows(DomainError, DECK_CODE_TOO_MANY_SENT, (e) => expect(e.status).toBe(429));
    // Ten minutes after the first, one more may go.
    expect(
      given(deckCodeDecider, ...three)
        .when(send('c4'), at(600))
        .produced(),
    ).toHaveLength(1);
  });
});
