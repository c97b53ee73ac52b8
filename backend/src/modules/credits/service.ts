import type { StreamAppend } from '@fp/infra';
import type { AppContext } from '../../platform/context';
import type { CommandMeta } from '../../platform/decider';
import { chargeFor, type ChargedWork } from './charge-for';
import { CreditCommandQueue, type CommandResult } from './command-queue';
import type { CreditsServiceContext } from './context';
import { findPayment } from './find-payment';
import { giveBackCredits, type RefundOutcome } from './give-back-credits';
import { grantCredits, grantStartingCredits } from './grant-credits';
import { listPendingRefunds } from './list-pending-refunds';
import { listPurchases } from './list-purchases';
import { purchaseCredits, type PurchaseInput } from './purchase-credits';
import { readBalance, readBalances, readLedgerBalance, readOwed } from './read-balance';
import { refundCredits } from './refund-credits';
import { retryDueRefunds, retryPendingRefund } from './retry-pending-refunds';
import { reversePurchase, type ReverseInput } from './reverse-purchase';
import { prepareSpend, spendAllCredits, spendCredits, type SpendAllInput, type SpendInput } from './spend-credits';

export type { PurchaseInput } from './purchase-credits';
export type { RefundOutcome } from './give-back-credits';
export type { PendingRefundRow } from './list-pending-refunds';
export type { ReverseInput } from './reverse-purchase';
export type { SpendAllInput, SpendInput } from './spend-credits';

/**
 * The ledger's public face: every movement goes through the decider on the user's credit stream.
 * Each use case lives in its own file; this only binds them to one command queue.
 */
export function createCreditsService(platform: Pick<AppContext, 'store' | 'db'>) {
  const ctx: CreditsServiceContext = {
    store: platform.store,
    db: platform.db,
    queue: new CreditCommandQueue(platform.store),
  };
  return {
    balance: (userId: string) => readBalance(ctx, userId),
    /** The ledger stream's balance (not the read model's): what a check before a charge reads. */
    ledgerBalance: (userId: string) => readLedgerBalance(ctx, userId),
    balances: (userIds: string[]) => readBalances(ctx, userIds),
    owed: (userId: string) => readOwed(ctx, userId),
    reverse: (userId: string, input: ReverseInput, meta: CommandMeta) => reversePurchase(ctx, userId, input, meta),
    findPayment: (ref: Parameters<typeof findPayment>[1]) => findPayment(ctx, ref),
    purchases: (userId: string, receiptUrl: (paymentId: string) => string, only?: { paymentId: string }) =>
      listPurchases(ctx, userId, receiptUrl, only),
    grantStarting: (userId: string, amount: number, meta: CommandMeta) =>
      grantStartingCredits(ctx, userId, amount, meta),
    /** Operator grant; `meta.actor` is recorded as the actor. */
    grant: (userId: string, amount: number, reason: string, reference: string | null, meta: CommandMeta) =>
      grantCredits(ctx, userId, { amount, reason, reference }, meta),
    purchase: (userId: string, input: PurchaseInput, meta: CommandMeta) => purchaseCredits(ctx, userId, input, meta),
    spend: (userId: string, input: SpendInput, meta: CommandMeta) => spendCredits(ctx, userId, input, meta),
    spendAll: (userId: string, input: SpendAllInput, meta: CommandMeta) => spendAllCredits(ctx, userId, input, meta),
    refund: (userId: string, reference: string, reason: string, meta: CommandMeta): Promise<CommandResult> =>
      refundCredits(ctx, userId, reference, reason, meta),
    /** A refund that is never dropped: landed now, or pending and retried until it lands. */
    giveBack: (userId: string, reference: string, reason: string, meta: CommandMeta): Promise<RefundOutcome> =>
      giveBackCredits(ctx, userId, reference, reason, meta),
    pendingRefunds: (now: Date, only?: { userId: string; reference: string }) => listPendingRefunds(ctx, now, only),
    /** One more try at a pending refund now (an operator's); null when none is pending under the reference. */
    retryPendingRefund: (userId: string, reference: string, meta: CommandMeta) =>
      retryPendingRefund(ctx, { userId, reference }, meta),
    /** The background retry's sweep: every pending refund whose next try is due. */
    retryDueRefunds: (now: Date) => retryDueRefunds(ctx, now),
    prepareSpend: (userId: string, input: SpendAllInput, meta: CommandMeta) => prepareSpend(ctx, userId, input, meta),
    chargeFor: <T>(
      userId: string,
      input: SpendAllInput,
      meta: CommandMeta,
      work: ChargedWork<T>,
      failureReason: (err: unknown) => string,
      alongside?: StreamAppend[],
    ) => chargeFor(ctx, userId, input, meta, work, failureReason, alongside),
    /** Drops cached ledger state; the next command re-reads the stream. */
    forgetCachedState: () => ctx.queue.clear(),
  };
}
export type CreditsService = ReturnType<typeof createCreditsService>;
