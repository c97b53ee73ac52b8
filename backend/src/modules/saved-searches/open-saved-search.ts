import type { SavedSearch } from '@fp/contracts';
import type { CommandMeta } from '../../platform/decider';
import type { SavedSearchesServiceContext } from './context';
import { runSavedSearchCommand } from './run-saved-search-command';
import { evaluateSearch, rememberSeen, savedSearchRow } from './search-matches';

/**
 * The founder opens it: answers its query and how many were new until now; what it matches now
 * becomes seen, so the list shows no new ones until the catalog changes again.
 */
export async function openSavedSearch(
  ctx: SavedSearchesServiceContext,
  userId: string,
  searchId: string,
  meta: CommandMeta,
): Promise<SavedSearch> {
  await runSavedSearchCommand(ctx, userId, { type: 'OpenSavedSearch', data: { userId, searchId } }, meta);
  const { search, ids } = await evaluateSearch(ctx, await savedSearchRow(ctx, userId, searchId));
  await rememberSeen(ctx, searchId, ids, meta.now, true);
  return search;
}
