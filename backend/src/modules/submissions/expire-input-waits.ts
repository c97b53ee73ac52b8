import type { SubmissionsContext } from './context';
import { runCommand, settleFirmApplication, settleRefund } from './attempts';

const ACTOR = 'system:input-wait';

/**
 * Ends the runs whose pause for the founder's answers outlived INPUT_WAIT_HOURS: stopped, nothing
 * sent, so the decider's refund rule gives the credit back, and the firm is free to apply to again.
 * The decider checks the deadline itself (a run answered meanwhile is left alone).
 */
export async function expireInputWaits(
  ctx: Pick<SubmissionsContext, 'store' | 'db' | 'credits' | 'clock' | 'config'>,
): Promise<number> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .selectFrom('submissions')
    .select('id')
    .where('sub_status', '=', 'waiting_for_input')
    .where('input_deadline', '<=', now)
    .orderBy('input_deadline')
    .limit(100)
    .execute();
  let ended = 0;
  for (const { id } of rows as { id: string }[]) {
    const meta = { now: ctx.clock.now(), actor: ACTOR };
    const r = await runCommand(
      ctx,
      id,
      { type: 'ExpireInputWait', data: { waitHours: ctx.config.inputWaitHours } },
      meta,
    );
    if (!r.events.length) continue;
    await settleFirmApplication(ctx, r.state, meta);
    await settleRefund(ctx, id, r.state.attemptId, meta);
    ended++;
  }
  return ended;
}
