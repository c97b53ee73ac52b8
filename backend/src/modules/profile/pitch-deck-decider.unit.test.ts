import type { PitchDeckEvent } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { given } from '../../testing/decider';
import { pitchDeckDecider } from './pitch-deck-decider';

const meta: CommandMeta = { now: new Date('2026-01-01T00:00:00Z'), actor: 'u1' };
const deck = (deckId: string) => ({
  deckId,
  fileName: `${deckId}.pdf`,
  size: 1000,
  sha256: `sha-${deckId}`,
  key: `decks/u1/${deckId}.pdf`,
});
const uploaded = (deckId: string, replacedDeckId: string | null = null): PitchDeckEvent => ({
  type: 'PitchDeckUploaded',
  data: { userId: 'u1', ...deck(deckId), replacedDeckId },
});

describe('pitch deck decider', () => {
  it('records a first upload', () => {
    given(pitchDeckDecider)
      .when({ type: 'UploadPitchDeck', data: { userId: 'u1', ...deck('d1') } }, meta)
      .then([uploaded('d1')]);
  });
  it('an upload while a deck is current replaces it', () => {
    given(pitchDeckDecider, uploaded('d1'))
      .when({ type: 'UploadPitchDeck', data: { userId: 'u1', ...deck('d2') } }, meta)
      .then([uploaded('d2', 'd1')]);
  });
  it('the same upload decided twice records it once', () => {
    given(pitchDeckDecider, uploaded('d1'))
      .when({ type: 'UploadPitchDeck', data: { userId: 'u1', ...deck('d1') } }, meta)
      .then([]);
  });
  it('removes the current deck', () => {
    given(pitchDeckDecider, uploaded('d1'), uploaded('d2', 'd1'))
      .when({ type: 'RemovePitchDeck', data: { userId: 'u1' } }, meta)
      .then([{ type: 'PitchDeckRemoved', data: { userId: 'u1', deckId: 'd2' } }]);
  });
  it('refuses to remove when there is no deck (404)', () => {
    given(pitchDeckDecider, uploaded('d1'), { type: 'PitchDeckRemoved', data: { userId: 'u1', deckId: 'd1' } })
      .when({ type: 'RemovePitchDeck', data: { userId: 'u1' } }, meta)
      .thenThrows(DomainError, 'No pitch deck uploaded', (err) => expect(err.status).toBe(404));
  });
  it('folds to the current deck', () => {
    expect(given(pitchDeckDecider, uploaded('d1'), uploaded('d2', 'd1')).state.current?.deckId).toBe('d2');
  });
});
