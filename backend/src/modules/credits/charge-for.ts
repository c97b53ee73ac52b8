import type { CommandMeta } from '../../platform/decider';
import type { CreditsServiceContext } from './context';
import { giveBackCredits } from './give-back-credits';
import type { StreamAppend } from '@fp/infra';
import { spendAllCredits, spendAllWith, type SpendAllInput } from './spend-credits';

/** The paid work: `refund` gives this call's charge back; `charged` names the ledger's checkpoint. */
export type ChargedWork<T> = (
  refund: (reason: string, at?: CommandMeta) => Promise<void>,
  charged: { checkpoint: string | null },
) => Promise<T>;

/**
 * Charge for these references, run the work, and give the credits back when the work fails —
 * the one way submit, retry and the angel export pay for what they do. `work` also receives
 * `refund` for a failure it meets after it has answered (an export stream that breaks).
 */
export async function chargeFor<T>(
  ctx: Pick<CreditsServiceContext, 'queue' | 'store'>,
  userId: string,
  input: SpendAllInput,
  meta: CommandMeta,
  work: ChargedWork<T>,
  failureReason: (err: unknown) => string,
  alongside: StreamAppend[] = [],
): Promise<T> {
  // `alongside`: streams appended with the charge, in one append (a keyed request's answer).
  const charged = alongside.length
    ? await spendAllWith(ctx, userId, input, meta, alongside)
    : await spendAllCredits(ctx, userId, input, meta);
  // Only what this call charged is given back: a reference charged before (a request sent
  // again) belongs to the earlier call.
  const references = charged.events.flatMap((e) =>
    e.type === 'CreditsSpent' && e.data.reference ? [e.data.reference] : [],
  );
  // A refund the ledger refuses now stays pending and is retried until it lands (give-back-credits.ts).
  const giveBack = async (reason: string, at: CommandMeta = meta) => {
    for (const reference of references) await giveBackCredits(ctx, userId, reference, reason, at);
  };
  try {
    return await work(giveBack, { checkpoint: charged.checkpoint ?? null });
  } catch (err) {
    // Only a refund that could not even be recorded as pending ends here; the work's error is the answer.
    await giveBack(failureReason(err)).catch((e) =>
      console.error(`[credits] refund of ${references.join(', ')} for ${userId} not recorded: ${(e as Error).message}`),
    );
    throw err;
  }
}
