// Seeded randomness for the catalog. Every record re-seeds from (seed, stream, index), so any
// record can be regenerated alone and output never depends on generation order.
import { base, en, Faker, type Randomizer } from '@faker-js/faker';

const MAX_U32 = 4294967296;

// splitmix32-style finaliser: spreads every input bit over the whole word.
function mix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x21f0aaad);
  h = Math.imul(h ^ (h >>> 15), 0x735a2d97);
  return (h ^ (h >>> 15)) >>> 0;
}

/**
 * sfc32 behind faker's Randomizer interface. Seeding is O(1) (faker's default Mersenne Twister
 * rebuilds a 624-word state per seed), which matters when re-seeding once per record.
 */
class SeededRandom implements Randomizer {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 1;

  seed(seed: number | number[]): void {
    const words = Array.isArray(seed) ? seed : [seed];
    let h = 0x811c9dc5;
    for (const w of words) {
      // Both 32-bit halves of a safe integer take part, so seeds above 2^32 stay distinct.
      h = mix32(h ^ (w >>> 0));
      h = mix32(h ^ (Math.floor(w / MAX_U32) >>> 0) ^ 0x9e3779b9);
    }
    this.a = mix32(h ^ 0x1b873593);
    this.b = mix32(h ^ 0x85ebca6b);
    this.c = mix32(h ^ 0xc2b2ae35);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  // An arrow property: faker calls next() detached from the object.
  next = (): number => {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / MAX_U32;
  };
}

/** Draw helpers over one SeededRandom; faker shares the same stream for names. */
export class Draw {
  readonly rng = new SeededRandom();
  readonly faker = new Faker({ locale: [en, base], randomizer: this.rng });

  reseed(...words: number[]): void {
    this.rng.seed(words);
  }

  float(): number {
    return this.rng.next();
  }

  chance(p: number): boolean {
    return this.rng.next() < p;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.rng.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rng.next() * items.length)];
  }

  weighted<T>(table: WeightedTable<T>): T {
    const r = this.rng.next() * table.total;
    const { cumulative, items } = table;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    return items[lo];
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.rng.next(); // (0, 1], so log() stays finite
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.rng.next());
  }

  /** Log-normal with the given median and log-space sigma: many small values, a long tail. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.rng.next());
  }

  /** `k` distinct items drawn by weight. */
  distinct<T>(table: WeightedTable<T>, k: number): T[] {
    const out: T[] = [];
    for (let guard = 0; out.length < Math.min(k, table.items.length) && guard < k * 20; guard++) {
      const item = this.weighted(table);
      if (!out.includes(item)) out.push(item);
    }
    return out;
  }
}

export interface WeightedTable<T> {
  items: T[];
  cumulative: number[];
  total: number;
}

export function weightedTable<T>(entries: readonly (readonly [T, number])[]): WeightedTable<T> {
  const items: T[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const [item, weight] of entries) {
    if (!(weight > 0)) throw new Error(`weight must be positive, got ${weight}`);
    total += weight;
    items.push(item);
    cumulative.push(total);
  }
  return { items, cumulative, total };
}

/** FNV-1a of a string, for seeding by text (test firm slugs). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
