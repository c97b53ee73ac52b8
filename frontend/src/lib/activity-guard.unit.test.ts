import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ActivityGuard,
  guardedRequest,
  isRateLimitError,
  PAGE_SELECTION_TOO_FAST,
  RATE_LIMIT_EXCEEDED,
  SINGLE_SELECTION_TOO_FAST,
  SUSPICIOUS_ACTIVITY,
  TOO_MANY_REQUESTS_WARNING,
  TOO_MANY_SELECTIONS_WARNING,
} from './activity-guard';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

afterEach(() => vi.useRealTimers());

describe('activity guard: requests', () => {
  it('allows 50 list requests per minute and refuses the 51st with the local rate-limit error', () => {
    const c = clock();
    const g = new ActivityGuard({ now: c.now });
    for (let i = 0; i < 50; i++) {
      g.beforeRequest();
      c.advance(100);
    }
    expect(() => g.beforeRequest()).toThrow(RATE_LIMIT_EXCEEDED);
    try {
      g.beforeRequest();
    } catch (e) {
      expect(isRateLimitError(e)).toBe(true);
    }
    // A minute after the first ones, room again.
    c.advance(60_000);
    expect(() => g.beforeRequest()).not.toThrow();
  });

  it('warns from 80% of the limit, and a dismissed warning stays hidden until activity rises again', () => {
    const c = clock();
    const g = new ActivityGuard({ now: c.now });
    for (let i = 0; i < 39; i++) g.beforeRequest();
    expect(g.getSnapshot().warning).toBeNull();
    g.beforeRequest();
    expect(g.getSnapshot().warning).toBe(TOO_MANY_REQUESTS_WARNING);
    g.dismissWarning();
    expect(g.getSnapshot().warning).toBeNull();
    c.advance(10);
    g.beforeRequest();
    expect(g.getSnapshot().warning).toBe(TOO_MANY_REQUESTS_WARNING);
  });

  it('notifies subscribers when the warning changes', () => {
    const g = new ActivityGuard({ maxRequestsPerMinute: 5 });
    const seen: (string | null)[] = [];
    g.subscribe(() => seen.push(g.getSnapshot().warning));
    for (let i = 0; i < 4; i++) g.beforeRequest();
    expect(seen).toEqual([TOO_MANY_REQUESTS_WARNING]);
  });

  it('delays each list request after the first by 0.5 to 1.5 s', () => {
    const afterTwo = (random: () => number) => {
      const g = new ActivityGuard({ random });
      g.beforeRequest();
      g.beforeRequest();
      return g.requestDelayMs();
    };
    expect(afterTwo(() => 0)).toBe(500);
    expect(afterTwo(() => 0.999999)).toBe(1500);
    expect(afterTwo(() => 0.5)).toBe(1000);
  });

  it("given a founder's first list request of the window, then it goes without a pause", () => {
    let now = 0;
    const g = new ActivityGuard({ random: () => 0.5, now: () => now });
    g.beforeRequest();
    expect(g.requestDelayMs()).toBe(0);
    g.beforeRequest();
    expect(g.requestDelayMs()).toBe(1000);
    // Five quiet minutes later the window is empty again: the next first request is not delayed.
    now += 5 * 60_000 + 1;
    g.beforeRequest();
    expect(g.requestDelayMs()).toBe(0);
  });

  it('does nothing at all when disabled (test database)', async () => {
    const g = new ActivityGuard({ enabled: false, maxRequestsPerMinute: 1, maxSelectionsPerMinute: 1 });
    for (let i = 0; i < 100; i++) g.beforeRequest();
    expect(g.trySelect(1000, 'page')).toBeNull();
    expect(g.requestDelayMs()).toBe(0);
    const t0 = Date.now();
    expect(await guardedRequest(g, async () => 42)).toBe(42);
    expect(Date.now() - t0).toBeLessThan(100);
  });

  it('guardedRequest waits the delay, then fetches; an over-limit request never fetches', async () => {
    vi.useFakeTimers();
    const g = new ActivityGuard({ random: () => 0, maxRequestsPerMinute: 2, now: () => Date.now() });
    const fetcher = vi.fn(async () => 'ok');
    expect(await guardedRequest(g, fetcher)).toBe('ok');
    fetcher.mockClear();
    const p = guardedRequest(g, fetcher);
    expect(fetcher).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(499);
    expect(fetcher).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await p).toBe('ok');
    await expect(guardedRequest(g, fetcher)).rejects.toThrow(RATE_LIMIT_EXCEEDED);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('cancels the delay when the query is aborted', async () => {
    const g = new ActivityGuard({ random: () => 1 });
    g.beforeRequest();
    const ctrl = new AbortController();
    const fetcher = vi.fn(async () => 'ok');
    const p = guardedRequest(g, fetcher, ctrl.signal);
    ctrl.abort();
    await expect(p).rejects.toBeTruthy();
    expect(fetcher).not.toHaveBeenCalled();
  });
});

describe('activity guard: selections', () => {
  it('allows 500 selected items per minute; a page selection counts its items', () => {
    const c = clock();
    const g = new ActivityGuard({ now: c.now });
    for (let i = 0; i < 19; i++) expect(g.trySelect(25, 'page')).toBeNull();
    expect(g.trySelect(25, 'page')).toBeNull();
    expect(g.trySelect(1, 'single')).toBe(SINGLE_SELECTION_TOO_FAST);
    expect(g.trySelect(25, 'page')).toBe(PAGE_SELECTION_TOO_FAST);
    c.advance(60_001);
    expect(g.trySelect(25, 'page')).toBeNull();
  });

  it('warns about too many selections from 80%', () => {
    const g = new ActivityGuard();
    expect(g.trySelect(399, 'page')).toBeNull();
    expect(g.getSnapshot().warning).toBeNull();
    g.trySelect(1, 'single');
    expect(g.getSnapshot().warning).toBe(TOO_MANY_SELECTIONS_WARNING);
  });

  it('forgets activity older than the 5-minute window', () => {
    const c = clock();
    const g = new ActivityGuard({ now: c.now, maxSelectionsPerMinute: 10 });
    expect(g.trySelect(10, 'page')).toBeNull();
    c.advance(5 * 60_000 + 1);
    expect(g.trySelect(10, 'page')).toBeNull();
  });
});

describe('activity guard: suspicious-activity blocking', () => {
  it('is off by default: over the limit only refuses that request', () => {
    const c = clock();
    const g = new ActivityGuard({ now: c.now, maxRequestsPerMinute: 2 });
    g.beforeRequest();
    g.beforeRequest();
    expect(() => g.beforeRequest()).toThrow();
    expect(g.getSnapshot().blocking).toBe(false);
  });

  it('when on, blocks for 2 minutes, and moving the mouse lifts it', () => {
    const c = clock();
    const g = new ActivityGuard({ now: c.now, maxRequestsPerMinute: 2, suspiciousBlocking: true });
    g.beforeRequest();
    g.beforeRequest();
    expect(() => g.beforeRequest()).toThrow();
    expect(g.getSnapshot()).toEqual({ warning: SUSPICIOUS_ACTIVITY, blocking: true });
    c.advance(61_000);
    expect(() => g.beforeRequest()).toThrow(RATE_LIMIT_EXCEEDED);
    g.humanActivity();
    expect(g.getSnapshot().blocking).toBe(false);
    expect(() => g.beforeRequest()).not.toThrow();
  });

  it('ends the block after 2 minutes by itself', () => {
    const c = clock();
    const g = new ActivityGuard({ now: c.now, maxRequestsPerMinute: 1, suspiciousBlocking: true });
    g.beforeRequest();
    expect(() => g.beforeRequest()).toThrow();
    c.advance(120_001);
    expect(() => g.beforeRequest()).not.toThrow();
  });
});
