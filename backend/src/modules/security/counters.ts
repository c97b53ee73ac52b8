import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type pg from 'pg';

export interface Count {
  /** Hits in the current window, including this one. */
  current: number;
  /** Milliseconds until the window ends (0 when there is none). */
  ttl: number;
}

/**
 * Fixed-window counters behind the rate limits, the sign-in slow-down and the scraping guard.
 * The Postgres store is shared by every API process; the memory store serves one process only.
 */
export interface CounterStore {
  readonly kind: 'postgres' | 'memory';
  hit(key: string, windowMs: number, n?: number): Promise<Count>;
  peek(key: string): Promise<Count>;
  reset(keys: string[]): Promise<void>;
  resetPrefix(prefix: string): Promise<void>;
  /** Drops windows that ended (called on a timer). */
  sweep(): Promise<void>;
}

interface Pending {
  windowMs: number;
  n: number;
  waiters: Array<{ n: number; resolve: (c: Count) => void; reject: (e: unknown) => void }>;
}

/**
 * Counters in an unlogged Postgres table. Hits arriving in the same turn of the event loop (the
 * per-IP and per-user limits of one request, and concurrent requests) go out as one upsert, so a
 * request costs one short autocommit statement, not one per limit. Keys are written in sorted order
 * so concurrent batches lock rows in the same order and cannot deadlock each other.
 */
export class PostgresCounterStore implements CounterStore {
  readonly kind = 'postgres' as const;
  private pending = new Map<string, Pending>();
  private scheduled = false;

  constructor(private readonly pool: pg.Pool) {}

  hit(key: string, windowMs: number, n = 1): Promise<Count> {
    return new Promise((resolve, reject) => {
      let p = this.pending.get(key);
      if (!p) this.pending.set(key, (p = { windowMs, n: 0, waiters: [] }));
      p.n += n;
      p.waiters.push({ n, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush() {
    this.scheduled = false;
    const batch = [...this.pending.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    this.pending = new Map();
    if (!batch.length) return;
    const sql = `
      insert into security_rate_counters as c (key, hits, reset_at)
      select k, n, now() + w * interval '1 millisecond'
        from unnest($1::text[], $2::int[], $3::int[]) with ordinality as t(k, n, w, i) order by i
      on conflict (key) do update set
        hits = case when c.reset_at <= now() then excluded.hits else c.hits + excluded.hits end,
        reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
      returning key, hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`;
    const params = [
      batch.map(([k]) => k),
      batch.map(([, p]) => p.n),
      batch.map(([, p]) => Math.max(1, Math.round(p.windowMs))),
    ];
    try {
      let rows: Array<{ key: string; hits: number; ttl: number }>;
      try {
        rows = (await this.pool.query(sql, params)).rows;
      } catch (err) {
        // Another writer's batch on overlapping keys can still deadlock in rare orders: try once more.
        if ((err as { code?: string }).code !== '40P01') throw err;
        rows = (await this.pool.query(sql, params)).rows;
      }
      const byKey = new Map(rows.map((r) => [r.key, r]));
      for (const [key, p] of batch) {
        const row = byKey.get(key);
        if (!row) {
          for (const w of p.waiters) w.reject(new Error(`rate counter ${key} was not written`));
          continue;
        }
        // Hand out the counts in arrival order, as if each hit had been its own statement.
        let current = row.hits - p.n;
        for (const w of p.waiters) {
          current += w.n;
          w.resolve({ current, ttl: row.ttl });
        }
      }
    } catch (err) {
      for (const [, p] of batch) for (const w of p.waiters) w.reject(err);
    }
  }

  async peek(key: string): Promise<Count> {
    const r = await this.pool.query(
      `select hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl from security_rate_counters where key = $1 and reset_at > now()`,
      [key],
    );
    return r.rows[0] ? { current: r.rows[0].hits, ttl: r.rows[0].ttl } : { current: 0, ttl: 0 };
  }

  async reset(keys: string[]) {
    if (keys.length) await this.pool.query('delete from security_rate_counters where key = any($1::text[])', [keys]);
  }

  async resetPrefix(prefix: string) {
    await this.pool.query(`delete from security_rate_counters where starts_with(key, $1)`, [prefix]);
  }

  async sweep() {
    await this.pool.query(`delete from security_rate_counters where reset_at < now() - interval '1 minute'`);
  }
}

/** Counters in this process's memory: only for a single API process (RATE_LIMIT_STORE=memory). */
export class MemoryCounterStore implements CounterStore {
  readonly kind = 'memory' as const;
  private readonly map = new Map<string, { hits: number; resetAt: number }>();

  async hit(key: string, windowMs: number, n = 1): Promise<Count> {
    const now = Date.now();
    let c = this.map.get(key);
    if (!c || c.resetAt <= now) this.map.set(key, (c = { hits: 0, resetAt: now + windowMs }));
    c.hits += n;
    return { current: c.hits, ttl: c.resetAt - now };
  }

  async peek(key: string): Promise<Count> {
    const c = this.map.get(key);
    const now = Date.now();
    return c && c.resetAt > now ? { current: c.hits, ttl: c.resetAt - now } : { current: 0, ttl: 0 };
  }

  async reset(keys: string[]) {
    for (const k of keys) this.map.delete(k);
  }

  async resetPrefix(prefix: string) {
    for (const k of this.map.keys()) if (k.startsWith(prefix)) this.map.delete(k);
  }

  async sweep() {
    const now = Date.now();
    for (const [k, c] of this.map) if (c.resetAt <= now) this.map.delete(k);
  }
}

/** Adapts a CounterStore to @fastify/rate-limit's store interface (the `store` option is a constructor). */
export function rateLimitStoreFor(counters: CounterStore) {
  return class CounterRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, cb: (err: Error | null, res?: Count) => void, timeWindow: number) {
      counters.hit(key, timeWindow).then(
        (r) => cb(null, r),
        (err: Error) => cb(err),
      );
    }
    read(key: string, cb: (err: Error | null, res?: Count) => void) {
      counters.peek(key).then(
        (r) => cb(null, r),
        (err: Error) => cb(err),
      );
    }
    // Limiters differ by key prefix, so every child shares the one counter table.
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
