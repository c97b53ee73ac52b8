import {
  mailStream,
  optOutKey,
  type MailCategory,
  type MailboxMessage,
  type MailboxMessageDetail,
  type UnsubscribeState,
} from '@fp/contracts';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import { DomainError, foldEvents, handleCommand, type CommandMeta } from '../../platform/decider';
import type { RecordedEvent } from '@fp/infra';
import { mailDecider } from './mail-decider';
import { optOutDecider } from './opt-out-decider';
import { listOutboxRuns, outboxCounts, type OutboxRun, type OutboxRunsQuery } from './outbox-runs';
import type { MailPort } from './port';
import { templates, type TemplateData, type TemplateName } from './templates/index';
import { readUnsubscribeToken, unsubscribeToken, type MailList } from './unsubscribe-token';

export interface MailService {
  /**
   * Renders a template and queues the message (an event); the delivery job sends it. With the same
   * `messageId` twice (a redelivered webhook) only one message is queued. A notification to an
   * address that unsubscribed is not queued (`skipped`).
   */
  send<N extends TemplateName>(
    template: N,
    input: { to: string; userId?: string | null; data: TemplateData<N>; messageId?: string; list?: MailList },
    meta: CommandMeta,
  ): Promise<{ messageId: string; checkpoint: string | null; skipped?: 'unsubscribed' }>;
  /**
   * The message `send` would queue, rendered the same way (unsubscribe link and headers included),
   * without queuing anything: a screen's preview of exactly what a recipient gets.
   */
  render<N extends TemplateName>(
    template: N,
    input: { to: string; data: TemplateData<N>; list?: MailList },
  ): { subject: string; text: string; html: string; headers: Record<string, string> };
  /** Which of these addresses unsubscribed from the list (lower-cased), from the read model. */
  optedOut(emails: string[], category: MailCategory, list?: string): Promise<Set<string>>;
  /** Records an opt-out from a signed unsubscribe token; a bad token is a 400. */
  unsubscribe(token: string, meta: CommandMeta): Promise<{ email: string; category: MailCategory }>;
  /** Takes the opt-out back (the unsubscribe page's Undo); a bad token is a 400. */
  resubscribe(token: string, meta: CommandMeta): Promise<{ email: string; category: MailCategory }>;
  /** The token's address and category, and whether it is unsubscribed now (read from the log, not the read model). */
  optOutState(token: string): Promise<UnsubscribeState>;
  list(opts: { to?: string; limit?: number }): Promise<MailboxMessage[]>;
  get(id: string): Promise<MailboxMessageDetail | null>;
  /** Messages not delivered yet (queued, retrying) and given up on (failed): the operators' outbox backlog. */
  backlog(): Promise<{ queued: number; retrying: number; failed: number }>;
  /** Sends every message that is due (one pass of the delivery job); answers how many were tried. */
  deliverDue(): Promise<number>;
  /** The delivery job's messages as runs (the operators' workflow console), with live counts and one run's events. */
  runs(q: OutboxRunsQuery): Promise<{ rows: OutboxRun[]; more: boolean }>;
  runCounts(): Promise<{ queued: number; running: number; failed: number }>;
  events(id: string): Promise<RecordedEvent[]>;
  readonly transport: MailPort['kind'];
}

const LEASE_MS = 120_000;
const optOutStream = (email: string) =>
  `mail-optout-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}`;

