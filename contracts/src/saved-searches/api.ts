import { z } from 'zod';
import { SAVED_SEARCH_KINDS, type SavedSearchKind, type SavedSearchQuery } from './events';

export const MAX_SAVED_SEARCHES = 50;
export const SAVED_SEARCH_NOT_FOUND = 'Saved search not found';
export const SAVED_SEARCH_NAME_TAKEN = 'You already have a saved search with this name';
export const TOO_MANY_SAVED_SEARCHES = `You can keep up to ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`;

const name = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(80, 'name must be at most 80 characters');
const query = z
  .record(z.string().max(40), z.union([z.string().max(500), z.array(z.string().max(200)).max(100)]), {
    error: 'query must be an object of filter values',
  })
  .refine((q) => Object.keys(q).length <= 30, 'query has too many fields');

export const CreateSavedSearchRequest = z.strictObject({
  name,
  kind: z.enum(SAVED_SEARCH_KINDS, { error: `kind must be one of: ${SAVED_SEARCH_KINDS.join(', ')}` }),
  query,
});
export type CreateSavedSearchRequest = z.output<typeof CreateSavedSearchRequest>;
export const RenameSavedSearchRequest = z.strictObject({ name });

export interface SavedSearch {
  id: string;
  name: string;
  kind: SavedSearchKind;
  query: SavedSearchQuery;
  createdAt: string;
  lastOpenedAt: string;
  /** Investors matching now. */
  total: number;
  /** Of those, how many did not match when the founder last opened (or saved) it. */
  newMatches: number;
}

/** The saved searches' routes (merged into `ApiContract`). */
export interface SavedSearchesApi {
  savedSearches: {
    GET: { response: { savedSearches: SavedSearch[] } };
    POST: { body: z.input<typeof CreateSavedSearchRequest>; response: SavedSearch };
  };
  savedSearch: {
    PATCH: { body: z.input<typeof RenameSavedSearchRequest>; response: SavedSearch };
    DELETE: { response: { success: true } };
  };
  savedSearchOpen: { POST: { response: SavedSearch } };
}
