import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpWindow, createMetrics } from './metrics';

afterEach(() => vi.useRealTimers());

describe('the last hour of requests (System page)', () => {
  it('counts requests, 5xx and the p95 bucket since the process started, then over a trailing hour only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T08:00:00Z'));
    const metrics = createMetrics({ role: 'api', processMetrics: false });
    const window = createHttpWindow(metrics, 60);
    const observe = (route: string, status: number, seconds: number) =>
      metrics.httpSeconds.observe({ method: 'GET', route, status_code: String(status) }, seconds);
    expect(await window.lastWindow()).toEqual({ windowMinutes: 1, requests: 0, errors: 0, errorRate: 0, p95Ms: null });

    // 19 fast requests and one slow failure: p95 is the fast bucket (19/20 = 95 %).
    for (let i = 0; i < 19; i++) observe('/api/a', 200, 0.004);
    observe('/api/b', 503, 3);
    let w = await window.lastWindow();
    expect(w).toMatchObject({ requests: 20, errors: 1, errorRate: 0.05, p95Ms: 5 });

    // An hour of minutes later, with new traffic in the last minutes only: the old requests leave the window.
    for (let m = 1; m <= 61; m++) {
      vi.setSystemTime(new Date(Date.parse('2026-11-26T08:00:00Z') + m * 60_000));
      await window.tick();
    }
    for (let i = 0; i < 10; i++) observe('/api/a', 200, 0.2);
    w = await window.lastWindow();
    expect(w).toMatchObject({ windowMinutes: 60, requests: 10, errors: 0, errorRate: 0, p95Ms: 250 });
  });
});
