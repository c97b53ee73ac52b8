import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_NAME_TAKEN,
  SAVED_SEARCH_NOT_FOUND,
  TOO_MANY_SAVED_SEARCHES,
  type SavedSearchEvent,
  type SavedSearchKind,
  type SavedSearchQuery,
} from '@fp/contracts';
import { DomainError, type Decider, type CommandOf } from '../../platform/decider';

export interface SavedSearchesState {
  /** Live searches by id → name. */
  searches: Map<string, string>;
}

export type SavedSearchCommand =
  | {
      type: 'CreateSavedSearch';
      data: { userId: string; searchId: string; name: string; kind: SavedSearchKind; query: SavedSearchQuery };
    }
  | { type: 'RenameSavedSearch'; data: { userId: string; searchId: string; name: string } }
  | { type: 'OpenSavedSearch'; data: { userId: string; searchId: string } }
  | { type: 'DeleteSavedSearch'; data: { userId: string; searchId: string } };

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function mustExist(state: SavedSearchesState, searchId: string) {
  if (!state.searches.has(searchId)) throw new DomainError(SAVED_SEARCH_NOT_FOUND, 404, 'not_found');
}

function nameFree(state: SavedSearchesState, name: string, except?: string) {
  for (const [id, other] of state.searches)
    if (id !== except && sameName(other, name)) throw new DomainError(SAVED_SEARCH_NAME_TAKEN, 409, 'name_taken');
}

/**
 * A founder's saved searches. Rules: names are unique per founder (ignoring case and spaces around);
 * at most MAX_SAVED_SEARCHES; renaming to the same name changes nothing; a deleted or unknown
 * search is a 404; saving the same id again (a resent request) adds nothing.
 */
export const savedSearchesDecider: Decider<SavedSearchesState, SavedSearchCommand, SavedSearchEvent> = {
  initialState: () => ({ searches: new Map() }),

  evolve(state, event) {
    switch (event.type) {
      case 'SavedSearchCreated':
      case 'SavedSearchRenamed':
        return { searches: new Map(state.searches).set(event.data.searchId, event.data.name) };
      case 'SavedSearchDeleted': {
        const searches = new Map(state.searches);
        searches.delete(event.data.searchId);
        return { searches };
      }
      default:
        return state;
    }
  },

  decide(cmd, state) {
    switch (cmd.type) {
      case 'CreateSavedSearch':
        return createSavedSearch(cmd, state);
      case 'RenameSavedSearch':
        return renameSavedSearch(cmd, state);
      case 'OpenSavedSearch':
        return openSavedSearch(cmd, state);
      case 'DeleteSavedSearch':
        return deleteSavedSearch(cmd, state);
    }
  },
};

function createSavedSearch(
  cmd: CommandOf<SavedSearchCommand, 'CreateSavedSearch'>,
  state: SavedSearchesState,
): SavedSearchEvent[] {
  const d = cmd.data;
  if (state.searches.has(d.searchId)) return [];
  nameFree(state, cmd.data.name);
  if (state.searches.size >= MAX_SAVED_SEARCHES) throw new DomainError(TOO_MANY_SAVED_SEARCHES, 409, 'too_many');
  return [{ type: 'SavedSearchCreated', data: { ...cmd.data, name: cmd.data.name.trim() } }];
}

function renameSavedSearch(
  cmd: CommandOf<SavedSearchCommand, 'RenameSavedSearch'>,
  state: SavedSearchesState,
): SavedSearchEvent[] {
  const d = cmd.data;
  mustExist(state, d.searchId);
  if (state.searches.get(d.searchId) === cmd.data.name.trim()) return [];
  nameFree(state, cmd.data.name, d.searchId);
  return [{ type: 'SavedSearchRenamed', data: { ...cmd.data, name: cmd.data.name.trim() } }];
}

function openSavedSearch(
  cmd: CommandOf<SavedSearchCommand, 'OpenSavedSearch'>,
  state: SavedSearchesState,
): SavedSearchEvent[] {
  const d = cmd.data;
  mustExist(state, d.searchId);
  return [{ type: 'SavedSearchOpened', data: cmd.data }];
}

function deleteSavedSearch(
  cmd: CommandOf<SavedSearchCommand, 'DeleteSavedSearch'>,
  state: SavedSearchesState,
): SavedSearchEvent[] {
  const d = cmd.data;
  mustExist(state, d.searchId);
  return [{ type: 'SavedSearchDeleted', data: cmd.data }];
}
