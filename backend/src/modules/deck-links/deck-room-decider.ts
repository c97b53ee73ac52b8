import {
  DECK_ROOM_DOCUMENT_NOT_FOUND,
  DECK_ROOM_FULL,
  DECK_ROOM_NOT_FOUND,
  MAX_ROOM_DOCUMENTS,
  type DeckRoomEvent,
} from '@fp/contracts';
import { DomainError, type CommandMeta, type Decider, type CommandOf } from '../../platform/decider';

interface RoomDocument {
  fileName: string;
  size: number;
  key: string;
}

export interface DeckRoomState {
  room: { roomId: string; userId: string; name: string; ndaText: string | null } | null;
  /** How many times the NDA's text was set or changed: the viewer accepts a given version. */
  ndaVersion: number;
  /** The room's documents now, in the order they were added. */
  documents: ReadonlyMap<string, RoomDocument>;
}

type RoomDocumentAdded = Extract<DeckRoomEvent, { type: 'DeckRoomDocumentAdded' }>['data'];

export type DeckRoomCommand =
  | { type: 'CreateDeckRoom'; data: { roomId: string; userId: string; name: string; ndaText: string | null } }
  | {
      type: 'ChangeDeckRoom';
      data: { roomId: string; userId: string; name?: string; ndaText?: string | null };
    }
  | { type: 'AddRoomDocument'; data: Omit<RoomDocumentAdded, 'at'> }
  | { type: 'RemoveRoomDocument'; data: { roomId: string; userId: string; documentId: string } };

/**
 * A data room: its name, its NDA (or none) and its documents. Rules:
 * - creating it again (same id) adds nothing;
 * - only its founder changes it (another founder: 404, as an unknown room); a change records only
 *   what differs, and each new NDA text is a new version (an acceptance names the version it read);
 * - a document is added once (same id: nothing), at most 20 are in a room at once (400);
 * - removing a document that is not in the room is a 404 (its visits stay in the figures).
 */
export const deckRoomDecider: Decider<DeckRoomState, DeckRoomCommand, DeckRoomEvent> = {
  initialState: () => ({ room: null, ndaVersion: 0, documents: new Map() }),

  evolve(state, event) {
    switch (event.type) {
      case 'DeckRoomCreated': {
        const { roomId, userId, name, ndaText } = event.data;
        return { ...state, room: { roomId, userId, name, ndaText }, ndaVersion: ndaText ? 1 : 0 };
      }
      case 'DeckRoomChanged': {
        if (!state.room) return state;
        const { name, ndaText } = event.data;
        return {
          ...state,
          room: {
            ...state.room,
            ...(name !== undefined ? { name } : {}),
            ...(ndaText !== undefined ? { ndaText } : {}),
          },
          ndaVersion: ndaText ? state.ndaVersion + 1 : state.ndaVersion,
        };
      }
      case 'DeckRoomDocumentAdded': {
        const { documentId, fileName, size, key } = event.data;
        return { ...state, documents: new Map(state.documents).set(documentId, { fileName, size, key }) };
      }
      case 'DeckRoomDocumentRemoved': {
        const documents = new Map(state.documents);
        documents.delete(event.data.documentId);
        return { ...state, documents };
      }
    }
  },

  decide(cmd, state, meta: CommandMeta) {
    switch (cmd.type) {
      case 'CreateDeckRoom':
        if (state.room) return [];
        return [{ type: 'DeckRoomCreated', data: { ...cmd.data, at: meta.now.toISOString() } }];
      case 'ChangeDeckRoom':
        return changeRoom(cmd, state);
      case 'AddRoomDocument': {
        ownRoom(state, cmd.data.userId);
        if (state.documents.has(cmd.data.documentId)) return [];
        if (state.documents.size >= MAX_ROOM_DOCUMENTS) throw new DomainError(DECK_ROOM_FULL, 400, 'room_full');
        return [{ type: 'DeckRoomDocumentAdded', data: { ...cmd.data, at: meta.now.toISOString() } }];
      }
      case 'RemoveRoomDocument': {
        const room = ownRoom(state, cmd.data.userId);
        if (!state.documents.has(cmd.data.documentId))
          throw new DomainError(DECK_ROOM_DOCUMENT_NOT_FOUND, 404, 'not_found');
        return [
          {
            type: 'DeckRoomDocumentRemoved',
            data: { roomId: room.roomId, userId: room.userId, documentId: cmd.data.documentId },
          },
        ];
      }
    }
  },
};

/** The founder's own room (another founder's is as unknown as a missing one: 404). */
function ownRoom(state: DeckRoomState, userId: string) {
  if (!state.room || state.room.userId !== userId) throw new DomainError(DECK_ROOM_NOT_FOUND, 404, 'not_found');
  return state.room;
}

function changeRoom(cmd: CommandOf<DeckRoomCommand, 'ChangeDeckRoom'>, state: DeckRoomState): DeckRoomEvent[] {
  const room = ownRoom(state, cmd.data.userId);
  const { name, ndaText } = cmd.data;
  const changes = {
    ...(name !== undefined && name !== room.name ? { name } : {}),
    ...(ndaText !== undefined && ndaText !== room.ndaText ? { ndaText } : {}),
  };
  if (!Object.keys(changes).length) return [];
  return [{ type: 'DeckRoomChanged', data: { roomId: room.roomId, userId: room.userId, ...changes } }];
}
