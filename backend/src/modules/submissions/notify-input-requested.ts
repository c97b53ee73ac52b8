import type { SubmissionInputRequested, SubmissionTakeoverRequested } from '@fp/contracts';
import type { Projection } from '@fp/projections';
import type { MailService } from '../mail/index';

export const INPUT_MAIL_ACTOR = 'submissions:input-notifier';
export const TAKEOVER_MAIL_ACTOR = 'submissions:takeover-notifier';

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

/**
 * "Needs you in the live view": one e-mail per attempt (the message id is the attempt's), sent at
 * its first pause for a CAPTCHA or a sign-in; a pause asked again after Continue finds the founder
 * already in the live view. The browser waits TAKEOVER_MINUTES, so this is the one notification
 * that must be quick: it goes out as the event is projected.
 */
export function takeoverRequestedNotifier(mail: MailService, appUrl: string): Projection {
  return {
    name: 'submissions_takeover_mail',
    eventTypes: ['SubmissionTakeoverRequested'],
    tables: [],
    async apply(tx, events) {
      for (const e of events) {
        const d = e.data as SubmissionTakeoverRequested['data'];
        // Past its deadline the browser no longer waits (a catch-up or a rebuild): nothing to ask for.
        if (Date.parse(d.deadline) <= Date.now()) continue;
        const owner = await tx
          .selectFrom('submissions')
          .innerJoin('users', 'users.id', 'submissions.user_id')
          .select(['users.id as userId', 'users.email as email', 'submissions.firm_name as firmName'])
          .where('submissions.id', '=', d.submissionId)
          .executeTakeFirst();
        if (!owner) continue;
        await mail.send(
          'takeover-needed',
          {
            to: owner.email,
            userId: owner.userId,
            messageId: `takeover-needed-${d.attemptId}`,
            data: { firmName: owner.firmName ?? 'a VC firm', reason: d.reason, deadline: d.deadline, url: `${appUrl}/submissions` },
          },
          { now: new Date(e.metadata.now ?? e.createdAt), actor: TAKEOVER_MAIL_ACTOR, correlationId: e.eventId },
        );
      }
    },
  };
}
