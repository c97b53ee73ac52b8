import { describe, expect, it } from 'vitest';
import { usersListOf, validateUsersSearch } from './users-search';

describe('the users search in the URL', () => {
  it('the trimmed search and a page above 1', () => {
    expect(validateUsersSearch({ q: '  ada ', page: '3' })).toEqual({ q: 'ada', page: 3 });
    expect(validateUsersSearch({ q: '   ', page: 1 })).toEqual({});
    expect(validateUsersSearch({ page: '2.5' })).toEqual({});
    expect(validateUsersSearch({ page: 100_001, q: true })).toEqual({});
    // A number parsed from the address by the router's JSON search parser is kept too.
    expect(validateUsersSearch({ q: 12345 })).toEqual({ q: '12345' });
    expect(validateUsersSearch({ q: 'x'.repeat(300) }).q).toHaveLength(200);
    expect(usersListOf(validateUsersSearch({}))).toEqual({ q: '', page: 1 });
  });
});
