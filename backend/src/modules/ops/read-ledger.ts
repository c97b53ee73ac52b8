import type { OpsLedgerResponse } from '@fp/contracts';
import { DomainError } from '../../platform/decider';
import { ledgerHistory } from '../credits/index';
import type { OpsContext } from './context';

const NO_LEDGER_USER = 'No user with this e-mail address or id';

/**
 * One user's ledger replayed from the event store (what `ledger history` prints): every movement
 * with its running balance, reason, actor and reference, beside the read model's balance.
 * Operators' ids as actors are shown as their e-mail.
 */
export async function readLedger(ctx: OpsContext, q: { email?: string; userId?: string }): Promise<OpsLedgerResponse> {
  const account = q.userId ? await ctx.accounts.get(q.userId) : await ctx.accounts.findByEmail(q.email!);
  if (!account) throw new DomainError(NO_LEDGER_USER, 404, 'not_found');
  const lines = await ledgerHistory(ctx.store, account.id);
  const actors = await ctx.accounts.emails([...new Set(lines.map((l) => l.actor))]);
  return {
    user: { id: account.id, email: account.email },
    balance: lines.at(-1)?.balance ?? 0,
    readModelBalance: await ctx.credits.balance(account.id),
    lines: lines.map((l) => ({ ...l, actor: actors.get(l.actor) ?? l.actor })),
  };
}
