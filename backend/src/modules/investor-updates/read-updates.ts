import { UPDATE_NOT_FOUND, type InvestorUpdateDetail, type InvestorUpdateSummary, iso } from '@fp/contracts';
import { sql } from 'kysely';
import { DomainError } from '../../platform/decider';
import type { InvestorUpdatesServiceContext } from './context';

// Delivery states come from the mail module's outbox (mail_messages) and deck visits from the
// deck-links module's read model (deck_visits), joined by the ids Send recorded: one query per page
// instead of a call per recipient.

/** The founder's updates, newest first, with how many were sent, delivered and opened the linked deck. */
export async function listUpdates(
  ctx: Pick<InvestorUpdatesServiceContext, 'db'>,
  userId: string,
): Promise<InvestorUpdateSummary[]> {
  const { rows } = await sql<Record<string, any>>`
    with r as (
      select r.update_id, count(*) as recipients,
             count(*) filter (where m.status = 'sent') as delivered,
             count(*) filter (where exists (select 1 from deck_visits v where v.link_id = r.deck_link_id)) as opened
      from investor_update_recipients r left join mail_messages m on m.id = r.message_id
      where r.user_id = ${userId} group by r.update_id
    )
    select u.id, u.status, u.subject, u.created_at, u.updated_at, u.sent_at, coalesce(r.recipients, 0) as recipients, coalesce(r.delivered, 0) as delivered, coalesce(r.opened, 0) as opened
    from investor_updates u left join r on r.update_id = u.id
    where u.user_id = ${userId} order by u.created_at desc, u.id`.execute(ctx.db);
  return rows.map((u) => ({
    id: u.id,
    status: u.status,
    subject: u.subject,
    createdAt: iso(u.created_at)!,
    updatedAt: iso(u.updated_at)!,
    sentAt: iso(u.sent_at),
    recipients: Number(u.recipients),
    delivered: Number(u.delivered),
    opened: Number(u.opened),
  }));
}

/** One update: the draft, or after Send each recipient's delivery state and deck visits. Another founder's is a 404. */
export async function readUpdate(
  ctx: Pick<InvestorUpdatesServiceContext, 'db'>,
  userId: string,
  updateId: string,
): Promise<InvestorUpdateDetail> {
  const u = await ctx.db
    .selectFrom('investor_updates')
    .selectAll()
    .where('id', '=', updateId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!u) throw new DomainError(UPDATE_NOT_FOUND, 404, 'not_found');
  const { rows } = await sql<Record<string, any>>`
    select r.email, r.name, r.message_id, r.deck_link_id, r.deck_link_off, m.status, m.sent_at,
           (select count(*) from deck_visits v where v.link_id = r.deck_link_id) as visits,
           (select max(started_at) from deck_visits v where v.link_id = r.deck_link_id) as last_visit_at
    from investor_update_recipients r left join mail_messages m on m.id = r.message_id
    where r.update_id = ${updateId} and r.user_id = ${userId} order by r.name nulls last, r.email`.execute(ctx.db);
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  return {
    id: u.id,
    status: u.status,
    content: json(u.content),
    recipients: json(u.recipients),
    createdAt: iso(u.created_at)!,
    updatedAt: iso(u.updated_at)!,
    sentAt: iso(u.sent_at),
    deliveries: rows.map((r) => ({
      email: r.email,
      name: r.name,
      messageId: r.message_id,
      // No outbox row: the message was skipped at queueing (the address unsubscribed meanwhile) or is not projected yet.
      status: r.status ?? 'unknown',
      sentAt: iso(r.sent_at),
      deckLinkId: r.deck_link_id,
      deckLinkOff: r.deck_link_off,
      deckVisits: Number(r.visits),
      lastDeckVisitAt: iso(r.last_visit_at),
    })),
    skipped: json(u.skipped),
  };
}
