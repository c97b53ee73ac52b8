import { standingChoicesStream, type StandingChoices } from '@fp/contracts';
import type { AppContext } from '../../platform/context';
import { foldEvents, handleCommand, type CommandMeta } from '../../platform/decider';
import { standingChoicesDecider, type StandingChoicesCommand } from './standing-choices-decider';

/** The founder's standing choices, folded from their stream (a handful of events: no read model needed). */
export async function readStandingChoices(ctx: Pick<AppContext, 'store'>, userId: string): Promise<StandingChoices> {
  const { events } = await ctx.store.readStream(standingChoicesStream(userId));
  return foldEvents(standingChoicesDecider, events);
}

/** Changes the founder's standing choices; answers them as they now stand. */
export async function changeStandingChoices(
  ctx: Pick<AppContext, 'store'>,
  userId: string,
  command: StandingChoicesCommand,
  meta: CommandMeta,
): Promise<StandingChoices> {
  const r = await handleCommand(ctx.store, standingChoicesStream(userId), standingChoicesDecider, command, meta, {
    maxRetries: 50,
  });
  return r.state;
}
