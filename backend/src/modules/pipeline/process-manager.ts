import { eventTime } from '@fp/infra';
import type { DeckLinkEvent, SubmissionEvent } from '@fp/contracts';
import type { Projection } from '@fp/projections';
import { metaOf, type AskedMeta } from '../../platform/decider';
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
    // Commands to the board run after the batch commits, on connections of their own.
    effects: {
      recordSubmission: (p: {
        userId: string;
        submissionId: string;
        firm: { id: string; name: string };
        meta: AskedMeta;
      }) => pipeline.recordSubmission(p.userId, p.submissionId, p.firm, metaOf(p.meta)).then(() => undefined),
    },
    async apply(tx, events, effects) {
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
          effects.ask('recordSubmission', {
            userId: row.user_id,
            submissionId: row.submission_id,
            firm: { id: row.firm_id, name: row.firm_name },
            meta: { now: eventTime(e), actor: PROCESS_MANAGER_ACTOR, correlationId: row.submission_id },
          });
        }
      }
    },
  };
}

export const DECK_VISITS_ACTOR = 'pipeline:deck-visits';

type DeckVisit = Parameters<PipelineService['recordDeckVisit']>[1];

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
    effects: {
      recordDeckVisit: (p: { userId: string; visit: DeckVisit; meta: AskedMeta }) =>
        pipeline.recordDeckVisit(p.userId, p.visit, metaOf(p.meta)).then(() => undefined),
    },
    async apply(_tx, events, effects) {
      for (const e of events) {
        const ev = { type: e.type, data: e.data } as DeckLinkEvent;
        if (ev.type !== 'DeckVisitStarted') continue;
        const d = ev.data;
        const { investorId, investorKind } = d;
        if (!investorId || !investorKind) continue;
        const visit: DeckVisit = { visitId: d.visitId, investorId, investorKind, email: d.email };
        effects.ask('recordDeckVisit', {
          userId: d.userId,
          visit,
          meta: { now: eventTime(e), actor: DECK_VISITS_ACTOR, correlationId: d.visitId },
        });
      }
    },
  };
}
