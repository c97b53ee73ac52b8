import type { CreateSavedSearchRequest, SavedSearch } from '@fp/contracts';
import type { CommandMeta } from '../../platform/decider';
import type { SavedSearchesServiceContext } from './context';
import { readSavedSearch } from './list-saved-searches';
import { runSavedSearchCommand } from './run-saved-search-command';
import { matchingIds, rememberSeen } from './search-matches';

/** Saves the query (checked as the list API checks it); everything it matches now counts as seen. */
export async function createSavedSearch(
  ctx: SavedSearchesServiceContext,
  userId: string,
  input: CreateSavedSearchRequest,
  meta: CommandMeta,
): Promise<SavedSearch> {
  const ids = await matchingIds(ctx, input.kind, input.query, userId);
  const searchId = ctx.newId();
  // What is seen first: a crash after it leaves an unused row, never a search whose every match looks new.
  await rememberSeen(ctx, searchId, ids, meta.now, false);
  try {
    await runSavedSearchCommand(ctx, userId, { type: 'CreateSavedSearch', data: { userId, searchId, ...input } }, meta);
  } catch (err) {
    await ctx.db.deleteFrom('saved_search_seen').where('search_id', '=', searchId).execute();
    throw err;
  }
  return readSavedSearch(ctx, userId, searchId);
}
