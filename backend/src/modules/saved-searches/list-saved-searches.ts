import type { SavedSearch } from '@fp/contracts';
import type { SavedSearchesServiceContext } from './context';
import { evaluateSearch, savedSearchRow, savedSearchRows } from './search-matches';

/** The founder's saved searches, each with its total and new matches now. */
export async function listSavedSearches(ctx: SavedSearchesServiceContext, userId: string): Promise<SavedSearch[]> {
  return Promise.all((await savedSearchRows(ctx, userId)).map(async (r) => (await evaluateSearch(ctx, r)).search));
}

/** One of the founder's saved searches (404 for another founder's). */
export async function readSavedSearch(ctx: SavedSearchesServiceContext, userId: string, searchId: string) {
  return (await evaluateSearch(ctx, await savedSearchRow(ctx, userId, searchId))).search;
}
