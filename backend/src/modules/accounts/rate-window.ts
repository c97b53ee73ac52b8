/**
 * Fixed windows in memory for the account-recovery endpoints (few calls, per process): a key may
 * be hit `max` times per window. Behind several API processes each keeps its own count.
 */
export function rateWindow(max: number, windowMs: number, now: () => number = Date.now) {
  const hits = new Map<string, { n: number; until: number }>();
  return (key: string): boolean => {
    const t = now();
    if (hits.size > 10_000) for (const [k, v] of hits) if (v.until <= t) hits.delete(k);
    const h = hits.get(key);
    if (!h || h.until <= t) {
      hits.set(key, { n: 1, until: t + windowMs });
      return true;
    }
    h.n++;
    return h.n <= max;
  };
}
