import type { OpsUsersResponse } from '@fp/contracts';
import type { OpsContext } from './context';

/** The operators' user list: accounts with their balance and submission count, a page at a time. */
export async function listUsers(
  ctx: OpsContext,
  q: { q: string; page: number; limit: number },
): Promise<OpsUsersResponse> {
  const { rows, total } = await ctx.accounts.search({ text: q.q, page: q.page, limit: q.limit });
  const ids = rows.map((r) => r.id);
  const [balances, submissions] = await Promise.all([ctx.credits.balances(ids), ctx.submissions.countsByUser(ids)]);
  return {
    users: rows.map((r) => ({ ...r, balance: balances.get(r.id) ?? 0, submissions: submissions.get(r.id) ?? 0 })),
    total,
    page: q.page,
    limit: q.limit,
  };
}
