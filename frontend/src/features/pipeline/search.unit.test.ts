import { describe, expect, it } from 'vitest';
import { pipelineView, validatePipelineSearch } from './search';

describe('the pipeline view in the URL', () => {
  it('table is kept, board (the default) and anything else leave the address plain', () => {
    expect(validatePipelineSearch({ view: 'table' })).toEqual({ view: 'table' });
    expect(validatePipelineSearch({ view: 'board' })).toEqual({});
    expect(validatePipelineSearch({ view: ['table'] })).toEqual({});
    expect(pipelineView(validatePipelineSearch({ view: 42 }))).toBe('board');
  });
});
