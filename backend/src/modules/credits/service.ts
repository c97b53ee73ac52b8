import type { Purchase, ReversalKind, SpendKind } from '@fp/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import type { CommandMeta } from '../../platform/decider';
import { CreditCommandQueue, type CommandResult } from './command-queue';
import type { SpendItem } from './credit-decider';

export interface SpendInput {
  amount: number;
  spendKind: SpendKind;
  /** What is paid for (submission id, export id): charged at most once while not refunded. */
  reference: string;
  reason: string;
  /** The `message` of the 402 answer when the balance is short. */
  insufficientMessage: string;
}

export interface SpendAllInput {
  spendKind: SpendKind;
  items: SpendItem[];
  /** The `message` of the 402 answer when the balance is short. */
  insufficientMessage: string;
}

export interface PurchaseInput {
  amount: number;
  paymentId: string;
  productId: string;
  reason: string;
  providerEventId?: string;
  quantity?: number;
  subscriptionId?: string | null;
  paymentIntentId?: string | null;
  /** The provider's invoice (plans: the subscription's invoice; refunds of a plan find it by this). */
  invoiceId?: string | null;
  amountPaid?: number | null;
  currency?: string | null;
}

export interface ReverseInput {
  paymentId: string;
  /** Credits the provider's refunds or dispute now cover in all (cumulative). */
  reversedTotal: number;
  reversal: ReversalKind;
  providerEventId: string;
  reason: string;
}

