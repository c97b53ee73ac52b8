import type { CommandMeta } from '../../platform/decider';
import type { SavedSearchesServiceContext } from './context';
import { runSavedSearchCommand } from './run-saved-search-command';

/** Deletes a saved search and what it remembered as seen. */
export async function deleteSavedSearch(
  ctx: SavedSearchesServiceContext,
  userId: string,
  searchId: string,
  meta: CommandMeta,
): Promise<void> {
  await runSavedSearchCommand(ctx, userId, { type: 'DeleteSavedSearch', data: { userId, searchId } }, meta);
  await ctx.db.deleteFrom('saved_search_seen').where('search_id', '=', searchId).execute();
}
