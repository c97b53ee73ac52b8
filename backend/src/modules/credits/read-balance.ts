import type { CreditsServiceContext } from './context';

/** Read-model balance (0 for a user with no ledger yet). */
export async function readBalance(ctx: Pick<CreditsServiceContext, 'db'>, userId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('credit_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.balance ?? 0;
}

/** Read-model balances of several users (operators' user list); a user with no ledger is 0. */
export async function readBalances(
  ctx: Pick<CreditsServiceContext, 'db'>,
  userIds: string[],
): Promise<Map<string, number>> {
  const rows = userIds.length
    ? await ctx.db
        .selectFrom('credit_accounts')
        .select(['user_id', 'balance'])
        .where('user_id', 'in', userIds)
        .execute()
    : [];
  return new Map(userIds.map((id) => [id, rows.find((r) => r.user_id === id)?.balance ?? 0]));
}

/** Credits a reversed payment left unpaid (spends wait until a purchase covers them). */
export async function readOwed(ctx: Pick<CreditsServiceContext, 'db'>, userId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('credit_accounts')
    .select('owed')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.owed ?? 0;
}
