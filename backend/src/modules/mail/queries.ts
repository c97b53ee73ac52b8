import type { MailboxMessage, MailboxMessageDetail } from '@fp/contracts';
import { sql } from 'kysely';
import type { MailServiceContext } from './context';

// The operators' mailbox: every outgoing message with its delivery state.

const toMessage = (r: any): MailboxMessage => ({
  id: r.id,
  to: r.to_email,
  template: r.template,
  category: r.category,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  lastError: r.last_error,
  queuedAt: new Date(r.queued_at).toISOString(),
  sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
});

export async function listMailbox(
  ctx: Pick<MailServiceContext, 'db'>,
  { to, limit = 100 }: { to?: string; limit?: number },
): Promise<MailboxMessage[]> {
  let q = ctx.db
    .selectFrom('mail_messages')
    .select([
      'id',
      'to_email',
      'template',
      'category',
      'subject',
      'status',
      'attempts',
      'last_error',
      'queued_at',
      'sent_at',
    ])
    .orderBy('queued_at', 'desc')
    .limit(limit);
  if (to) q = q.where(sql`lower(to_email)`, '=', to.toLowerCase());
  return (await q.execute()).map(toMessage);
}

/** Messages not delivered yet (queued, retrying) and given up on (failed): the operators' outbox backlog. */
export async function mailBacklog(ctx: Pick<MailServiceContext, 'db'>) {
  const rows = await ctx.db
    .selectFrom('mail_messages')
    .select(['status', sql<string>`count(*)`.as('n')])
    .where('status', 'in', ['queued', 'retrying', 'failed'])
    .groupBy('status')
    .execute();
  const n = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { queued: n('queued'), retrying: n('retrying'), failed: n('failed') };
}

export async function readMailboxMessage(
  ctx: Pick<MailServiceContext, 'db'>,
  id: string,
): Promise<MailboxMessageDetail | null> {
  const r = await ctx.db.selectFrom('mail_messages').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? { ...toMessage(r), text: r.text_body, html: r.html_body, headers: r.headers } : null;
}
