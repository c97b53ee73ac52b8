import { SAVED_SEARCH_EVENT_TYPES, type SavedSearchEvent } from '@fp/contracts';
import type { RecordedEvent } from '@fp/infra';
import { eventTime } from '@fp/infra';
import { eachEvent, type Projection } from '@fp/projections';

const at = eventTime;

/** saved_searches: one row per live saved search, folded from the saved-searches-<userId> streams. */
export const savedSearchesProjection: Projection = {
  name: 'saved_searches',
  eventTypes: [...SAVED_SEARCH_EVENT_TYPES],
  tables: ['saved_searches'],
  apply: eachEvent<SavedSearchEvent>(async (tx, ev, e) => {
    const id = ev.data.searchId;
    switch (ev.type) {
      case 'SavedSearchCreated':
        await tx
          .insertInto('saved_searches')
          .values({
            id,
            user_id: ev.data.userId,
            name: ev.data.name,
            kind: ev.data.kind,
            query: JSON.stringify(ev.data.query),
            created_at: at(e),
            last_opened_at: at(e),
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        break;
      case 'SavedSearchRenamed':
        await tx.updateTable('saved_searches').set({ name: ev.data.name }).where('id', '=', id).execute();
        break;
      case 'SavedSearchOpened':
        await tx
          .updateTable('saved_searches')
          .set({ last_opened_at: at(e) })
          .where('id', '=', id)
          .execute();
        break;
      case 'SavedSearchDeleted':
        await tx.deleteFrom('saved_searches').where('id', '=', id).execute();
        break;
    }
  }),
};