/** The ledger's public face: every movement goes through the decider on the user's credit stream. */
export function createCreditsService(ctx: Pick<AppContext, 'store' | 'db'>) {
  const queue = new CreditCommandQueue(ctx.store);
  const refund = (userId: string, reference: string, reason: string, meta: CommandMeta): Promise<CommandResult> =>
    queue.submit(userId, { type: 'RefundCredits', data: { userId, reference, reason } }, meta);
  const spendAll = (userId: string, input: SpendAllInput, meta: CommandMeta): Promise<CommandResult> =>
    queue.submit(userId, { type: 'SpendCredits', data: { userId, ...input } }, meta);
  return {
    /** Read-model balance (0 for a user with no ledger yet). */
    async balance(userId: string): Promise<number> {
      const row = await ctx.db
        .selectFrom('credit_accounts')
        .select('balance')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.balance ?? 0;
    },
    /** Read-model balances of several users (operators' user list); a user with no ledger is 0. */
    async balances(userIds: string[]): Promise<Map<string, number>> {
      const rows = userIds.length
        ? await ctx.db
            .selectFrom('credit_accounts')
            .select(['user_id', 'balance'])
            .where('user_id', 'in', userIds)
            .execute()
        : [];
      return new Map(userIds.map((id) => [id, rows.find((r) => r.user_id === id)?.balance ?? 0]));
    },
    /** Credits a reversed payment left unpaid (spends wait until a purchase covers them). */
    async owed(userId: string): Promise<number> {
      const row = await ctx.db
        .selectFrom('credit_accounts')
        .select('owed')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.owed ?? 0;
    },
    /** Takes back a refunded, charged-back or disputed payment's credits (once per provider event). */
    reverse: (userId: string, input: ReverseInput, meta: CommandMeta): Promise<CommandResult> =>
      queue.submit(userId, { type: 'ReversePurchase', data: { userId, ...input } }, meta),
    /**
     * The purchase a provider's payment id names, or else the one its payment intent or invoice
     * names (refunds and disputes name the intent; a plan, paid in subscription mode, has only its invoice).
     */
    async findPayment(ref: {
      paymentId?: string;
      paymentIntentId?: string | null;
      invoiceId?: string | null;
      subscriptionId?: string | null;
    }) {
      let q = ctx.db.selectFrom('credit_payments').selectAll();
      if (ref.paymentId) q = q.where('payment_id', '=', ref.paymentId);
      else {
        const { paymentIntentId, invoiceId, subscriptionId } = ref;
        if (!paymentIntentId && !invoiceId && !subscriptionId) return null;
        q = q.where((eb) =>
          eb.or([
            ...(paymentIntentId ? [eb('payment_intent_id', '=', paymentIntentId)] : []),
            // A renewal's payment id is its invoice (so one recorded before invoices were kept is found too).
            ...(invoiceId ? [eb('invoice_id', '=', invoiceId), eb('payment_id', '=', invoiceId)] : []),
            // A subscription's first purchase when its checkout did not name the invoice (API versions before 2022-08-01).
            ...(subscriptionId
              ? [
                  eb.and([
                    eb('subscription_id', '=', subscriptionId),
                    eb('invoice_id', 'is', null),
                    eb('payment_intent_id', 'is', null),
                  ]),
                ]
              : []),
          ]),
        );
      }
      // The exact matches (intent, invoice) before the subscription's fallback.
      const row = await q
        .orderBy(sql`invoice_id is null and payment_intent_id is null and payment_id <> ${ref.invoiceId ?? ''}`)
        .executeTakeFirst();
      return row
        ? {
            paymentId: row.payment_id as string,
            userId: row.user_id as string,
            credits: row.credits as number,
            amountPaid: row.amount_paid as number | null,
            reversedCredits: row.reversed_credits as number,
            paymentIntentId: row.payment_intent_id as string | null,
            invoiceId: row.invoice_id as string | null,
            subscriptionId: row.subscription_id as string | null,
          }
        : null;
    },
    /** The founder's purchases, newest first (the last 200), with what refunds or disputes took back. */
    async purchases(
      userId: string,
      receiptUrl: (paymentId: string) => string,
      only?: { paymentId: string },
    ): Promise<Purchase[]> {
      let q = ctx.db.selectFrom('credit_payments').selectAll().where('user_id', '=', userId);
      // One receipt by id (however old; always the owner's own).
      if (only) q = q.where('payment_id', '=', only.paymentId);
      const rows = await q.orderBy('purchased_at', 'desc').limit(200).execute();
      return rows.map((r) => ({
        paymentId: r.payment_id,
        product: r.reason,
        credits: r.credits,
        amountPaid: r.amount_paid,
        currency: r.currency,
        purchasedAt: new Date(r.purchased_at).toISOString(),
        reversedCredits: r.reversed_credits,
        status:
          r.reversed_credits === 0
            ? 'paid'
            : r.last_reversal === 'refund'
              ? r.reversed_credits >= r.credits
                ? 'refunded'
                : 'partially_refunded'
              : 'disputed',
        receiptUrl: receiptUrl(r.payment_id),
      }));
    },
    /** The free starting credit, once per user (a no-op afterwards or when `amount` is 0). */
    grantStarting: (userId: string, amount: number, meta: CommandMeta): Promise<CommandResult> =>
      queue.submit(userId, { type: 'GrantStartingCredits', data: { userId, amount } }, meta),
    /** Operator grant; `meta.actor` is recorded as the actor. */
    grant: (
      userId: string,
      amount: number,
      reason: string,
      reference: string | null,
      meta: CommandMeta,
    ): Promise<CommandResult> =>
      queue.submit(userId, { type: 'GrantCredits', data: { userId, amount, reason, reference } }, meta),
    /** Credits a payment once (by payment id and provider event id). */
    purchase: (userId: string, input: PurchaseInput, meta: CommandMeta): Promise<CommandResult> =>
      queue.submit(userId, { type: 'PurchaseCredits', data: { userId, ...input } }, meta),
    /** Charges `amount` against a unique reference; throws InsufficientCreditsError (402) when short. */
    spend: (userId: string, input: SpendInput, meta: CommandMeta): Promise<CommandResult> =>
      queue.submit(
        userId,
        {
          type: 'SpendCredits',
          data: {
            userId,
            spendKind: input.spendKind,
            insufficientMessage: input.insufficientMessage,
            items: [{ reference: input.reference, amount: input.amount, reason: input.reason }],
          },
        },
        meta,
      ),
    /**
     * Charges several references at once, all or nothing (e.g. one credit per selected firm): one
     * event per reference, so each can be refunded on its own. References already charged are skipped.
     */
    spendAll,
    /** Gives back what a reference was charged, once; a no-op for an unknown or already refunded reference. */
    refund,
    /**
     * A charge decided but not written: the caller appends `append` (the ledger's events at the
     * revision they were decided on) in the same multi-stream append as the work it pays for, so
     * the charge and the work land together or not at all. Throws InsufficientCreditsError (402).
     */
    prepareSpend: async (userId: string, input: SpendAllInput, meta: CommandMeta) =>
      (await queue.prepare(userId, { type: 'SpendCredits', data: { userId, ...input } }, meta)).append,
    /**
     * Charge for these references, run the work, and give the credits back when the work fails —
     * the one way submit, retry and the angel export pay for what they do. `work` also receives
     * `refund` for a failure it meets after it has answered (an export stream that breaks).
     */
    async chargeFor<T>(
      userId: string,
      input: SpendAllInput,
      meta: CommandMeta,
      work: (
        refund: (reason: string, at?: CommandMeta) => Promise<void>,
        charged: { checkpoint: string | null },
      ) => Promise<T>,
      failureReason: (err: unknown) => string,
    ): Promise<T> {
      const charged = await spendAll(userId, input, meta);
      // Only what this call charged is given back: a reference charged before (a request sent
      // again) belongs to the earlier call.
      const references = charged.events.flatMap((e) =>
        e.type === 'CreditsSpent' && e.data.reference ? [e.data.reference] : [],
      );
      const giveBack = async (reason: string, at: CommandMeta = meta) => {
        for (const reference of references) await refund(userId, reference, reason, at);
      };
      try {
        return await work(giveBack, { checkpoint: charged.checkpoint ?? null });
      } catch (err) {
        await giveBack(failureReason(err)).catch(() => undefined);
        throw err;
      }
    },
    /** Drops cached ledger state; the next command re-reads the stream. */
    forgetCachedState: () => queue.clear(),
  };
}
export type CreditsService = ReturnType<typeof createCreditsService>;
