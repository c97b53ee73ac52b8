import { ApplyFailure, StoppedError } from './errors';
import type { RunContext } from './run-context';

const SETTLE_MS = 3000;

/**
 * A CAPTCHA or a login wall: with a person available (ctx.takeover), the run waits for them to
 * solve it in the live view and returns once they hand the page back, so the caller looks at the
 * page again; otherwise, or when nobody took over in time, the run fails with `failure` as before.
 */
export async function overcomeOrFail(ctx: RunContext, failure: ApplyFailure): Promise<void> {
  if (!ctx.takeover || (failure.code !== 'captcha' && failure.code !== 'login_required')) throw failure;
  ctx.checkStopped();
  ctx.log(`${failure.code}: asking for a takeover`);
  const decision = await ctx.takeover({ reason: failure.code, message: failure.message, page: ctx.page });
  ctx.log(`takeover: ${decision}`);
  if (decision === 'stop') throw new StoppedError();
  if (decision === 'expired') throw failure;
  ctx.checkStopped();
  // What the person did last may still be settling (a check sent to the site, a page loading).
  await ctx.page.waitForLoadState('networkidle', { timeout: SETTLE_MS }).catch(() => undefined);
}
