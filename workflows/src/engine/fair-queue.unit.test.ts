import { describe, expect, it } from 'vitest';
import { defaultPerFounder, pickFair, type FairQueueState, type QueuedRun } from './fair-queue';

const runs = (founder: string, n: number, from = 0): QueuedRun<string>[] =>
  Array.from({ length: n }, (_, i) => ({ run: `${founder}${i + 1}`, founder, queuedAt: from + i }));
const state = (s: Partial<FairQueueState<string>>): FairQueueState<string> => ({
  queued: [],
  running: {},
  slots: 2,
  perFounder: 2,
  lastServed: {},
  served: 0,
  ...s,
});

/** Plays the queue one slot at a time: each started run ends before the next pick (a single slot). */
function order(queued: QueuedRun<string>[], perFounder = 1): string[] {
  let s = state({ queued, slots: 1, perFounder });
  const out: string[] = [];
  for (;;) {
    const p = pickFair(s);
    if (!p.start.length) return out;
    out.push(...p.start.map((q) => q.run));
    const taken = new Set(p.start);
    s = { ...s, queued: s.queued.filter((q) => !taken.has(q)), lastServed: p.lastServed, served: p.served };
  }
}

describe('the fair queue', () => {
  it('interleaves founders: a newcomer with 3 runs is not behind 500 of another founder', () => {
    const got = order([...runs('a', 500), ...runs('b', 3, 1000)]);
    expect(got.slice(0, 6)).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', 'b3']);
    expect(got).toHaveLength(503);
  });

  it('serves three founders round-robin, each in their own submission order', () => {
    const got = order([...runs('c', 2, 50), ...runs('a', 3, 0), ...runs('b', 2, 10)]);
    expect(got).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3']);
  });

  it('gives each free slot to the founder holding the fewest, never above the cap', () => {
    const p = pickFair(
      state({ queued: [...runs('a', 10), ...runs('b', 10, 100)], running: { a: 1 }, slots: 4, perFounder: 2 }),
    );
    expect(p.start.map((q) => q.run)).toEqual(['b1', 'a1', 'b2']);
  });

  it('leaves a slot free when only capped founders wait (kept for another founder)', () => {
    expect(pickFair(state({ queued: runs('a', 10), running: { a: 1 }, slots: 2, perFounder: 1 })).start).toEqual([]);
    expect(
      pickFair(
        state({ queued: [...runs('a', 10), ...runs('b', 1, 99)], running: { a: 1 }, slots: 2, perFounder: 1 }),
      ).start.map((q) => q.run),
    ).toEqual(['b1']);
  });

  it('starts nothing when every slot is held (paused runs are simply not counted as holding one)', () => {
    expect(pickFair(state({ queued: runs('b', 3), running: { a: 2 }, slots: 2, perFounder: 2 })).start).toEqual([]);
    expect(pickFair(state({ queued: runs('b', 3), running: { a: 0 }, slots: 2, perFounder: 2 })).start).toHaveLength(2);
  });

  it('remembers whom it served: of two founders holding as many slots, the one served longer ago goes first', () => {
    const p = pickFair(
      state({
        queued: [...runs('a', 2), ...runs('b', 2, 100)],
        running: { a: 1, b: 1 },
        slots: 3,
        lastServed: { a: 5, b: 7 },
        served: 7,
      }),
    );
    expect(p.start.map((q) => q.run)).toEqual(['a1']);
    expect(p.lastServed).toEqual({ a: 8, b: 7 });
    expect(p.served).toBe(8);
  });

  it('defaults the per-founder cap to all slots but one, at least one', () => {
    expect([1, 2, 4, 8].map(defaultPerFounder)).toEqual([1, 1, 3, 7]);
  });
});
