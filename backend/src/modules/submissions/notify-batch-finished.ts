import { eventTime } from '@fp/infra';
import { runFigures, type SubmissionEvent } from '@fp/contracts';
import type { Projection } from '@fp/projections';
import { sql } from 'kysely';
import { askMail, mailEffects, type MailService } from '../mail/index';

export const BATCH_MAIL_ACTOR = 'submissions:notifier';

/**
 * "Your applications have finished": when the last of a founder's applications under way ends, one
 * e-mail with how the ones finished since the last such mail went, counted by the figures of
 * contracts (submissions/figures.ts): delivered, failed, stopped apart, credits refunded. Each
 * application counts once by its last outcome: a retry brings it back into the open batch, never as
 * an extra one. A failed attempt, or one stopped before the form was sent, is refunded
 * by rule, so the count does not wait for the ledger. The message id is the ending event's id: a
 * batch replayed after a crash, or a rebuild, queues nothing twice. Founders unsubscribe in one click.
 */
export function batchFinishedNotifier(mail: MailService, appUrl: string): Projection {
  return {
    name: 'submissions_batch_mail',
    eventTypes: [
      'SubmissionRequested',
      'SubmissionRetried',
      'SubmissionCompleted',
      'SubmissionFailed',
      'SubmissionStopped',
    ],
    tables: ['submission_batches', 'submission_batch_members'],
    effects: mailEffects(mail),
    async apply(tx, events, effects) {
      for (const e of events) {
        const ev = { type: e.type, data: e.data } as SubmissionEvent;
        if (ev.type === 'SubmissionRequested') {
          await tx
            .insertInto('submission_batch_members')
            .values({ submission_id: ev.data.submissionId, user_id: ev.data.userId })
            .onConflict((oc) => oc.column('submission_id').doNothing())
            .execute();
          await tx
            .insertInto('submission_batches')
            .values({ user_id: ev.data.userId, open: 1, total: 0 })
            .onConflict((oc) => oc.column('user_id').doUpdateSet({ open: sql`submission_batches.open + 1` }))
            .execute();
          continue;
        }
        const member = await tx
          .selectFrom('submission_batch_members')
          .select('user_id')
          .where('submission_id', '=', ev.data.submissionId)
          .executeTakeFirst();
        if (!member) continue;
        const userId = member.user_id as string;
        if (ev.type === 'SubmissionRetried') {
          // The same application again: back in the open batch, its earlier outcome no longer counts.
          await tx
            .updateTable('submission_batch_members')
            .set({ in_batch: true, outcome: null })
            .where('submission_id', '=', ev.data.submissionId)
            .execute();
          await tx
            .updateTable('submission_batches')
            .set({ open: sql`open + 1` })
            .where('user_id', '=', userId)
            .execute();
          continue;
        }
        const outcome =
          ev.type === 'SubmissionCompleted' ? 'completed' : ev.type === 'SubmissionFailed' ? 'failed' : 'stopped';
        const refunded =
          ev.type === 'SubmissionFailed' || (ev.type === 'SubmissionStopped' && !ev.data.formSent) ? 1 : 0;
        await tx
          .updateTable('submission_batch_members')
          .set({ in_batch: true, outcome })
          .where('submission_id', '=', ev.data.submissionId)
          .execute();
        const row = await tx
          .updateTable('submission_batches')
          .set({ open: sql`greatest(open - 1, 0)`, refunded: sql`refunded + ${refunded}` })
          .where('user_id', '=', userId)
          .returningAll()
          .executeTakeFirst();
        if (!row || row.open > 0) continue;
        const members = await tx
          .selectFrom('submission_batch_members')
          .select('outcome')
          .where('user_id', '=', userId)
          .where('in_batch', '=', true)
          .execute();
        const f = runFigures(members.map((m) => (m.outcome as string | null) ?? 'processing'));
        const user = await tx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
        if (user) {
          askMail(
            effects,
            'batch-finished',
            {
              to: user.email,
              userId,
              messageId: `batch-finished-${e.eventId}`,
              data: {
                total: f.total,
                delivered: f.completed,
                failed: f.failed,
                stopped: f.stopped,
                refunded: row.refunded,
                url: `${appUrl}/submissions`,
              },
            },
            { now: new Date(eventTime(e)), actor: BATCH_MAIL_ACTOR, correlationId: e.eventId },
          );
        }
        await tx
          .updateTable('submission_batch_members')
          .set({ in_batch: false })
          .where('user_id', '=', userId)
          .where('in_batch', '=', true)
          .execute();
        await tx
          .updateTable('submission_batches')
          .set({ total: 0, delivered: 0, failed: 0, refunded: 0 })
          .where('user_id', '=', userId)
          .execute();
      }
    },
  };
}
