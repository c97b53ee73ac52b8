import type { SubmissionInputRequested, SubmissionTakeoverRequested } from '@fp/contracts';
import type { Projection } from '@fp/projections';
import type { RecordedEvent, Tx } from '@fp/infra';
import { eventTime } from '@fp/infra';
import { askMail, mailEffects, type MailService } from '../mail/index';
import type { TemplateData, TemplateName } from '../mail/templates/index';

export const INPUT_MAIL_ACTOR = 'submissions:input-notifier';
export const TAKEOVER_MAIL_ACTOR = 'submissions:takeover-notifier';

/** One e-mail a paused run asks for, or null (no recipient, nothing to ask any more). */
type PauseMail<N extends TemplateName> = {
  to: string;
  userId: string;
  messageId: string;
  data: TemplateData<N>;
} | null;

/**
 * A run paused for its founder, told by e-mail as the event is projected (queued once the batch
 * commits): one message per pause event type. Message ids make a replayed batch or a rebuild send nothing twice.
 */
function pauseNotifier<N extends TemplateName>(
  name: string,
  eventType: string,
  template: N,
  actor: string,
  mail: MailService,
  mailFor: (tx: Tx, e: RecordedEvent) => Promise<PauseMail<N>>,
): Projection {
  return {
    name,
    eventTypes: [eventType],
    tables: [],
    effects: mailEffects(mail),
    async apply(tx, events, effects) {
      for (const e of events) {
        const m = await mailFor(tx, e);
        if (m) askMail(effects, template, m, { now: new Date(eventTime(e)), actor, correlationId: e.eventId });
      }
    },
  };
}

/** "Needs your answers": one e-mail per pause of a run, with the questions and the deadline. */
export function inputRequestedNotifier(mail: MailService, appUrl: string): Projection {
  return pauseNotifier(
    'submissions_input_mail',
    'SubmissionInputRequested',
    'answers-needed',
    INPUT_MAIL_ACTOR,
    mail,
    async (tx, e) => {
      const d = e.data as SubmissionInputRequested['data'];
      const user = await tx.selectFrom('users').select('email').where('id', '=', d.userId).executeTakeFirst();
      if (!user) return null;
      return {
        to: user.email,
        userId: d.userId,
        messageId: `answers-needed-${e.eventId}`,
        data: {
          firmName: d.firmName,
          questions: d.questions.map((q) => q.question),
          deadline: d.deadline,
          url: `${appUrl}/submissions?answer=${encodeURIComponent(d.submissionId)}`,
        },
      };
    },
  );
}

/**
 * "Needs you in the live view": one e-mail per attempt (the message id is the attempt's), sent at
 * its first pause for a CAPTCHA or a sign-in; a pause asked again after Continue finds the founder
 * already in the live view. The browser waits only TAKEOVER_MINUTES: past the deadline (a catch-up
 * or a rebuild) there is nothing to ask for.
 */
export function takeoverRequestedNotifier(mail: MailService, appUrl: string): Projection {
  return pauseNotifier(
    'submissions_takeover_mail',
    'SubmissionTakeoverRequested',
    'takeover-needed',
    TAKEOVER_MAIL_ACTOR,
    mail,
    async (tx, e) => {
      const d = e.data as SubmissionTakeoverRequested['data'];
      if (Date.parse(d.deadline) <= Date.now()) return null;
      const owner = await tx
        .selectFrom('submissions')
        .innerJoin('users', 'users.id', 'submissions.user_id')
        .select(['users.id as userId', 'users.email as email', 'submissions.firm_name as firmName'])
        .where('submissions.id', '=', d.submissionId)
        .executeTakeFirst();
      if (!owner) return null;
      return {
        to: owner.email,
        userId: owner.userId,
        messageId: `takeover-needed-${d.attemptId}`,
        data: {
          firmName: owner.firmName ?? 'a VC firm',
          reason: d.reason,
          deadline: d.deadline,
          url: `${appUrl}/submissions`,
        },
      };
    },
  );
}
