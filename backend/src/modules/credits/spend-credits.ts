import type { CreditEvent, SpendKind } from '@fp/contracts';
import type { StreamAppend } from '@fp/infra';
import { appendDecided, type CommandMeta } from '../../platform/decider';
import type { CommandResult } from './command-queue';
import type { CreditsServiceContext } from './context';
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

/** Charges `amount` against a unique reference; throws InsufficientCreditsError (402) when short. */
export function spendCredits(
  ctx: Pick<CreditsServiceContext, 'queue'>,
  userId: string,
  input: SpendInput,
  meta: CommandMeta,
): Promise<CommandResult> {
  const items = [{ reference: input.reference, amount: input.amount, reason: input.reason }];
  const data = { userId, spendKind: input.spendKind, insufficientMessage: input.insufficientMessage, items };
  return ctx.queue.submit(userId, { type: 'SpendCredits', data }, meta);
}

/**
 * Charges several references at once, all or nothing (e.g. one credit per selected firm): one
 * event per reference, so each can be refunded on its own. References already charged are skipped.
 */
export function spendAllCredits(
  ctx: Pick<CreditsServiceContext, 'queue'>,
  userId: string,
  input: SpendAllInput,
  meta: CommandMeta,
): Promise<CommandResult> {
  return ctx.queue.submit(userId, { type: 'SpendCredits', data: { userId, ...input } }, meta);
}

/**
 * A charge decided but not written: the caller appends `append` (the ledger's events at the
 * revision they were decided on) in the same multi-stream append as the work it pays for, so
 * the charge and the work land together or not at all. Throws InsufficientCreditsError (402).
 */
export async function prepareSpend(
  ctx: Pick<CreditsServiceContext, 'queue'>,
  userId: string,
  input: SpendAllInput,
  meta: CommandMeta,
) {
  return (await ctx.queue.prepare(userId, { type: 'SpendCredits', data: { userId, ...input } }, meta)).append;
}

/**
 * Charges like spendAllCredits, with other streams in the same append (a keyed request's answer):
 * they land together or not at all. Decided on a fresh read of the ledger; a ConcurrencyError
 * (another writer on any of the streams) means nothing was written.
 */
export async function spendAllWith(
  ctx: Pick<CreditsServiceContext, 'queue' | 'store'>,
  userId: string,
  input: SpendAllInput,
  meta: CommandMeta,
  alongside: StreamAppend[],
): Promise<{ events: CreditEvent[]; checkpoint: string | null }> {
  const { append, events } = await ctx.queue.prepare(
    userId,
    { type: 'SpendCredits', data: { userId, ...input } },
    meta,
  );
  const appended = await appendDecided(ctx.store, [append, ...alongside]);
  return { events, checkpoint: appended.at(-1)?.checkpoint ?? null };
}
