import { savedSearchStream } from '@fp/contracts';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import type { SavedSearchesServiceContext } from './context';
import { savedSearchesDecider, type SavedSearchCommand } from './saved-searches-decider';

/** Runs a command on the founder's saved-search stream and answers once the list shows it. */
export async function runSavedSearchCommand(
  ctx: Pick<SavedSearchesServiceContext, 'store' | 'projections'>,
  userId: string,
  command: SavedSearchCommand,
  meta: CommandMeta,
) {
  const r = await handleCommand(ctx.store, savedSearchStream(userId), savedSearchesDecider, command, meta, {
    maxRetries: 20,
  });
  if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  return r;
}
