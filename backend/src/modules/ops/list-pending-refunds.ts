import type { OpsPendingRefund, OpsPendingRefundsResponse } from '@fp/contracts';
import type { PendingRefundRow } from '../credits/index';
import type { OpsContext } from './context';

/** Credit rows with the founder's e-mail, as the ledger screen lists them. */
export async function withEmails(
  ctx: Pick<OpsContext, 'accounts'>,
  rows: PendingRefundRow[],
): Promise<OpsPendingRefund[]> {
  const emails = await ctx.accounts.emails([...new Set(rows.map((r) => r.userId))]);
  return rows.map(({ userId, ...r }) => ({ ...r, user: { id: userId, email: emails.get(userId) ?? null } }));
}

/** Refunds the ledger has not taken yet (retried in the background) and those that landed lately. */
export async function listPendingRefunds(ctx: OpsContext): Promise<OpsPendingRefundsResponse> {
  const { pending, recentlyLanded } = await ctx.credits.pendingRefunds(ctx.clock.now());
  return { pending: await withEmails(ctx, pending), recentlyLanded: await withEmails(ctx, recentlyLanded) };
}
