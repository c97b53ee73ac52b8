import { eventTime } from '@fp/infra';
import { FOUNDER_DOCUMENT_EVENT_TYPES, type FounderDocumentEvent } from '@fp/contracts';
import type { Projection } from '@fp/projections';

/** founder_documents: each founder's current document of each kind. A replayed event changes nothing. */
export const founderDocumentsProjection: Projection = {
  name: 'founder_documents',
  eventTypes: [...FOUNDER_DOCUMENT_EVENT_TYPES],
  tables: ['founder_documents'],
  async apply(tx, events) {
    for (const e of events) {
      const ev = { type: e.type, data: e.data } as FounderDocumentEvent;
      const { userId, kind } = ev.data;
      const version = e.streamPosition + 1;
      switch (ev.type) {
        case 'FounderDocumentAdded': {
          const d = ev.data;
          const row = {
            document_id: d.documentId,
            file_name: d.fileName,
            size: d.size,
            sha256: d.sha256,
            storage_key: d.key,
            uploaded_at: eventTime(e),
            version,
          };
          await tx
            .insertInto('founder_documents')
            .values({ user_id: userId, kind, ...row })
            .onConflict((oc) =>
              oc.columns(['user_id', 'kind']).doUpdateSet(row).where('founder_documents.version', '<', version),
            )
            .execute();
          break;
        }
        case 'FounderDocumentRemoved':
          await tx
            .deleteFrom('founder_documents')
            .where('user_id', '=', userId)
            .where('kind', '=', kind)
            .where('document_id', '=', ev.data.documentId)
            .execute();
          break;
      }
    }
  },
};
