import type { SubmissionInputRequested } from '@fp/contracts';
import type { Projection } from '@fp/projections';
import type { MailService } from '../mail/index';

export const INPUT_MAIL_ACTOR = 'submissions:input-notifier';

/**
 * "Needs your answers": one e-mail per pause of a run, to the founder, with the questions and the
 * deadline. The message id is the event's id, so a replayed batch or a rebuild sends nothing twice.
 */
export function inputRequestedNotifier(mail: MailService, appUrl: string): Projection {
  return {
    name: 'submissions_input_mail',
    eventTypes: ['SubmissionInputRequested'],
    tables: [],
    async apply(tx, events) {
      for (const e of events) {
        const d = (e.data as SubmissionInputRequested['data']);
        const user = await tx.selectFrom('users').select('email').where('id', '=', d.userId).executeTakeFirst();
        if (!user) continue;
        await mail.send(
          'answers-needed',
          {
            to: user.email,
            userId: d.userId,
            messageId: `answers-needed-${e.eventId}`,
            data: { firmName: d.firmName, questions: d.questions.map((q) => q.question), deadline: d.deadline, url: `${appUrl}/submissions?answer=${encodeURIComponent(d.submissionId)}` },
          },
          { now: new Date(e.metadata.now ?? e.createdAt), actor: INPUT_MAIL_ACTOR, correlationId: e.eventId },
        );
      }
    },
  };
}
