import type { MailStatus } from '@fp/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';

export interface OutboxRunsQuery {
  status?: MailStatus;
  /** Recipient (case-insensitive) or the user the message was for. */
  to?: string;
  userId?: string;
  from?: string;
  before?: string;
  /** Keyset position: the last row of the previous page. */
  after?: { queuedAt: string; id: string };
  /** Just these messages. */
  ids?: string[];
  limit: number;
}

export interface OutboxRun {
  id: string;
  to: string;
  userId: string | null;
  template: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  queuedAt: string;
  sentAt: string | null;
  /** A worker holds the message's lease: it is being sent now. */
  sending: boolean;
}

/**
 * The mail job's messages as runs for the operators' console: newest first, a keyset page at a
 * time (no OFFSET), by status, recipient and time.
 */
export async function listOutboxRuns(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  q: OutboxRunsQuery,
): Promise<{ rows: OutboxRun[]; more: boolean }> {
  let query = ctx.db
    .selectFrom('mail_messages')
    .select([
      'id',
      'to_email',
      'user_id',
      'template',
      'subject',
      'status',
      'attempts',
      'last_error',
      'queued_at',
      'sent_at',
      'locked_until',
    ]);
  if (q.ids) query = query.where('id', 'in', q.ids.length ? q.ids : ['']);
  if (q.status) query = query.where('status', '=', q.status);
  if (q.userId || q.to)
    query = query.where((eb) =>
      eb.or([
        ...(q.userId ? [eb('user_id', '=', q.userId)] : []),
        ...(q.to ? [eb(sql`lower(to_email)`, '=', q.to.toLowerCase())] : []),
      ]),
    );
  if (q.from) query = query.where('queued_at', '>=', new Date(q.from));
  if (q.before) query = query.where('queued_at', '<', new Date(q.before));
  if (q.after)
    query = query.where(
      sql`(queued_at, id)`,
      '<',
      sql`(${new Date(q.after.queuedAt)}::timestamptz, ${q.after.id}::text)`,
    );
  const rows = await query
    .orderBy('queued_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .execute();
  const now = ctx.clock.now().getTime();
  return {
    more: rows.length > q.limit,
    rows: rows.slice(0, q.limit).map((r) => ({
      id: r.id,
      to: r.to_email,
      userId: r.user_id ?? null,
      template: r.template,
      subject: r.subject,
      status: r.status as MailStatus,
      attempts: r.attempts,
      lastError: r.last_error ?? null,
      queuedAt: new Date(r.queued_at).toISOString(),
      sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
      sending:
        (r.status === 'queued' || r.status === 'retrying') &&
        r.locked_until != null &&
        new Date(r.locked_until).getTime() > now,
    })),
  };
}

/** Waiting to be sent (queued or to be tried again), being sent now, and failed for good. */
export async function outboxCounts(
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<{ queued: number; running: number; failed: number }> {
  const now = ctx.clock.now();
  const r = await sql<{ queued: string; running: string; failed: string }>`
    select count(*) filter (where status in ('queued', 'retrying') and (locked_until is null or locked_until <= ${now})) as queued,
           count(*) filter (where status in ('queued', 'retrying') and locked_until > ${now}) as running,
           count(*) filter (where status = 'failed') as failed
    from mail_messages where status in ('queued', 'retrying', 'failed')`.execute(ctx.db);
  return {
    queued: Number(r.rows[0]?.queued ?? 0),
    running: Number(r.rows[0]?.running ?? 0),
    failed: Number(r.rows[0]?.failed ?? 0),
  };
}
