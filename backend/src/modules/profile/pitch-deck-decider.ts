import { DECK_NOT_FOUND, type PitchDeckEvent } from '@fp/contracts';
import { DomainError, type Decider } from '../../platform/decider';

interface CurrentDeck {
  deckId: string;
  fileName: string;
  size: number;
  sha256: string;
  key: string;
}

export interface PitchDeckState {
  current: CurrentDeck | null;
}

export type PitchDeckCommand =
  | { type: 'UploadPitchDeck'; data: { userId: string } & CurrentDeck }
  | { type: 'RemovePitchDeck'; data: { userId: string } };

/** One current pitch deck per founder: an upload replaces it, a removal leaves none. */
export const pitchDeckDecider: Decider<PitchDeckState, PitchDeckCommand, PitchDeckEvent> = {
  initialState: () => ({ current: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'PitchDeckUploaded': {
        const { deckId, fileName, size, sha256, key } = event.data;
        return { current: { deckId, fileName, size, sha256, key } };
      }
      case 'PitchDeckRemoved':
        return { current: null };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'UploadPitchDeck': {
        // The same upload decided again (a retried request) records nothing new.
        if (state.current?.deckId === command.data.deckId) return [];
        return [
          { type: 'PitchDeckUploaded', data: { ...command.data, replacedDeckId: state.current?.deckId ?? null } },
        ];
      }
      case 'RemovePitchDeck': {
        if (!state.current) throw new DomainError(DECK_NOT_FOUND, 404, 'not_found');
        return [{ type: 'PitchDeckRemoved', data: { userId: command.data.userId, deckId: state.current.deckId } }];
      }
    }
  },
};
