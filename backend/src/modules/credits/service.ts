import { creditStream } from '@fp/contracts';
import type { AppContext } from '../../platform/context';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import { creditDecider, type CreditCommand } from './decider';

/** The ledger's public face: every movement goes through the decider on the user's credit stream. */
export function createCreditsService(ctx: Pick<AppContext, 'store' | 'db'>) {
  const run = async (userId: string, command: CreditCommand, meta: CommandMeta) => {
    const r = await handleCommand(ctx.store, creditStream(userId), creditDecider, command, meta, { maxRetries: 50 });
    return { balance: r.state.balance, changed: r.events.length > 0, checkpoint: r.checkpoint };
  };
  return {
    /** Read model balance (0 for a user with no ledger yet). */
    async balance(userId: string): Promise<number> {
      const row = await ctx.db.selectFrom('credit_accounts').select('balance').where('user_id', '=', userId).executeTakeFirst();
      return row?.balance ?? 0;
    },
    grantStarting: (userId: string, amount: number, meta: CommandMeta) => run(userId, { type: 'GrantStartingCredits', data: { userId, amount } }, meta),
    grant: (userId: string, amount: number, reason: string, reference: string | null, meta: CommandMeta) => run(userId, { type: 'GrantCredits', data: { userId, amount, reason, reference } }, meta),
    purchase: (userId: string, amount: number, paymentId: string, productId: string, meta: CommandMeta) => run(userId, { type: 'PurchaseCredits', data: { userId, amount, paymentId, productId } }, meta),
    /** Charges `amount` against a unique reference; throws InsufficientCreditsError (402) when short. */
    spend: (userId: string, input: { amount: number; spendKind: 'vc_application' | 'angel_export'; reference: string; reason: string; insufficientMessage: string }, meta: CommandMeta) =>
      run(userId, { type: 'SpendCredits', data: { userId, ...input } }, meta),
    /** Gives back what a reference was charged, once; a no-op for an unknown or refunded reference. */
    refund: (userId: string, reference: string, reason: string, meta: CommandMeta) => run(userId, { type: 'RefundCredits', data: { userId, reference, reason } }, meta),
  };
}
export type CreditsService = ReturnType<typeof createCreditsService>;
