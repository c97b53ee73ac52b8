import type { CreateSavedSearchRequest } from '@fp/contracts';
import type { CommandMeta } from '../../platform/decider';
import type { SavedSearchesServiceContext } from './context';
import { createSavedSearch } from './create-saved-search';
import { deleteSavedSearch } from './delete-saved-search';
import { listSavedSearches } from './list-saved-searches';
import { notifyNewMatches } from './notify-new-matches';
import { openSavedSearch } from './open-saved-search';
import { renameSavedSearch } from './rename-saved-search';

/**
 * Saved searches with new-match counts: what a search matches now, against what it matched when
 * the founder last saved or opened it (saved_search_seen). An investor is new when an import or a
 * change made it match since then.
 */
export function createSavedSearchesService(ctx: SavedSearchesServiceContext) {
  return {
    list: (userId: string) => listSavedSearches(ctx, userId),
    create: (userId: string, input: CreateSavedSearchRequest, meta: CommandMeta) =>
      createSavedSearch(ctx, userId, input, meta),
    rename: (userId: string, searchId: string, name: string, meta: CommandMeta) =>
      renameSavedSearch(ctx, userId, searchId, name, meta),
    open: (userId: string, searchId: string, meta: CommandMeta) => openSavedSearch(ctx, userId, searchId, meta),
    /** The daily new-match e-mail (the module's daily job; also callable from tests). */
    notifyNewMatches: (now: Date) => notifyNewMatches(ctx, now),
    remove: (userId: string, searchId: string, meta: CommandMeta) => deleteSavedSearch(ctx, userId, searchId, meta),
  };
}
export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
