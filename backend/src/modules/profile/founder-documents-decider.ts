import { FOUNDER_DOCUMENT_NOT_FOUND, type FounderDocumentEvent, type FounderDocumentKind } from '@fp/contracts';
import { DomainError, type Decider } from '../../platform/decider';

interface HeldDocument {
  documentId: string;
  fileName: string;
  size: number;
  sha256: string;
  key: string;
}

export interface FounderDocumentsState {
  held: Partial<Record<FounderDocumentKind, HeldDocument>>;
}

export type FounderDocumentsCommand =
  | { type: 'AddDocument'; data: { userId: string; kind: FounderDocumentKind } & HeldDocument }
  | { type: 'RemoveDocument'; data: { userId: string; kind: FounderDocumentKind } };

/** One current document per kind: an upload of a kind held replaces it, a removal leaves none of that kind. */
export const founderDocumentsDecider: Decider<FounderDocumentsState, FounderDocumentsCommand, FounderDocumentEvent> = {
  initialState: () => ({ held: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'FounderDocumentAdded': {
        const { kind, documentId, fileName, size, sha256, key } = event.data;
        return { held: { ...state.held, [kind]: { documentId, fileName, size, sha256, key } } };
      }
      case 'FounderDocumentRemoved': {
        const held = { ...state.held };
        delete held[event.data.kind];
        return { held };
      }
    }
  },
  decide(command, state) {
    const current = state.held[command.data.kind];
    switch (command.type) {
      case 'AddDocument':
        // The same upload decided again (a retried request) records nothing new.
        if (current?.documentId === command.data.documentId) return [];
        return [
          {
            type: 'FounderDocumentAdded',
            data: { ...command.data, replacedDocumentId: current?.documentId ?? null },
          },
        ];
      case 'RemoveDocument':
        if (!current) throw new DomainError(FOUNDER_DOCUMENT_NOT_FOUND, 404, 'not_found');
        return [
          {
            type: 'FounderDocumentRemoved',
            data: { userId: command.data.userId, kind: command.data.kind, documentId: current.documentId },
          },
        ];
    }
  },
};
