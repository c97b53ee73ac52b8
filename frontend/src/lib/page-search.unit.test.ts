import { describe, expect, it } from 'vitest';
import { validatePipelineSearch, validateSubmissionsSearch, validateUsersSearch } from './page-search';

describe('screen state in the URL', () => {
  it('pipeline: table is kept, board (the default) and anything else leave the address plain', () => {
    expect(validatePipelineSearch({ view: 'table' })).toEqual({ view: 'table' });
    expect(validatePipelineSearch({ view: 'board' })).toEqual({});
    expect(validatePipelineSearch({ view: ['table'] })).toEqual({});
  });

  it('submissions: a known tab and the run to answer; "all" and unknown tabs are dropped', () => {
    expect(validateSubmissionsSearch({ tab: 'failed' })).toEqual({ tab: 'failed' });
    expect(validateSubmissionsSearch({ tab: 'all' })).toEqual({});
    expect(validateSubmissionsSearch({ tab: 'nope', answer: 'sub-1' })).toEqual({ answer: 'sub-1' });
    expect(validateSubmissionsSearch({ answer: 'x'.repeat(101) })).toEqual({});
  });

  it('users: the trimmed search and a page above 1', () => {
    expect(validateUsersSearch({ q: '  ada ', page: '3' })).toEqual({ q: 'ada', page: 3 });
    expect(validateUsersSearch({ q: '   ', page: 1 })).toEqual({});
    expect(validateUsersSearch({ page: '2.5' })).toEqual({});
    // A number parsed from the address by the router's JSON search parser is kept too.
    expect(validateUsersSearch({ q: 12345 })).toEqual({ q: '12345' });
  });
});
