import { firstRunChecklist, firstRunStream, type FirstRunChecklistResponse } from '@fp/contracts';
import type { FirstRunContext } from './context';
import { firstRunDecider } from './first-run-decider';

/** The checklist: each step ticked from what the modules hold, plus the founder's own record (live view, dismissal). */
export async function readChecklist(ctx: FirstRunContext, userId: string): Promise<FirstRunChecklistResponse> {
  const [profile, purchases, kinds, state] = await Promise.all([
    ctx.profile.get(userId),
    ctx.credits.purchases(userId, () => ''),
    ctx.submissions.kinds(userId),
    ownRecord(ctx, userId),
  ]);
  return firstRunChecklist(
    {
      profileComplete: profile.completion.isComplete,
      testSubmission: kinds.test,
      liveViewOpened: state.liveViewOpened,
      creditsBought: purchases.length > 0,
      realSubmission: kinds.real,
    },
    state.dismissed,
  );
}

async function ownRecord(ctx: Pick<FirstRunContext, 'store'>, userId: string) {
  const { events } = await ctx.store.readStream(firstRunStream(userId));
  return events.reduce((s, e) => firstRunDecider.evolve(s, e as never), firstRunDecider.initialState());
}
