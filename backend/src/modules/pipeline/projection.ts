import { PIPELINE_EVENT_TYPES, type PipelineEvent } from '@fp/contracts';
import type { RecordedEvent } from '@fp/infra';
import { eventTime } from '@fp/infra';
import { eachEvent, type Projection } from '@fp/projections';
import { sql } from 'kysely';

const at = eventTime;

/** Read-model columns of the editable fields. */
const COLUMN = {
  notes: 'notes',
  nextFollowUp: 'next_follow_up',
  introducedBy: 'introduced_by',
  amount: 'amount',
  passReason: 'pass_reason',
} as const;

/** pipeline_cards: the board, one row per card, folded from the pipeline-<userId> streams. */
export const pipelineCardsProjection: Projection = {
  name: 'pipeline_cards',
  eventTypes: [...PIPELINE_EVENT_TYPES],
  tables: ['pipeline_cards'],
  apply: eachEvent<PipelineEvent>(async (tx, ev, e) => {
    const d = ev.data;
    switch (ev.type) {
      case 'PipelineCardAdded':
        await tx
          .insertInto('pipeline_cards')
          .values({
            id: d.cardId,
            user_id: d.userId,
            investor_id: ev.data.investorId,
            investor_kind: ev.data.investorKind,
            name: ev.data.name,
            stage: ev.data.stage,
            created_at: at(e),
            updated_at: at(e),
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        break;
      case 'PipelineCardMoved':
        await tx
          .updateTable('pipeline_cards')
          .set({ stage: ev.data.to, pass_reason: ev.data.passReason, updated_at: at(e) })
          .where('id', '=', d.cardId)
          .execute();
        break;
      case 'PipelineCardEdited': {
        const set: Record<string, unknown> = { updated_at: at(e) };
        for (const [k, v] of Object.entries(ev.data.changes)) set[COLUMN[k as keyof typeof COLUMN]] = v;
        await tx.updateTable('pipeline_cards').set(set).where('id', '=', d.cardId).execute();
        break;
      }
      case 'PipelineSubmissionLinked':
        await sql`update pipeline_cards set submission_ids = array_append(submission_ids, ${ev.data.submissionId}), updated_at = ${at(e)} where id = ${d.cardId}`.execute(
          tx,
        );
        break;
      case 'PipelineCardRemoved':
        await tx.deleteFrom('pipeline_cards').where('id', '=', d.cardId).execute();
        break;
      case 'PipelineDeckVisited':
        // Visits are the card's history, not a change of the card (the board's order stays).
        break;
    }
  }),
};