export function createMailService(ctx: AppContext, transport: MailPort): MailService {
  const unsubscribeUrl = (email: string, category: MailCategory, api: boolean, list?: MailList) => {
    const token = encodeURIComponent(unsubscribeToken(ctx.config.authSecret, email, category, list));
    return api
      ? `${ctx.config.publicUrl}/api/mail/unsubscribe?token=${token}`
      : `${ctx.config.publicUrl}/unsubscribe?token=${token}`;
  };

  const tokenOwner = (token: string) => {
    const who = readUnsubscribeToken(ctx.config.authSecret, token);
    if (!who) throw new DomainError('This unsubscribe link is not valid', 400, 'invalid_token');
    return who;
  };

  async function deliverOne(row: { id: string }) {
    const { events } = await ctx.store.readStream(mailStream(row.id));
    const state = foldEvents(mailDecider, events);
    // Finished in the log but not yet in the read model (a rebuild in progress): nothing to send.
    if (state.status !== 'queued') return;
    const q = events[0]!.data as import('@fp/contracts').MailQueued['data'];
    const meta = () => ({ now: ctx.clock.now(), actor: 'mail:delivery' });
    try {
      const r = await transport.send({
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
        { type: 'RecordDelivery', messageId: q.messageId, transport: transport.kind, providerId: r.providerId },
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

  function render(name: TemplateName, input: { to: string; data: unknown; list?: MailList }) {
    const template = templates[name];
    const to = input.to.trim();
    const headers: Record<string, string> = {};
    let pageUrl: string | null = null;
    if (template.category === 'notification') {
      pageUrl = unsubscribeUrl(to, template.category, false, input.list);
      // RFC 8058 one-click: mail clients POST "List-Unsubscribe=One-Click" to this address.
      headers['List-Unsubscribe'] = `<${unsubscribeUrl(to, template.category, true, input.list)}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    const rendered = (template.render as (d: unknown, c: unknown) => { subject: string; text: string; html: string })(
      input.data,
      { appUrl: ctx.config.publicUrl, unsubscribeUrl: pageUrl },
    );
    return { ...rendered, headers };
  }

  async function optedOut(emails: string[], category: MailCategory, list?: string): Promise<Set<string>> {
    const lower = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
    if (!lower.length) return new Set();
    const rows = await ctx.db
      .selectFrom('mail_optouts')
      .select('email')
      .where('email', 'in', lower)
      .where('category', '=', optOutKey(category, list))
      .execute();
    return new Set(rows.map((r) => r.email as string));
  }

  return {
    transport: transport.kind,
    render: (name, input) => render(name, input),
    optedOut,
    async send(name, input, meta) {
      const template = templates[name];
      const to = input.to.trim();
      if (template.category !== 'account' && (await optedOut([to], template.category, input.list?.id)).size) {
        return { messageId: '', checkpoint: null, skipped: 'unsubscribed' };
      }
      const { headers, ...rendered } = render(name, input);
      const messageId = input.messageId ?? meta.ids?.messageId ?? ctx.newId();
      const r = await handleCommand(
        ctx.store,
        mailStream(messageId),
        mailDecider,
        {
          type: 'QueueMail',
          mail: {
            messageId,
            to,
            userId: input.userId ?? null,
            template: template.name,
            category: template.category,
            ...rendered,
            headers,
          },
        },
        meta,
      );
      return { messageId, checkpoint: r.checkpoint };
    },
    async unsubscribe(token, meta) {
      const who = tokenOwner(token);
      const r = await handleCommand(
        ctx.store,
        optOutStream(who.email),
        optOutDecider,
        { type: 'Unsubscribe', email: who.email, category: who.category, list: who.list?.id },
        meta,
      );
      if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
      return who;
    },
    async resubscribe(token, meta) {
      const who = tokenOwner(token);
      const r = await handleCommand(
        ctx.store,
        optOutStream(who.email),
        optOutDecider,
        { type: 'Resubscribe', email: who.email, category: who.category, list: who.list?.id },
        meta,
      );
      // send() reads the read model: once this returns, notifications go out again.
      if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
      return who;
    },
    async optOutState(token) {
      const who = tokenOwner(token);
      const { events } = await ctx.store.readStream(optOutStream(who.email));
      return {
        email: who.email,
        category: who.category,
        list: who.list?.id ?? null,
        listName: who.list?.name ?? null,
        unsubscribed: foldEvents(optOutDecider, events).has(optOutKey(who.category, who.list?.id)),
      };
    },
    async list({ to, limit = 100 }) {
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
    },
    async backlog() {
      const rows = await ctx.db
        .selectFrom('mail_messages')
        .select(['status', sql<string>`count(*)`.as('n')])
        .where('status', 'in', ['queued', 'retrying', 'failed'])
        .groupBy('status')
        .execute();
      const n = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
      return { queued: n('queued'), retrying: n('retrying'), failed: n('failed') };
    },
    async get(id) {
      const r = await ctx.db.selectFrom('mail_messages').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? { ...toMessage(r), text: r.text_body, html: r.html_body, headers: r.headers } : null;
    },
    runs: (q) => listOutboxRuns(ctx, q),
    runCounts: () => outboxCounts(ctx),
    events: async (id) => (await ctx.store.readStream(mailStream(id))).events,
    async deliverDue() {
      const now = ctx.clock.now();
      // A lease rather than a held lock: sending may be slow, and a crashed worker's lease runs out.
      const due = await sql<{ id: string }>`
        update mail_messages set locked_until = ${new Date(now.getTime() + LEASE_MS)}
        where id in (select id from mail_messages
                     where status in ('queued', 'retrying') and next_attempt_at <= ${now} and (locked_until is null or locked_until < ${now})
                     order by next_attempt_at limit 20 for update skip locked)
        returning id`.execute(ctx.db);
      for (const row of due.rows) await deliverOne(row);
      return due.rows.length;
    },
  };
}
