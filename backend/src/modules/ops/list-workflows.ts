import type { FormDiscoveryRun } from '@fp/contracts';
import type {
  DiscoveryStatus,
  MailStatus,
  OpsWorkflowRun,
  OpsWorkflowsResponse,
  SubmissionStatus,
} from '@fp/contracts';
import { OpsWorkflowsQuery } from '@fp/contracts';
import type { z } from 'zod';
import { DomainError } from '../../platform/decider';
import type { OutboxRun } from '../mail/outbox-runs';
import type { OpsContext } from './context';

const BAD_CURSOR = 'This page link is no longer valid; start from the first page';

const encodeCursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');
function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(at))) return { at, id };
  } catch {
    // answered below
  }
  throw new DomainError(BAD_CURSOR, 400, 'validation');
}

/** A mail message as a run of the delivery job: its tries are its attempts, its last error its step. */
export function mailRun(m: OutboxRun): OpsWorkflowRun {
  return {
    id: m.id,
    kind: 'mail',
    userId: m.userId,
    email: m.to,
    firm: null,
    subject: m.subject,
    test: false,
    status: m.status,
    step: m.sending ? 'sending' : m.status === 'retrying' ? 'waiting to retry' : null,
    attempt: m.attempts,
    engine: 'mail job',
    submittedAt: m.queuedAt,
    startedAt: null,
    endedAt: m.sentAt,
    error: m.lastError,
    canStop: false,
    canRetry: false,
  };
}

/** A form-discovery run: its firms checked so far are its progress; who asked is an operator's e-mail (or the CLI's name). */
export function discoveryRun(r: FormDiscoveryRun): OpsWorkflowRun {
  return {
    id: r.runId,
    kind: 'discovery',
    userId: null,
    email: r.requestedBy,
    firm: null,
    subject: `Form discovery: ${r.total.toLocaleString('en-US')} ${r.collection === 'test' ? 'test ' : ''}firm${r.total === 1 ? '' : 's'}`,
    test: r.collection === 'test',
    status: r.finishedAt ? 'finished' : 'running',
    step: `${r.checked.toLocaleString('en-US')} of ${r.total.toLocaleString('en-US')} checked`,
    attempt: 1,
    engine: null,
    submittedAt: r.startedAt,
    startedAt: r.startedAt,
    endedAt: r.finishedAt,
    error: null,
    canStop: false,
    canRetry: false,
  };
}

/**
 * The workflow console's list: runs of one kind over every founder (submissions with their owner's
 * e-mail, or the mail job's messages), by status, user (e-mail) and time, a keyset page at a time,
 * with the live counts of that kind.
 */
export async function listWorkflows(
  ctx: OpsContext,
  q: z.output<typeof OpsWorkflowsQuery>,
): Promise<OpsWorkflowsResponse> {
  let userId: string | undefined;
  if (q.user) {
    const account = await ctx.accounts.findByEmail(q.user);
    // Mail can go to an address without an account; a submission always has an owner.
    if (!account && q.kind === 'submission')
      return { runs: [], nextCursor: null, counts: await ctx.submissions.runCounts() };
    userId = account?.id;
  }
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  if (q.kind === 'discovery') {
    const [page, counts] = await Promise.all([
      ctx.catalog.forms.runs({
        status: q.status as DiscoveryStatus | undefined,
        requestedBy: q.user,
        from: q.from,
        before: q.to,
        after: after && { startedAt: after.at, id: after.id },
        limit: q.limit,
      }),
      ctx.catalog.forms.runCounts(),
    ]);
    const last = page.rows.at(-1);
    return {
      runs: page.rows.map(discoveryRun),
      nextCursor: page.more && last ? encodeCursor(last.startedAt, last.runId) : null,
      counts,
    };
  }
  if (q.kind === 'mail') {
    const [page, counts] = await Promise.all([
      ctx.mail.runs({
        status: q.status as MailStatus | undefined,
        userId,
        to: q.user,
        from: q.from,
        before: q.to,
        after: after && { queuedAt: after.at, id: after.id },
        limit: q.limit,
      }),
      ctx.mail.runCounts(),
    ]);
    const last = page.rows.at(-1);
    return {
      runs: page.rows.map(mailRun),
      nextCursor: page.more && last ? encodeCursor(last.queuedAt, last.id) : null,
      counts,
    };
  }
  const [page, counts] = await Promise.all([
    ctx.submissions.runs({
      status: q.status as SubmissionStatus | undefined,
      userId,
      from: q.from,
      to: q.to,
      after: after && { submittedAt: after.at, id: after.id },
      limit: q.limit,
    }),
    ctx.submissions.runCounts(),
  ]);
  const emails = await ctx.accounts.emails([...new Set(page.rows.map((r) => r.userId))]);
  const last = page.rows.at(-1);
  return {
    runs: page.rows.map((r) => ({ ...r, kind: 'submission' as const, email: emails.get(r.userId) ?? null })),
    nextCursor: page.more && last ? encodeCursor(last.submittedAt, last.id) : null,
    counts,
  };
}
