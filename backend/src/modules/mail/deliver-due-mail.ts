import { mailStream, type MailQueued } from '@fp/contracts';
import { sql } from 'kysely';
import { foldEvents, handleCommand } from '../../platform/decider';
import type { MailServiceContext } from './context';
import { mailDecider } from './mail-decider';

const LEASE_MS = 120_000;

/** Sends every message that is due (one pass of the delivery job); answers how many were tried. */
export async function deliverDueMail(ctx: MailServiceContext): Promise<number> {
  const now = ctx.clock.now();
  // A lease rather than a held lock: sending may be slow, and a crashed worker's lease runs out.
  const due = await sql<{ id: string }>`
    update mail_messages set locked_until = ${new Date(now.getTime() + LEASE_MS)}
    where id in (select id from mail_messages
                 where status in ('queued', 'retrying') and next_attempt_at <= ${now} and (locked_until is null or locked_until < ${now})
                 order by next_attempt_at limit 20 for update skip locked)
    returning id`.execute(ctx.db);
  for (const row of due.rows) await deliverOne(ctx, row);
  return due.rows.length;
}

/** Sends one leased message and records the outcome (delivered, or a failure to retry with backoff). */
async function deliverOne(ctx: MailServiceContext, row: { id: string }) {
  const { events } = await ctx.store.readStream(mailStream(row.id));
  const state = foldEvents(mailDecider, events);
  // Finished in the log but not yet in the read model (a rebuild in progress): nothing to send.
  if (state.status !== 'queued') return;
  const q = events[0]!.data as MailQueued['data'];
  const meta = () => ({ now: ctx.clock.now(), actor: 'mail:delivery' });
  try {
    const r = await ctx.transport.send({
      messageId: q.messageId,
      from: ctx.config.mailFrom,
      to: q.to,
      subject: q.subject,
      text: q.text,
      html: q.html,
      headers: q.headers,
    });
    await handleCommand(
      ctx.store,
      mailStream(row.id),
      mailDecider,
      { type: 'RecordDelivery', messageId: q.messageId, transport: ctx.transport.kind, providerId: r.providerId },
      meta(),
    );
  } catch (err) {
    const error = (err as Error).message.slice(0, 500) || 'The mail server did not accept the message';
    await handleCommand(
      ctx.store,
      mailStream(row.id),
      mailDecider,
      { type: 'RecordFailure', messageId: q.messageId, error },
      meta(),
    );
  }
}
