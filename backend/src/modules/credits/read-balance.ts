import { creditStream } from '@fp/contracts';
import { asCreditEvent } from './command-queue';
import type { CreditsServiceContext } from './context';
import { replay } from './credit-decider';

/** Read-model balance (0 for a user with no ledger yet). */
export async function readBalance(ctx: Pick<CreditsServiceContext, 'db'>, userId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('credit_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.balance ?? 0;
}

/**
 * The balance on the ledger stream itself, for a check before charging: the read model may lag
 * behind the ledger (a stalled projection), and a charge is decided on the stream anyway.
 */
export async function readLedgerBalance(ctx: Pick<CreditsServiceContext, 'store'>, userId: string): Promise<number> {
  const { events } = await ctx.store.readStream(creditStream(userId));
  return replay(events.map(asCreditEvent)).balance;
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
