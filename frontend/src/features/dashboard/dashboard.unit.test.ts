import { describe, expect, it } from 'vitest';
import { successRate } from '@fp/contracts';
import { fillActivity, parseStats, weeklyTotals } from './queries';
import { nextAnimatedValue } from './useAnimatedPercentage';

describe('dashboard progress animation', () => {
  it('moves 2 points per tick up to the target, never past it', () => {
    const seen: number[] = [];
    let v = 0;
    while (v !== 7) seen.push((v = nextAnimatedValue(v, 7)));
    expect(seen).toEqual([2, 4, 6, 7]);
    expect(nextAnimatedValue(100, 100)).toBe(100);
    expect(nextAnimatedValue(40, 33)).toBe(38);
    expect(nextAnimatedValue(34, 33)).toBe(33);
  });

  it('reaches 100 from 0 in 50 ticks (one second at 20 ms)', () => {
    let v = 0;
    let ticks = 0;
    while (v < 100) {
      v = nextAnimatedValue(v, 100);
      ticks++;
    }
    expect(ticks).toBe(50);
  });
});

describe('application stats', () => {
  it('computes the success rate over finished runs, none while nothing finished', () => {
    // Over finished runs only: none finished has no rate; running and stopped ones do not count.
    expect(successRate({ completed: 0, failed: 0 })).toBeNull();
    expect(successRate({ completed: 2, failed: 1 })).toBe(67);
    expect(successRate({ completed: 8, failed: 0 })).toBe(100);
  });

  it('reads stats leniently', () => {
    expect(parseStats({ total: 6, completed: 2, processing: 1, failed: 2, stopped: 1, successRate: 99 })).toEqual({
      total: 6,
      completed: 2,
      processing: 1,
      failed: 2,
      stopped: 1,
      successRate: 50,
    });
    expect(parseStats('nope')).toEqual({
      total: 0,
      completed: 0,
      processing: 0,
      failed: 0,
      stopped: 0,
      successRate: null,
    });
    expect(parseStats({ total: -1, completed: 'x' })).toEqual({
      total: 0,
      completed: 0,
      processing: 0,
      failed: 0,
      stopped: 0,
      successRate: null,
    });
  });

  it('fills the last 30 UTC days, oldest first, zero where the response says nothing', () => {
    const today = new Date('2025-03-10T23:30:00Z');
    const days = fillActivity(
      {
        days: [
          { date: '2025-03-10', completed: 2, failed: 1, processing: 0 },
          { date: '2025-02-09', completed: 9, failed: 0, processing: 0 },
          { date: '2025-02-20', completed: 1, failed: 0, processing: 3 },
        ],
      },
      30,
      today,
    );
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe('2025-02-09');
    expect(days[0]!.completed).toBe(9);
    expect(days[29]).toEqual({ date: '2025-03-10', completed: 2, failed: 1, processing: 0 });
    expect(days.find((d) => d.date === '2025-02-20')).toEqual({
      date: '2025-02-20',
      completed: 1,
      failed: 0,
      processing: 3,
    });
    expect(days.filter((d) => d.completed + d.failed + d.processing === 0)).toHaveLength(27);
    expect(fillActivity(undefined, 30, today).every((d) => d.completed === 0)).toBe(true);
  });
});

describe('applications per week', () => {
  it('sums days into Monday-to-Sunday weeks', () => {
    // 2026-01-04 is a Sunday, 2026-01-05 a Monday.
    const days = fillActivity(
      {
        days: [
          { date: '2026-01-04', completed: 2, failed: 1, processing: 0 },
          { date: '2026-01-05', completed: 1, failed: 0, processing: 1 },
          { date: '2026-01-11', completed: 3, failed: 0, processing: 0 },
        ],
      },
      14,
      new Date('2026-01-12T12:00:00Z'),
    );
    expect(weeklyTotals(days)).toEqual([
      { week: '2025-12-29', total: 3 },
      { week: '2026-01-05', total: 5 },
      { week: '2026-01-12', total: 0 },
    ]);
  });
});
