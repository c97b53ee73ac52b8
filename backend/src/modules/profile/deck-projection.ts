import { eventTime } from '@fp/infra';
import { PITCH_DECK_EVENT_TYPES, type PitchDeckEvent } from '@fp/contracts';
import type { Projection } from '@fp/projections';

interface DeckRow {
  deck_id: string;
  file_name: string;
  size: number | string;
  sha256: string;
  removed: boolean;
  version: number;
}

/**
 * pitch_decks (each founder's current deck) and pitch_deck_history (uploads, replacements,
 * removals). A replayed event (position already applied) changes nothing.
 */
export const pitchDecksProjection: Projection = {
  name: 'pitch_decks',
  eventTypes: [...PITCH_DECK_EVENT_TYPES],
  tables: ['pitch_decks', 'pitch_deck_history'],
  async apply(tx, events) {
    for (const e of events) {
      const ev = { type: e.type, data: e.data } as PitchDeckEvent;
      const userId = ev.data.userId;
      const at = eventTime(e);
      const current = (await tx
        .selectFrom('pitch_decks')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst()) as DeckRow | undefined;
      if (current && current.version > e.streamPosition) continue;
      const history = (
        action: 'uploaded' | 'replaced' | 'removed',
        d: { deck_id: string; file_name: string; size: number | string; sha256: string },
      ) =>
        tx
          .insertInto('pitch_deck_history')
          .values({
            user_id: userId,
            stream_position: e.streamPosition,
            action,
            deck_id: d.deck_id,
            file_name: d.file_name,
            size: d.size,
            sha256: d.sha256,
            at,
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
      switch (ev.type) {
        case 'PitchDeckUploaded': {
          const d = ev.data;
          if (current && !current.removed && d.replacedDeckId === current.deck_id) await history('replaced', current);
          const row = {
            deck_id: d.deckId,
            file_name: d.fileName,
            size: d.size,
            sha256: d.sha256,
            storage_key: d.key,
            uploaded_at: at,
            removed: false,
            version: e.streamPosition + 1,
          };
          await tx
            .insertInto('pitch_decks')
            .values({ user_id: userId, ...row })
            .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
            .execute();
          await history('uploaded', { deck_id: d.deckId, file_name: d.fileName, size: d.size, sha256: d.sha256 });
          break;
        }
        case 'PitchDeckRemoved':
          if (current && !current.removed) {
            await history('removed', current);
            await tx
              .updateTable('pitch_decks')
              .set({ removed: true, version: e.streamPosition + 1 })
              .where('user_id', '=', userId)
              .execute();
          }
          break;
      }
    }
  },
};
