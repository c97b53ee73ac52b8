import { ApplyFailure, StoppedError } from './errors';
import type { RunContext } from './run-context';
import type { TakeoverReason } from './types';

const SETTLE_MS = 3000;

/** The failures a person can get past in the live view, and why the run asks them. */
const REASON_OF: Partial<Record<ApplyFailure['code'], TakeoverReason>> = {
  captcha: 'captcha',
  login_required: 'login_required',
  value_not_kept: 'field_stuck',
};

/**
 * A CAPTCHA, a login wall or a field the page keeps undoing: with a person available
 * (ctx.takeover), the run waits for them in the live view and returns once they hand the page
 * back, so the caller looks at the page again; otherwise, or when nobody took over in time, the run
 * fails with `failure` as before.
 */
export async function overcomeOrFail(ctx: RunContext, failure: ApplyFailure): Promise<void> {
  const reason = REASON_OF[failure.code];
  if (!ctx.takeover || !reason) throw failure;
  ctx.checkStopped();
  ctx.log(`${failure.code}: asking for a takeover`);
  const decision = await ctx.takeover({ reason, message: failure.message, page: ctx.page });
  ctx.log(`takeover: ${decision}`);
  if (decision === 'stop') throw new StoppedError();
  if (decision === 'expired') throw failure;
  ctx.checkStopped();
  // What the person did last may still be settling (a check sent to the site, a page loading).
  await ctx.page.waitForLoadState('networkidle', { timeout: SETTLE_MS }).catch(() => undefined);
}
