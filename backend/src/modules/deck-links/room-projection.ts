import { DECK_ROOM_EVENT_TYPES, type DeckRoomEntered, type DeckRoomEvent } from '@fp/contracts';
import { eventTime } from '@fp/infra';
import type { Projection } from '@fp/projections';

/**
 * deck_rooms, deck_room_documents, deck_room_entries from the deck-room-<roomId> streams and the room
 * links' DeckRoomEntered (an NDA acceptance is an entry with its name and text).
 */
export const deckRoomsProjection: Projection = {
  name: 'deck_rooms',
  eventTypes: [...DECK_ROOM_EVENT_TYPES, 'DeckRoomEntered'],
  tables: ['deck_rooms', 'deck_room_documents', 'deck_room_entries'],
  async apply(tx, events) {
    for (const e of events) {
      const ev = { type: e.type, data: e.data } as DeckRoomEvent | DeckRoomEntered;
      const when = eventTime(e);
      switch (ev.type) {
        case 'DeckRoomCreated':
          await tx
            .insertInto('deck_rooms')
            .values({
              id: ev.data.roomId,
              user_id: ev.data.userId,
              name: ev.data.name,
              nda_text: ev.data.ndaText,
              nda_version: ev.data.ndaText ? 1 : 0,
              created_at: ev.data.at,
              updated_at: when,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        case 'DeckRoomChanged': {
          const { name, ndaText } = ev.data;
          await tx
            .updateTable('deck_rooms')
            .set((eb) => ({
              updated_at: when,
              ...(name !== undefined ? { name } : {}),
              ...(ndaText !== undefined ? { nda_text: ndaText } : {}),
              // The same count as the room decider's: each new text is a version.
              ...(ndaText ? { nda_version: eb('nda_version', '+', 1) } : {}),
            }))
            .where('id', '=', ev.data.roomId)
            .execute();
          break;
        }
        case 'DeckRoomDocumentAdded':
          await tx
            .insertInto('deck_room_documents')
            .values({
              id: ev.data.documentId,
              room_id: ev.data.roomId,
              user_id: ev.data.userId,
              file_name: ev.data.fileName,
              size: ev.data.size,
              storage_key: ev.data.key,
              added_at: ev.data.at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        case 'DeckRoomDocumentRemoved':
          await tx
            .updateTable('deck_room_documents')
            .set({ removed_at: when })
            .where('id', '=', ev.data.documentId)
            .where('room_id', '=', ev.data.roomId)
            .execute();
          break;
        case 'DeckRoomEntered':
          await tx
            .insertInto('deck_room_entries')
            .values({
              entry_id: ev.data.entryId,
              link_id: ev.data.linkId,
              room_id: ev.data.roomId,
              user_id: ev.data.userId,
              at: ev.data.at,
              email: ev.data.email,
              verified: ev.data.verified === true,
              nda_name: ev.data.nda?.name ?? null,
              nda_text: ev.data.nda?.text ?? null,
            })
            .onConflict((oc) => oc.column('entry_id').doNothing())
            .execute();
          break;
      }
    }
  },
};
