import { describe, expect, it } from 'vitest';
import { numberTries, reportedError } from './history';

describe('engine history', () => {
  it('numbers a step run again as its next try, each name on its own', () => {
    const steps = numberTries([
      { name: 'begin' },
      { name: 'apply' },
      { name: 'DBOS.sleep' },
      { name: 'apply' },
      { name: 'DBOS.sleep' },
      { name: 'apply' },
      { name: 'finish' },
    ]);
    expect(steps.map((s) => `${s.name}#${s.try}`)).toEqual([
      'begin#1',
      'apply#1',
      'DBOS.sleep#1',
      'apply#2',
      'DBOS.sleep#2',
      'apply#3',
      'finish#1',
    ]);
  });

  it('reads the failure a step reported as its value, and nothing from a success or a non-outcome', () => {
    expect(reportedError({ status: 'failed', error: 'The website did not respond in time' })).toBe(
      'The website did not respond in time',
    );
    expect(reportedError({ status: 'completed', error: null })).toBeNull();
    expect(reportedError(true)).toBeNull();
    expect(reportedError(null)).toBeNull();
  });
});
