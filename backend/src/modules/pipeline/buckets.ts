const BUCKETS = 64;

function bucketOf(key: string): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) | 0;
  return (h >>> 0) % BUCKETS;
}

/**
 * An immutable map for a decider's state: `set`/`delete` return a new map that shares all but one
 * of its 64 buckets with the old one, so folding a stream of n events over m keys costs about
 * n·(64 + m/64) copies instead of n·m (a 500-card board: ~50× less).
 */
export class Buckets<V> {
  private constructor(
    private readonly parts: readonly ReadonlyMap<string, V>[],
    readonly size: number,
  ) {}

  static empty<V>(): Buckets<V> {
    return new Buckets<V>(
      Array.from({ length: BUCKETS }, () => new Map<string, V>()),
      0,
    );
  }

  get(key: string): V | undefined {
    return this.parts[bucketOf(key)]!.get(key);
  }

  has(key: string): boolean {
    return this.parts[bucketOf(key)]!.has(key);
  }

  set(key: string, value: V): Buckets<V> {
    const b = bucketOf(key);
    const part = new Map(this.parts[b]!);
    const grew = !part.has(key);
    part.set(key, value);
    const parts = [...this.parts];
    parts[b] = part;
    return new Buckets(parts, this.size + (grew ? 1 : 0));
  }

  delete(key: string): Buckets<V> {
    const b = bucketOf(key);
    if (!this.parts[b]!.has(key)) return this;
    const part = new Map(this.parts[b]!);
    part.delete(key);
    const parts = [...this.parts];
    parts[b] = part;
    return new Buckets(parts, this.size - 1);
  }
}
