import { describe, expect, it } from 'vitest';
import { queuedLabel, runFigures, successRate, successRateLabel } from './figures';

describe('application figures (one definition for the dashboard, the e-mails and the API)', () => {
  it('given 3 completed and 5 running, the success rate is 100%, not 38%', () => {
    const f = runFigures([
      'completed',
      'completed',
      'completed',
      'processing',
      'processing',
      'pending',
      'processing',
      'processing',
    ]);
    expect(f).toEqual({ total: 8, completed: 3, failed: 0, stopped: 0, processing: 5 });
    expect(successRate(f)).toBe(100);
  });

  it('counts stopped runs apart: 9 completed, 2 failed, 3 stopped give 82%, not 64%', () => {
    const f = runFigures([
      ['completed', 9],
      ['failed', 2],
      ['stopped', 3],
    ]);
    expect(f).toEqual({ total: 14, completed: 9, failed: 2, stopped: 3, processing: 0 });
    expect(successRate(f)).toBe(82);
    expect(successRateLabel(f)).toBe('82%');
  });

  it('has no success rate while nothing has finished, stopped runs alone included', () => {
    expect(successRate(runFigures([]))).toBeNull();
    expect(successRate(runFigures(['stopped', 'pending']))).toBeNull();
    expect(successRateLabel(runFigures(['stopped']))).toBe('—');
    expect(successRate(runFigures(['failed']))).toBe(0);
  });

  it('never counts an unknown status as finished', () => {
    expect(runFigures(['waiting_for_input'])).toEqual({ total: 1, completed: 0, failed: 0, stopped: 0, processing: 1 });
  });

  it('says queued, not sent', () => {
    expect(queuedLabel(8)).toBe('8 applications queued');
    expect(queuedLabel(1)).toBe('1 application queued');
  });
});
