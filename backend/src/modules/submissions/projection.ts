import {
  SUBMISSION_EVENT_TYPES,
  type RefundLanded,
  type SubmissionEvent,
  type SubmissionRequested,
} from '@fp/contracts';
import type { RecordedEvent, Tx } from '@fp/infra';
import { eventTime } from '@fp/infra';
import type { Projection } from '@fp/projections';
import { sql } from 'kysely';

const at = (e: RecordedEvent) => new Date(eventTime(e));

async function insertRequested(tx: Tx, batch: RecordedEvent[]) {
  if (!batch.length) return;
  await tx
    .insertInto('submissions')
    .values(
      batch.map((e) => {
        const d = e.data as SubmissionRequested['data'];
        return {
          id: d.submissionId,
          user_id: d.userId,
          vc_firm_id: d.vcFirmId,
          test: d.test,
          firm_name: d.firm.name,
          firm_location: d.firm.location,
          firm_investor_type: d.firm.investorType,
          firm_description: d.firm.description,
          firm_website: d.firm.website,
          status: 'pending',
          sub_status: null,
          attempt_id: d.attemptId,
          attempt: 1,
          submitted_at: at(e),
          updated_at: at(e),
        };
      }),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * `submissions`: one row per submission showing its latest attempt. Updates name the attempt they
 * are about, so an event of a superseded attempt never overwrites the current one. Requests arrive
 * in bulk (1,000 firms in one submit): consecutive ones are inserted in one statement.
 */
export const submissionsProjection: Projection = {
  name: 'submissions',
  // RefundLanded: a refund that was pending when the attempt ended has reached the ledger since.
  eventTypes: [...SUBMISSION_EVENT_TYPES, 'RefundLanded'],
  tables: ['submissions'],
  async apply(tx, events) {
    let requested: RecordedEvent[] = [];
    for (const e of events) {
      if (e.type === 'RefundLanded') {
        await insertRequested(tx, requested);
        requested = [];
        const d = e.data as RefundLanded['data'];
        await tx
          .updateTable('submissions')
          .set({ credit_refunded: true })
          .where('user_id', '=', d.userId)
          .where('attempt_id', '=', d.reference)
          .execute();
        continue;
      }
      if (e.type === 'SubmissionRequested') {
        requested.push(e);
        if (requested.length >= 500) {
          await insertRequested(tx, requested);
          requested = [];
        }
        continue;
      }
      await insertRequested(tx, requested);
      requested = [];
      const ev = { type: e.type, data: e.data } as SubmissionEvent;
      const when = at(e);
      const update = (values: Record<string, unknown>, attemptId: string) =>
        tx
          .updateTable('submissions')
          .set({ ...values, updated_at: when })
          .where('id', '=', ev.data.submissionId)
          .where('attempt_id', '=', attemptId)
          .execute();
      switch (ev.type) {
        case 'SubmissionRequested':
          break;
        case 'SubmissionStarted':
          await update(
            {
              status: 'processing',
              sub_status: 'navigating',
              task_id: ev.data.taskId,
              engine: ev.data.engine,
              started_at: when,
            },
            ev.data.attemptId,
          );
          break;
        case 'SubmissionLiveViewOpened':
          await update({ live_view: true }, ev.data.attemptId);
          break;
        case 'SubmissionFormFilled':
          await update({ sub_status: 'form_filled' }, ev.data.attemptId);
          break;
        case 'SubmissionStopRequested':
          await update({ stop_requested: true }, ev.data.attemptId);
          break;
        case 'SubmissionCompleted':
        case 'SubmissionFailed':
        case 'SubmissionStopped': {
          const d = ev.data;
          const [status, sub] =
            ev.type === 'SubmissionCompleted'
              ? ['completed', 'submitted']
              : ev.type === 'SubmissionFailed'
                ? ['failed', 'error']
                : ['stopped', 'stopped'];
          await update(
            {
              status,
              sub_status: sub,
              live_view: false,
              summary: d.summary,
              ai_recap: d.aiRecap,
              recap_source: d.recapSource ?? 'rules',
              error: ev.type === 'SubmissionFailed' ? ev.data.error : null,
              error_code: ev.type === 'SubmissionFailed' ? ev.data.errorCode : null,
              confirmation_text: d.confirmationText,
              fields_filled: JSON.stringify(d.fieldsFilled),
              not_sent: JSON.stringify(d.notSent ?? []),
              screenshot: d.screenshot,
              final_url: d.finalUrl,
              sent_request: d.sentRequest ? JSON.stringify(d.sentRequest) : null,
              page_html: d.pageHtml ?? false,
              input_questions: null,
              input_deadline: null,
              takeover_reason: null,
              takeover_message: null,
              takeover_deadline: null,
              completed_at: when,
            },
            d.attemptId,
          );
          break;
        }
        case 'SubmissionRetried':
          await tx
            .updateTable('submissions')
            .set({
              status: 'pending',
              sub_status: null,
              attempt_id: ev.data.attemptId,
              attempt: ev.data.attempt,
              task_id: null,
              engine: null,
              live_view: false,
              stop_requested: false,
              summary: null,
              ai_recap: null,
              recap_source: null,
              error: null,
              error_code: null,
              confirmation_text: null,
              fields_filled: '[]',
              not_sent: '[]',
              screenshot: false,
              final_url: null,
              sent_request: null,
              page_html: false,
              credit_refunded: false,
              input_phase: 0,
              input_questions: null,
              input_deadline: null,
              takeover_reason: null,
              takeover_message: null,
              takeover_deadline: null,
              takeovers: '[]',
              started_at: null,
              completed_at: null,
              updated_at: when,
            })
            .where('id', '=', ev.data.submissionId)
            .execute();
          break;
        case 'SubmissionInputRequested': {
          const d = ev.data;
          await update(
            {
              sub_status: 'waiting_for_input',
              live_view: false,
              summary: d.summary,
              ai_recap: null,
              recap_source: null,
              fields_filled: JSON.stringify(d.fieldsFilled),
              screenshot: d.screenshot,
              final_url: d.finalUrl,
              input_questions: JSON.stringify(d.questions),
              input_deadline: new Date(d.deadline),
            },
            d.attemptId,
          );
          break;
        }
        case 'SubmissionInputGiven':
          await update(
            {
              status: 'pending',
              sub_status: null,
              input_phase: ev.data.phase,
              input_questions: null,
              input_deadline: null,
            },
            ev.data.attemptId,
          );
          break;
        case 'SubmissionCreditRefunded':
          await update({ credit_refunded: true }, ev.data.attemptId);
          break;
        case 'SubmissionTakeoverRequested': {
          const d = ev.data;
          await update(
            {
              sub_status: 'waiting_for_takeover',
              takeover_reason: d.reason,
              takeover_message: d.message,
              takeover_deadline: new Date(d.deadline),
            },
            d.attemptId,
          );
          break;
        }
        case 'SubmissionTakeoverStarted':
        case 'SubmissionTakeoverHandedBack':
          break;
        case 'SubmissionTakeoverEnded': {
          const d = ev.data;
          const record = {
            how: d.how,
            by: d.by,
            startedAt: d.startedAt,
            endedAt: d.endedAt,
            durationMs: d.durationMs,
            requestedAt: new Date(new Date(d.endedAt).getTime() - d.durationMs).toISOString(),
          };
          await tx
            .updateTable('submissions')
            .set({
              // Back to the automation's own sub-status, unless the run already ended meanwhile.
              sub_status: sql`case when sub_status = 'waiting_for_takeover' then 'navigating' else sub_status end`,
              takeovers: sql`takeovers || jsonb_build_array(${JSON.stringify(record)}::jsonb || jsonb_build_object('reason', coalesce(takeover_reason, 'captcha')))`,
              takeover_reason: null,
              takeover_message: null,
              takeover_deadline: null,
              updated_at: when,
            })
            .where('id', '=', d.submissionId)
            .where('attempt_id', '=', d.attemptId)
            .execute();
          break;
        }
      }
    }
    await insertRequested(tx, requested);
  },
};
