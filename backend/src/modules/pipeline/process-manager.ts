import { eventTime } from '@fp/infra';
import type { DeckLinkEvent, SubmissionEvent } from '@fp/contracts';
import type { Projection } from '@fp/projections';
import type { PipelineService } from './service';

export const PROCESS_MANAGER_ACTOR = 'pipeline:applications';

/**
 * Applications reach the board: when a submission completes, its firm's card goes to Applied
 * (created if absent) with the submission linked. SubmissionCompleted carries only ids, so the
 * founder and firm of each requested submission are kept in pipeline_submission_firms.
 * A failed or stopped submission issues nothing. The command is idempotent per submission, so a
 * batch retried after a crash, or a rebuild of this projection, links nothing twice.
 */
export function applicationsToPipeline(pipeline: PipelineService): Projection {
  return {
    name: 'pipeline_applications',
    eventTypes: ['SubmissionRequested', 'SubmissionCompleted'],
    tables: ['pipeline_submission_firms'],
    async apply(tx, events) {
      for (const e of events) {
        const ev = { type: e.type, data: e.data } as SubmissionEvent;
        if (ev.type === 'SubmissionRequested') {
          const d = ev.data;
          await tx
            .insertInto('pipeline_submission_firms')
            .values({ submission_id: d.submissionId, user_id: d.userId, firm_id: d.vcFirmId, firm_name: d.firm.name })
            .onConflict((oc) => oc.column('submission_id').doNothing())
            .execute();
        } else if (ev.type === 'SubmissionCompleted') {
          const row = await tx
            .selectFrom('pipeline_submission_firms')
            .selectAll()
            .where('submission_id', '=', ev.data.submissionId)
            .executeTakeFirst();
          if (!row) continue;
          const now = new Date(eventTime(e));
          await pipeline.recordSubmission(
            row.user_id,
            row.submission_id,
            { id: row.firm_id, name: row.firm_name },
            { now, actor: PROCESS_MANAGER_ACTOR, correlationId: row.submission_id },
          );
        }
      }
    },
  };
}

export const DECK_VISITS_ACTOR = 'pipeline:deck-visits';

/**
 * Deck visits reach the board: a visit through an investor's link (deck-links module) shows in the
 * card's history, and the card's first one moves it to Opened deck (decider rules). The command is
 * idempotent per visit, so a retried batch or a rebuild records nothing twice.
 */
export function deckVisitsToPipeline(pipeline: PipelineService): Projection {
  return {
    name: 'pipeline_deck_visits',
    eventTypes: ['DeckVisitStarted'],
    tables: [],
    async apply(_tx, events) {
      for (const e of events) {
        const ev = { type: e.type, data: e.data } as DeckLinkEvent;
        if (ev.type !== 'DeckVisitStarted' || !ev.data.investorId || !ev.data.investorKind) continue;
        const d = ev.data;
        await pipeline.recordDeckVisit(
          d.userId,
          { visitId: d.visitId, investorId: d.investorId!, investorKind: d.investorKind!, email: d.email },
          { now: new Date(eventTime(e)), actor: DECK_VISITS_ACTOR, correlationId: d.visitId },
        );
      }
    },
  };
}
