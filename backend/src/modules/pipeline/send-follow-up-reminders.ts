import type { FollowUpReminderData } from '../mail/templates/index';
import type { PipelineServiceContext } from './context';
import { cardFromRow } from './queries';

const FOLLOW_UP_MAIL_ACTOR = 'pipeline:follow-ups';
/** A follow-up missed by more than this is no longer nagged about. */
const OVERDUE_DAYS = 7;
/** Cards at these stages need no follow-up. */
const CLOSED_STAGES = ['Committed', 'Passed'];

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * One e-mail per founder on a day with follow-ups due: the cards whose next follow-up is that day
 * (UTC) or up to a week before it and still open. The message id is founder × day, so running it
 * again that day (another tick, a restart, a second worker) queues nothing twice; founders who
 * unsubscribed from notifications get nothing. Answers how many founders were written to.
 */
export async function sendFollowUpReminders(
  ctx: Pick<PipelineServiceContext, 'db' | 'mail' | 'config'>,
  now: Date,
): Promise<number> {
  const today = isoDay(now);
  const since = isoDay(new Date(now.getTime() - OVERDUE_DAYS * 86_400_000));
  const rows = await ctx.db
    .selectFrom('pipeline_cards as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select('u.email as email')
    .where('c.next_follow_up', '<=', today)
    .where('c.next_follow_up', '>=', since)
    .where('c.stage', 'not in', CLOSED_STAGES)
    .orderBy('c.user_id')
    .orderBy('c.next_follow_up')
    .orderBy('c.name')
    .execute();
  const byUser = new Map<string, { email: string; cards: FollowUpReminderData['cards'] }>();
  for (const r of rows) {
    const card = cardFromRow(r);
    const entry = byUser.get(r.user_id) ?? byUser.set(r.user_id, { email: r.email, cards: [] }).get(r.user_id)!;
    entry.cards.push({ name: card.name, stage: card.stage, nextFollowUp: card.nextFollowUp!, notes: card.notes });
  }
  let sent = 0;
  for (const [userId, { email, cards }] of byUser) {
    const r = await ctx.mail.send(
      'follow-up-reminder',
      {
        to: email,
        userId,
        messageId: `follow-up-${userId}-${today}`,
        data: { date: today, cards, url: `${ctx.config.publicUrl}/pipeline` },
      },
      { now, actor: FOLLOW_UP_MAIL_ACTOR },
    );
    if (!r.skipped) sent++;
  }
  return sent;
}
