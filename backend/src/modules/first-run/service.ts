import { firstRunChecklist, type FirstRunChecklistResponse } from '@fp/contracts';
import { firstRunStream } from '@fp/contracts';
import type { AppContext } from '../../platform/context';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import type { CreditsService } from '../credits/index';
import type { ProfileService } from '../profile/index';
import type { SubmissionsService } from '../submissions/index';
import { firstRunDecider } from './decider';

export type FirstRunContext = AppContext & {
  profile: ProfileService;
  credits: CreditsService;
  submissions: SubmissionsService;
};

/** The first-run checklist: each step ticked from what the modules hold, plus the founder's own record (live view, dismissal). */
export function createFirstRunService(ctx: FirstRunContext) {
  const run = (userId: string, command: Parameters<typeof firstRunDecider.decide>[0], meta: CommandMeta) =>
    handleCommand(ctx.store, firstRunStream(userId), firstRunDecider, command, meta, { maxRetries: 20 });

  async function own(userId: string) {
    const { events } = await ctx.store.readStream(firstRunStream(userId));
    return events.reduce((s, e) => firstRunDecider.evolve(s, e as never), firstRunDecider.initialState());
  }

  return {
    async checklist(userId: string): Promise<FirstRunChecklistResponse> {
      const [profile, purchases, kinds, state] = await Promise.all([
        ctx.profile.get(userId),
        ctx.credits.purchases(userId, () => ''),
        ctx.submissions.kinds(userId),
        own(userId),
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
    },
    recordLiveViewOpened: (userId: string, submissionId: string, meta: CommandMeta) =>
      run(userId, { type: 'RecordLiveViewOpened', data: { userId, submissionId } }, meta),
    dismiss: (userId: string, meta: CommandMeta) => run(userId, { type: 'DismissChecklist', data: { userId } }, meta),
  };
}
export type FirstRunService = ReturnType<typeof createFirstRunService>;
