/**
 * Events of a founder's saved searches: one stream per founder, `saved-searches-<userId>` (the
 * decider checks names and the limit across all of them).
 */

export const SAVED_SEARCH_KINDS = ['vc', 'angel'] as const;
export type SavedSearchKind = (typeof SAVED_SEARCH_KINDS)[number];
/** The filter as the list API takes it (`/api/vc-firms` or `/api/investors` query, without paging). */
export type SavedSearchQuery = Record<string, string | string[]>;

type SavedSearchCreated = {
  type: 'SavedSearchCreated';
  data: { userId: string; searchId: string; name: string; kind: SavedSearchKind; query: SavedSearchQuery };
};
type SavedSearchRenamed = {
  type: 'SavedSearchRenamed';
  data: { userId: string; searchId: string; name: string };
};
/** The founder opened it: what matches now is what they have seen. */
type SavedSearchOpened = { type: 'SavedSearchOpened'; data: { userId: string; searchId: string } };
type SavedSearchDeleted = { type: 'SavedSearchDeleted'; data: { userId: string; searchId: string } };

export type SavedSearchEvent = SavedSearchCreated | SavedSearchRenamed | SavedSearchOpened | SavedSearchDeleted;
export const SAVED_SEARCH_EVENT_TYPES = [
  'SavedSearchCreated',
  'SavedSearchRenamed',
  'SavedSearchOpened',
  'SavedSearchDeleted',
] as const;

export const savedSearchStream = (userId: string) => `saved-searches-${userId}`;
