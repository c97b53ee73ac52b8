// The base of a collection in memory: documents in their one order with a posting list per term.
import { VC_NUMS } from './rows';
import { SegmentFit } from './fit';
import type { FitScorer } from '../fit';
import type { Plan } from './plan';
import { compareKeys } from './sorting';
import type { FitFirm } from '@fp/contracts';

/** Group bitsets kept per segment (at 1,000,000 documents, 125 kB each). */
const GROUP_CACHE = 64;

/** A document to merge into a segment (a row read from the tables, or a document of the delta). */
export interface MergeDoc {
  id: string;
  sortKey: string;
  terms: Iterable<string>;
  nums: ArrayLike<number>;
  fit: FitFirm | null;
}

/**
 * Documents in their one order (sort key, then id) with a posting list per term: sorted positions,
 * so any set of matches comes out already in page order. Immutable but for the alive bits (a
 * document replaced or removed since the build is dead here and, if replaced, lives in the delta).
 */
export class Segment {
  readonly n: number;
  readonly alive: Uint32Array;
  aliveCount: number;
  /** Plain words (not tags), sorted: the prefix search range. */
  private readonly words: string[];
  private readonly scratch: Uint32Array;
  /** Posting lists at least this long also exist as bitsets (a bitset is then the smaller form). */
  private readonly denseFrom: number;
  private readonly dense = new Map<string, Uint32Array>();
  /** Bitsets of recent large groups (a country list, a prefix), most recent last. */
  private readonly groups = new Map<string, Uint32Array>();

  constructor(
    readonly ids: string[],
    readonly sortKeys: string[],
    readonly nums: Float64Array[],
    private readonly postings: Map<string, Int32Array>,
    private readonly fit: SegmentFit | null = null,
  ) {
    this.n = ids.length;
    const words = (this.n + 31) >>> 5;
    this.alive = new Uint32Array(words).fill(0xffffffff);
    if (this.n & 31) this.alive[words - 1] = (1 << (this.n & 31)) - 1;
    this.aliveCount = this.n;
    this.words = [...postings.keys()].filter((t) => !t.startsWith('#')).sort();
    this.scratch = new Uint32Array(words);
    this.denseFrom = Math.max(256, this.n >>> 5);
    for (const [term, list] of postings) {
      if (list.length < this.denseFrom) continue;
      const bits = new Uint32Array(words);
      for (let i = 0; i < list.length; i++) bits[list[i]! >>> 5]! |= 1 << (list[i]! & 31);
      this.dense.set(term, bits);
    }
  }

  static empty(fields: number): Segment {
    return new Segment(
      [],
      [],
      Array.from({ length: fields }, () => new Float64Array(0)),
      new Map(),
      fields === VC_NUMS.length ? SegmentFit.empty() : null,
    );
  }

  /** The fit scores of the matches, and their count per score (SegmentFit.scoreMatches). */
  scoreMatches(bits: Uint32Array, scorer: FitScorer, count: Int32Array): Uint8Array {
    if (!this.fit) throw new Error('This collection has no fit fields');
    return this.fit.scoreMatches(bits, scorer, count);
  }

  /** Id → position, made on the first change (a segment that never changes never needs it). */
  private position: Map<string, number> | null = null;

  kill(id: string): void {
    this.position ??= new Map(this.ids.map((d, p) => [d, p]));
    const p = this.position.get(id);
    if (p === undefined || !(this.alive[p >>> 5]! & (1 << (p & 31)))) return;
    this.alive[p >>> 5]! &= ~(1 << (p & 31));
    this.aliveCount--;
  }

  /** Terms a prefix stands for: every word starting with it. */
  private expand(prefix: string): string[] {
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.words[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < this.words.length && this.words[i]!.startsWith(prefix); i++) out.push(this.words[i]!);
    return out;
  }

  /** The matches as a bitset over positions (a new array). */
  match(plan: Plan): Uint32Array {
    const acc = this.alive.slice();
    const groups = plan.groups.map((g) => ({ key: g.join('\u0000'), terms: () => g }));
    if (plan.prefix !== null) groups.push({ key: `\u0001${plan.prefix}`, terms: () => this.expand(plan.prefix!) });
    for (const g of groups) {
      const bits = this.groupBits(g.key, g.terms);
      if (!bits) return acc.fill(0);
      for (let i = 0; i < acc.length; i++) acc[i]! &= bits[i]!;
    }
    if (plan.ranges.length) {
      const nums = this.nums;
      for (let w = 0; w < acc.length; w++) {
        let x = acc[w]!;
        while (x) {
          const low = x & -x;
          x ^= low;
          const p = (w << 5) + 31 - Math.clz32(low);
          for (const r of plan.ranges) {
            const v = nums[r.field]![p]!;
            if (!(v >= r.min && v <= r.max)) {
              acc[w]! &= ~low;
              break;
            }
          }
        }
      }
    }
    return acc;
  }

