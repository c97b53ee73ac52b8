import type { SavedSearch } from '@fp/contracts';
import type { CommandMeta } from '../../platform/decider';
import type { SavedSearchesServiceContext } from './context';
import { readSavedSearch } from './list-saved-searches';
import { runSavedSearchCommand } from './run-saved-search-command';

/** Gives a saved search a new name. */
export async function renameSavedSearch(
  ctx: SavedSearchesServiceContext,
  userId: string,
  searchId: string,
  name: string,
  meta: CommandMeta,
): Promise<SavedSearch> {
  await runSavedSearchCommand(ctx, userId, { type: 'RenameSavedSearch', data: { userId, searchId, name } }, meta);
  return readSavedSearch(ctx, userId, searchId);
}
