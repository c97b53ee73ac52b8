import { MAX_SAVED_SEARCHES, type SavedSearchEvent } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/decider';
import { given } from '../../testing/decider';
import { savedSearchesDecider } from './saved-searches-decider';

const u = 'user-1';
const created = (searchId: string, name: string): SavedSearchEvent => ({
  type: 'SavedSearchCreated',
  data: { userId: u, searchId, name, kind: 'vc', query: { country: 'Germany' } },
});
const create = (searchId: string, name: string) => ({
  type: 'CreateSavedSearch' as const,
  data: { userId: u, searchId, name, kind: 'vc' as const, query: { country: 'Germany' } },
});

describe('saved searches decider', () => {
  it('saves a search, trimming its name', () => {
    given(savedSearchesDecider)
      .when(create('s1', '  German seed funds '))
      .then([created('s1', 'German seed funds')]);
  });

  it('adds nothing when the same id is saved again (a resent request)', () => {
    given(savedSearchesDecider, created('s1', 'A')).when(create('s1', 'A')).then([]);
  });

  it('refuses a second search with the same name, whatever its case', () => {
    given(savedSearchesDecider, created('s1', 'German seed funds'))
      .when(create('s2', 'german SEED funds'))
      .thenThrows(DomainError, 'You already have a saved search with this name');
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES}`, () => {
    const full = Array.from({ length: MAX_SAVED_SEARCHES }, (_, i) => created(`s${i}`, `Search ${i}`));
    given(savedSearchesDecider, ...full)
      .when(create('one-more', 'One more'))
      .thenThrows(DomainError, /up to 50 saved searches/);
    // Deleting one makes room.
    given(savedSearchesDecider, ...full, { type: 'SavedSearchDeleted', data: { userId: u, searchId: 's3' } })
      .when(create('one-more', 'One more'))
      .then([created('one-more', 'One more')]);
  });

  it('renames; the same name again changes nothing; a name taken by another is refused', () => {
    const h = [created('s1', 'A'), created('s2', 'B')];
    given(savedSearchesDecider, ...h)
      .when({ type: 'RenameSavedSearch', data: { userId: u, searchId: 's1', name: 'C' } })
      .then([{ type: 'SavedSearchRenamed', data: { userId: u, searchId: 's1', name: 'C' } }]);
    given(savedSearchesDecider, ...h)
      .when({ type: 'RenameSavedSearch', data: { userId: u, searchId: 's1', name: 'A' } })
      .then([]);
    given(savedSearchesDecider, ...h)
      .when({ type: 'RenameSavedSearch', data: { userId: u, searchId: 's1', name: 'b' } })
      .thenThrows(DomainError, 'You already have a saved search with this name');
  });

  it('opens and deletes only a live search (404 otherwise)', () => {
    given(savedSearchesDecider, created('s1', 'A'))
      .when({ type: 'OpenSavedSearch', data: { userId: u, searchId: 's1' } })
      .then([{ type: 'SavedSearchOpened', data: { userId: u, searchId: 's1' } }]);
    const gone = [
      created('s1', 'A'),
      { type: 'SavedSearchDeleted', data: { userId: u, searchId: 's1' } } as SavedSearchEvent,
    ];
    for (const type of ['OpenSavedSearch', 'DeleteSavedSearch'] as const) {
      given(savedSearchesDecider, ...gone)
        .when({ type, data: { userId: u, searchId: 's1' } })
        .thenThrows(DomainError, 'Saved search not found', (e) => expect(e.status).toBe(404));
    }
    given(savedSearchesDecider)
      .when({ type: 'RenameSavedSearch', data: { userId: u, searchId: 'nope', name: 'X' } })
      .thenThrows(DomainError, 'Saved search not found');
  });
});