  /**
   * Documents having any of the terms, as a bitset (null: none has any). Large groups are kept, as
   * the screens repeat the same filter values and prefixes; small ones are cheaper to redo.
   */
  private groupBits(key: string, terms: () => string[]): Uint32Array | null {
    const hit = this.groups.get(key);
    if (hit) {
      this.groups.delete(key);
      this.groups.set(key, hit);
      return hit;
    }
    const names = terms();
    const lists = names.map((t) => this.postings.get(t)).filter((l): l is Int32Array => !!l);
    const size = lists.reduce((n, l) => n + l.length, 0);
    if (!size) return null;
    if (names.length === 1 && this.dense.has(names[0]!)) return this.dense.get(names[0]!)!;
    const large = size >= this.denseFrom;
    const bits = large ? new Uint32Array(this.alive.length) : this.scratch.fill(0);
    for (let k = 0; k < names.length; k++) {
      const dense = this.dense.get(names[k]!);
      if (dense) for (let i = 0; i < bits.length; i++) bits[i]! |= dense[i]!;
      else {
        const list = this.postings.get(names[k]!);
        if (list) for (let i = 0; i < list.length; i++) bits[list[i]! >>> 5]! |= 1 << (list[i]! & 31);
      }
    }
    if (large) {
      this.groups.set(key, bits);
      if (this.groups.size > GROUP_CACHE) this.groups.delete(this.groups.keys().next().value!);
    }
    return bits;
  }

  /** Matches per value of a tag ('#c=' → country), alive documents only. */
  facet(tag: string, counts: Map<string, number>): void {
    for (const [term, list] of this.postings) {
      if (!term.startsWith(tag)) continue;
      let c = 0;
      for (let i = 0; i < list.length; i++) if (this.alive[list[i]! >>> 5]! & (1 << (list[i]! & 31))) c++;
      if (c) counts.set(term.slice(tag.length), (counts.get(term.slice(tag.length)) ?? 0) + c);
    }
  }

  /**
   * A new segment: this one's documents but those in `drop`, plus `docs`, in the one order. Built
   * from the posting lists themselves (positions renumbered, the new documents' merged in), so an
   * import costs a pass over memory instead of reading every document back from the tables.
   */
  merge(docs: ReadonlyArray<MergeDoc>, drop: ReadonlySet<string>): Segment {
    const added = [...docs].sort((a, b) => compareKeys(a.sortKey, a.id, b.sortKey, b.id));
    const fields = this.nums.length;
    const oldToNew = new Int32Array(this.n).fill(-1);
    const addedAt = new Int32Array(added.length);
    const ids: string[] = [];
    const sortKeys: string[] = [];
    const from: number[] = [];
    let p = 0;
    let j = 0;
    const live = (q: number) => !!(this.alive[q >>> 5]! & (1 << (q & 31))) && !drop.has(this.ids[q]!);
    while (p < this.n || j < added.length) {
      if (p < this.n && !live(p)) {
        p++;
        continue;
      }
      const takeOld =
        j >= added.length ||
        (p < this.n && compareKeys(this.sortKeys[p]!, this.ids[p]!, added[j]!.sortKey, added[j]!.id) < 0);
      if (takeOld) {
        oldToNew[p] = ids.length;
        from.push(p);
        ids.push(this.ids[p]!);
        sortKeys.push(this.sortKeys[p]!);
        p++;
      } else {
        addedAt[j] = ids.length;
        from.push(-1 - j);
        ids.push(added[j]!.id);
        sortKeys.push(added[j]!.sortKey);
        j++;
      }
    }
    const m = ids.length;
    const nums = Array.from({ length: fields }, (_, f) => {
      const out = new Float64Array(m);
      for (let q = 0; q < m; q++) out[q] = from[q]! >= 0 ? this.nums[f]![from[q]!]! : added[-1 - from[q]!]!.nums[f]!;
      return out;
    });
    // Posting lists: old positions renumbered (dropped ones left out), then the new documents' merged in.
    const fresh = new Map<string, number[]>();
    for (let k = 0; k < added.length; k++)
      for (const t of added[k]!.terms) (fresh.get(t) ?? fresh.set(t, []).get(t)!).push(addedAt[k]!);
    const postings = new Map<string, Int32Array>();
    for (const [term, list] of this.postings) {
      const more = fresh.get(term);
      const out = new Int32Array(list.length + (more?.length ?? 0));
      let o = 0;
      let b = 0;
      for (let i = 0; i < list.length; i++) {
        const q = oldToNew[list[i]!]!;
        if (q < 0) continue;
        while (more && b < more.length && more[b]! < q) out[o++] = more[b++]!;
        out[o++] = q;
      }
      while (more && b < more.length) out[o++] = more[b++]!;
      if (o) postings.set(term, o === out.length ? out : out.slice(0, o));
    }
    for (const [term, list] of fresh) if (!this.postings.has(term)) postings.set(term, Int32Array.from(list));
    return new Segment(ids, sortKeys, nums, postings, this.fit ? this.fit.merged(from, added) : null);
  }

  /** Position before which a document with this key would sit. */
  lowerBound(sortKey: string, id: string): number {
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareKeys(this.sortKeys[mid]!, this.ids[mid]!, sortKey, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
