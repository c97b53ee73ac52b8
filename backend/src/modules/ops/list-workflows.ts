import type { OpsWorkflowsResponse } from '@fp/contracts';
import { OpsWorkflowsQuery } from '@fp/contracts';
import type { z } from 'zod';
import { DomainError } from '../../platform/decider';
import type { OpsContext } from './context';

const BAD_CURSOR = 'This page link is no longer valid; start from the first page';

const encodeCursor = (r: { submittedAt: string; id: string }) => Buffer.from(JSON.stringify([r.submittedAt, r.id])).toString('base64url');
function decodeCursor(cursor: string): { submittedAt: string; id: string } {
  try {
    const [submittedAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof submittedAt === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(submittedAt))) return { submittedAt, id };
  } catch {
    // answered below
  }
  throw new DomainError(BAD_CURSOR, 400, 'validation');
}

/**
 * The workflow console's list: submission runs over every founder with their owner's e-mail, by
 * status, user (e-mail) and time, a keyset page at a time, with the live counts.
 */
export async function listWorkflows(ctx: OpsContext, q: z.output<typeof OpsWorkflowsQuery>): Promise<OpsWorkflowsResponse> {
  let userId: string | undefined;
  if (q.user) {
    const account = await ctx.accounts.findByEmail(q.user);
    if (!account) return { runs: [], nextCursor: null, counts: await ctx.submissions.runCounts() };
    userId = account.id;
  }
  const [page, counts] = await Promise.all([
    ctx.submissions.runs({ status: q.status, userId, from: q.from, to: q.to, after: q.cursor ? decodeCursor(q.cursor) : undefined, limit: q.limit }),
    ctx.submissions.runCounts(),
  ]);
  const emails = await ctx.accounts.emails([...new Set(page.rows.map((r) => r.userId))]);
  const last = page.rows.at(-1);
  return {
    runs: page.rows.map((r) => ({ ...r, kind: 'submission' as const, email: emails.get(r.userId) ?? null })),
    nextCursor: page.more && last ? encodeCursor(last) : null,
    counts,
  };
}
