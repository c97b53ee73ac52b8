import type { MailCategory, MailboxMessage, MailboxMessageDetail, UnsubscribeState } from '@fp/contracts';
import { mailStream } from '@fp/contracts';
import type { RecordedEvent } from '@fp/infra';
import { moduleContext, type AppContext } from '../../platform/context';
import type { CommandMeta } from '../../platform/decider';
import type { MailServiceContext } from './context';
import { deliverDueMail } from './deliver-due-mail';
import { optedOut, optOutState, resubscribe, unsubscribe } from './opt-out';
import { listOutboxRuns, outboxCounts, type OutboxRun, type OutboxRunsQuery } from './outbox-runs';
import type { MailPort } from './port';
import { listMailbox, mailBacklog, readMailboxMessage } from './queries';
import { renderMail } from './render-mail';
import { sendMail, type SendInput, type SendResult } from './send-mail';
import type { TemplateData, TemplateName } from './templates/index';
import type { MailList } from './unsubscribe-token';

export interface MailService {
  /**
   * Renders a template and queues the message (an event); the delivery job sends it. With the same
   * `messageId` twice (a redelivered webhook) only one message is queued. A notification to an
   * address that unsubscribed is not queued (`skipped`).
   */
  send<N extends TemplateName>(template: N, input: SendInput<N>, meta: CommandMeta): Promise<SendResult>;
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

export function createMailService(platform: AppContext, transport: MailPort): MailService {
  const ctx: MailServiceContext = moduleContext(platform, { transport });
  return {
    transport: transport.kind,
    render: (name, input) => renderMail(ctx, name, input),
    optedOut: (emails, category, list) => optedOut(ctx, emails, category, list),
    send: (name, input, meta) => sendMail(ctx, name, input, meta),
    unsubscribe: (token, meta) => unsubscribe(ctx, token, meta),
    resubscribe: (token, meta) => resubscribe(ctx, token, meta),
    optOutState: (token) => optOutState(ctx, token),
    list: (opts) => listMailbox(ctx, opts),
    backlog: () => mailBacklog(ctx),
    get: (id) => readMailboxMessage(ctx, id),
    runs: (q) => listOutboxRuns(ctx, q),
    runCounts: () => outboxCounts(ctx),
    events: async (id) => (await ctx.store.readStream(mailStream(id))).events,
    deliverDue: () => deliverDueMail(ctx),
  };
}
