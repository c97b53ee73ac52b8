// Search index, in-process strategy (docs/catalog.md, "Search index"): the Postgres tables stay the
// durable index, written in the projection's transaction by the Postgres adapter; each process also
// holds them in memory as posting lists over the documents in their one order, so a query is a few
// bitset operations and its total a population count, whatever the number of matches.
//
// Freshness: every index write is numbered (migration 420). Before answering, a process reads the
// highest number; if it moved, it reads what changed since (a small delta beside the base, or a
// full reload in the background after a bulk load). Until the memory is current, queries are
// answered by the Postgres adapter, so an answer never lags the committed index.
import type { Db, Tx } from '@fp/infra';
import { sql } from 'kysely';
import { FIT_FACTORS, fitScoreOfPoints, type FitFirm } from '@fp/contracts';
import type { AngelSearchDoc, VcSearchDoc } from './documents';
import { FitScorer, compareFit, fitFactorKey, fitFirmOfDoc } from './fit';
import type {
  AngelFilter,
  Collection,
  FacetCount,
  IndexLoading,
  PageRequest,
  SearchIndex,
  SearchPage,
  VcCollection,
  VcFilter,
} from './port';
import { ACCEPTS_ONLINE, NO_ONLINE_FORM, PostgresSearchIndex, SEP, fitFieldsOfRow, vcLexemes } from './postgres';
import { sortFacets } from './reference';

/** Numbered fields of a document (NaN: no value, which fails any bound). */
const VC_NUMS = ['aum', 'check_min', 'check_max', 'last_investment'] as const;
const ANGEL_NUMS = ['investments', 'exits'] as const;
const COLLECTIONS: Collection[] = ['vc', 'test', 'angels'];
/** Group bitsets kept per segment (at 1,000,000 documents, 125 kB each). */
const GROUP_CACHE = 64;
const FACET_TAGS: Record<Collection, string[]> = { vc: ['#c=', '#t='], test: ['#c=', '#t='], angels: ['#l='] };
/** Delta documents (matched one by one) merged into the base past this many. */
const FOLD_AT = 2_000;
/** Judged factor tables kept per segment (a few hundred to a few thousand values each). */
const FIT_TABLES = 64;

/** The fit order of a query: the founder's scorer, the bound, the order. */
interface FitPlan {
  scorer: FitScorer;
  min: number | undefined;
  order: 'name' | 'fit';
}

/**
 * The fit fields of a segment's documents: per factor, each document's key (an index into the
 * distinct values that factor reads) and one firm holding each distinct value.
 */
interface SegmentFit {
  keys: Int32Array[];
  reps: FitFirm[][];
  repKeys: string[][];
}

/**
 * A query as set operations: every group must have one of its exact terms, some word must start
 * with the prefix, and every range must hold on its field.
 */
interface Plan {
  groups: string[][];
  prefix: string | null;
  ranges: Array<{ field: number; min: number; max: number }>;
}

function wordsPlan(words: readonly string[] | undefined): Pick<Plan, 'groups' | 'prefix'> {
  if (!words?.length) return { groups: [], prefix: null };
  return { groups: words.slice(0, -1).map((w) => [w]), prefix: words[words.length - 1]! };
}

const tagged = (prefix: string, values: readonly string[] | undefined) =>
  values ? [values.map((v) => prefix + v)] : [];

function range(out: Plan['ranges'], field: number, min: number | undefined, max: number | undefined) {
  if (min !== undefined || max !== undefined) out.push({ field, min: min ?? -Infinity, max: max ?? Infinity });
}

export function vcPlan(f: VcFilter): Plan {
  const w = wordsPlan(f.words);
  const ranges: Plan['ranges'] = [];
  range(ranges, 0, f.aumMin, f.aumMax);
  // Cheque ranges overlap: the firm's max reaches the minimum asked, its min the maximum asked.
  range(ranges, 2, f.checkSizeMin, undefined);
  range(ranges, 1, undefined, f.checkSizeMax);
  range(ranges, 3, f.lastInvestmentFrom, f.lastInvestmentTo);
  return {
    groups: [
      ...w.groups,
      ...tagged('#c=', f.countries),
      ...tagged('#t=', f.investorTypes),
      ...tagged('#s=', f.stages),
      ...(f.acceptsOnline ? [[ACCEPTS_ONLINE]] : []),
    ],
    prefix: w.prefix,
    ranges,
  };
}

/** The fit part of a query, when it has one (a fit order, or a fit bound). */
function fitPlan(f: VcFilter, order: 'name' | 'fit'): FitPlan | undefined {
  if (order === 'fit' && !f.fit) throw new Error('The fit order needs filter.fit');
  if (!f.fit || (order === 'name' && f.fit.min === undefined)) return undefined;
  return { scorer: new FitScorer(f.fit), min: f.fit.min, order };
}

export function angelPlan(f: AngelFilter): Plan {
  const w = wordsPlan(f.words);
  const ranges: Plan['ranges'] = [];
  range(ranges, 0, f.investmentMin, f.investmentMax);
  range(ranges, 1, f.exitMin, f.exitMax);
  return { groups: [...w.groups, ...tagged('#l=', f.locations)], prefix: w.prefix, ranges };
}

// ---- bitsets (Uint32Array, bit p of word p >>> 5) ----

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function popcount(bits: Uint32Array): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) if (bits[i]) n += popcount32(bits[i]!);
  return n;
}

/** Set bits below position p. */
function rankBelow(bits: Uint32Array, p: number): number {
  let n = 0;
  const w = p >>> 5;
  for (let i = 0; i < w; i++) if (bits[i]) n += popcount32(bits[i]!);
  const rest = p & 31;
  if (rest) n += popcount32(bits[w]! & ((1 << rest) - 1));
  return n;
}

/** Position of the first set bit at or after p, or -1. */
function nextSet(bits: Uint32Array, p: number): number {
  let w = p >>> 5;
  if (w >= bits.length) return -1;
  let x = bits[w]! & (~0 << (p & 31));
  while (!x) {
    if (++w >= bits.length) return -1;
    x = bits[w]!;
  }
  return (w << 5) + 31 - Math.clz32(x & -x);
}

/** Position of the k-th set bit (0-based), or -1. */
function selectNth(bits: Uint32Array, k: number): number {
  for (let w = 0; w < bits.length; w++) {
    const x = bits[w]!;
    if (!x) continue;
    const c = popcount32(x);
    if (k >= c) {
      k -= c;
      continue;
    }
    let y = x;
    for (; k > 0; k--) y &= y - 1;
    return (w << 5) + 31 - Math.clz32(y & -y);
  }
  return -1;
}

const compareKeys = (ak: string, ai: string, bk: string, bi: string) =>
  ak !== bk ? (ak < bk ? -1 : 1) : ai < bi ? -1 : ai > bi ? 1 : 0;

/** A document to merge into a segment (a row read from the tables, or a document of the delta). */
interface MergeDoc {
  id: string;
  sortKey: string;
  terms: Iterable<string>;
  nums: ArrayLike<number>;
  fit: FitFirm | null;
}

/** A document as the index tables hold it: its terms are words and '#'-tags (postgres.ts). */
interface Row {
  id: string;
  sortKey: string;
  terms: string[];
  nums: number[];
  /** VC collections: the firm as the fit rules see it. */
  fit: FitFirm | null;
}

/**
 * Documents in their one order (sort key, then id) with a posting list per term: sorted positions,
 * so any set of matches comes out already in page order. Immutable but for the alive bits (a
 * document replaced or removed since the build is dead here and, if replaced, lives in the delta).
 */
class Segment {
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
      fields === VC_NUMS.length ? emptyFit() : null,
    );
  }

  /** Judged points per factor value, by factor and what its verdicts depend on (LRU). */
  private readonly fitTables = new Map<string, Float64Array>();
  /** Scores of the last query's matches (other positions hold stale values); queries run one at a time. */
  private matchScores: Uint8Array | null = null;

  /**
   * One factor's points for each of its distinct values, judged once (FitScorer) and kept for every
   * founder with the same factor inputs: a new founder with a new round size re-judges only the
   * cheque minimums; the activity table serves everyone for the day.
   */
  private factorTable(scorer: FitScorer, i: number): Float64Array {
    const key = scorer.factorKeys[i]!;
    const hit = this.fitTables.get(key);
    if (hit) {
      this.fitTables.delete(key);
      this.fitTables.set(key, hit);
      return hit;
    }
    const fit = this.fit;
    if (!fit) throw new Error('This collection has no fit fields');
    const table = Float64Array.from(fit.reps[i]!, (firm, k) => scorer.points(i, firm, fit.repKeys[i]![k]));
    this.fitTables.set(key, table);
    if (this.fitTables.size > FIT_TABLES) this.fitTables.delete(this.fitTables.keys().next().value!);
    return table;
  }

  /**
   * The fit scores of the matches only, as fitScore computes them: a document's five looked-up
   * points added in the rules' order, then fitScoreOfPoints. One step per match, no pass over the
   * other documents, so a founder's first query costs what the next one does. Counts the matches
   * per score into `count` in the same pass (the fit page's counting sort needs them).
   */
  scoreMatches(bits: Uint32Array, scorer: FitScorer, count: Int32Array): Uint8Array {
    const fit = this.fit;
    if (!fit) throw new Error('This collection has no fit fields');
    const [t0, t1, t2, t3, t4] = FIT_FACTORS.map((_, i) => this.factorTable(scorer, i)) as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    const [k0, k1, k2, k3, k4] = fit.keys as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
    const scores = (this.matchScores ??= new Uint8Array(this.n));
    for (let w = 0; w < bits.length; w++) {
      let x = bits[w]!;
      while (x) {
        const low = x & -x;
        x ^= low;
        const p = (w << 5) + 31 - Math.clz32(low);
        const score = fitScoreOfPoints(0 + t0[k0[p]!]! + t1[k1[p]!]! + t2[k2[p]!]! + t3[k3[p]!]! + t4[k4[p]!]!);
        scores[p] = score;
        count[score]!++;
      }
    }
    return scores;
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
    return new Segment(ids, sortKeys, nums, postings, this.fit ? this.mergeFit(from, added) : null);
  }

  /** The fit keys of a merged segment: old documents keep theirs, new ones find or add their values. */
  private mergeFit(from: number[], added: ReadonlyArray<MergeDoc>): SegmentFit {
    const fit = this.fit!;
    const reps = fit.reps.map((r) => [...r]);
    const repKeys = fit.repKeys.map((r) => [...r]);
    const index = repKeys.map((keys) => new Map(keys.map((k, i) => [k, i])));
    const keys = FIT_FACTORS.map((factor, i) => {
      const out = new Int32Array(from.length);
      for (let q = 0; q < from.length; q++) {
        const src = from[q]!;
        if (src >= 0) {
          out[q] = fit.keys[i]![src]!;
          continue;
        }
        const firm = added[-1 - src]!.fit!;
        const key = fitFactorKey(factor, firm);
        let k = index[i]!.get(key);
        if (k === undefined) {
          k = reps[i]!.length;
          index[i]!.set(key, k);
          reps[i]!.push(firm);
          repKeys[i]!.push(key);
        }
        out[q] = k;
      }
      return out;
    });
    return { keys, reps, repKeys };
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

/** Builds a segment from rows given in order: term ids first, posting lists at the end. */
class SegmentBuilder {
  private readonly ids: string[] = [];
  private readonly sortKeys: string[] = [];
  private readonly nums: number[][];
  private readonly terms = new TermTable();
  private flat = new Int32Array(1 << 16);
  private used = 0;
  private readonly ends: number[] = [];
  private readonly fit: { keys: number[][]; ids: Map<string, number>[]; reps: FitFirm[][]; repKeys: string[][] } | null;

  constructor(
    private readonly fields: number,
    withFit: boolean,
  ) {
    this.nums = Array.from({ length: fields }, () => []);
    this.fit = withFit
      ? {
          keys: FIT_FACTORS.map(() => []),
          ids: FIT_FACTORS.map(() => new Map()),
          reps: FIT_FACTORS.map(() => []),
          repKeys: FIT_FACTORS.map(() => []),
        }
      : null;
  }

  /** A document whose terms are `lexemes` separated by chr(31) (the `terms` column). */
  add(id: string, sortKey: string, lexemes: string, nums: ReadonlyArray<number | null>, fit?: FitFirm): void {
    if (this.fit) {
      const f = this.fit;
      for (let i = 0; i < FIT_FACTORS.length; i++) {
        const key = fitFactorKey(FIT_FACTORS[i]!, fit!);
        let k = f.ids[i]!.get(key);
        if (k === undefined) {
          k = f.reps[i]!.length;
          f.ids[i]!.set(key, k);
          f.reps[i]!.push(fit!);
          f.repKeys[i]!.push(key);
        }
        f.keys[i]!.push(k);
      }
    }
    this.ids.push(id);
    this.sortKeys.push(sortKey);
    for (let f = 0; f < this.fields; f++) this.nums[f]!.push(num(nums[f]!));
    // Terms are hashed in place: only a term not seen before becomes a string of its own.
    let start = 0;
    let h = FNV_SEED;
    for (let i = 0; i <= lexemes.length; i++) {
      const c = i < lexemes.length ? lexemes.charCodeAt(i) : 31;
      if (c !== 31) {
        h = Math.imul(h ^ c, FNV_PRIME);
        continue;
      }
      if (i > start) {
        if (this.used === this.flat.length) {
          const bigger = new Int32Array(this.flat.length * 2);
          bigger.set(this.flat);
          this.flat = bigger;
        }
        this.flat[this.used++] = this.terms.intern(lexemes, start, i, h);
      }
      start = i + 1;
      h = FNV_SEED;
    }
    this.ends.push(this.used);
  }

  build(): Segment {
    const names = this.terms.names;
    const counts = new Int32Array(names.length);
    for (let i = 0; i < this.used; i++) counts[this.flat[i]!]!++;
    const lists = Array.from(counts, (c) => new Int32Array(c));
    const fill = new Int32Array(names.length);
    let start = 0;
    for (let p = 0; p < this.ends.length; p++) {
      const end = this.ends[p]!;
      for (let i = start; i < end; i++) {
        const t = this.flat[i]!;
        lists[t]![fill[t]!++] = p;
      }
      start = end;
    }
    const postings = new Map(names.map((t, i) => [t, lists[i]!]));
    const fit = this.fit
      ? { keys: this.fit.keys.map((k) => Int32Array.from(k)), reps: this.fit.reps, repKeys: this.fit.repKeys }
      : null;
    return new Segment(
      this.ids,
      this.sortKeys,
      this.nums.map((v) => Float64Array.from(v)),
      postings,
      fit,
    );
  }
}

function emptyFit(): SegmentFit {
  return {
    keys: FIT_FACTORS.map(() => new Int32Array(0)),
    reps: FIT_FACTORS.map(() => []),
    repKeys: FIT_FACTORS.map(() => []),
  };
}

/** Stage tags ('#s=Seed') in a `terms` value, found without splitting the whole value. */
function stagesInTerms(lexemes: string): string[] {
  const out: string[] = [];
  for (let i = lexemes.indexOf('#s='); i >= 0; i = lexemes.indexOf('#s=', i + 3)) {
    if (i > 0 && lexemes.charCodeAt(i - 1) !== 31) continue;
    const end = lexemes.indexOf(SEP, i);
    out.push(lexemes.slice(i + 3, end < 0 ? lexemes.length : end));
  }
  return out;
}

/** Whether a whole term is in a `terms` value, found without splitting it. */
function hasTerm(lexemes: string, term: string): boolean {
  for (let i = lexemes.indexOf(term); i >= 0; i = lexemes.indexOf(term, i + 1)) {
    const end = i + term.length;
    if ((i === 0 || lexemes.charCodeAt(i - 1) === 31) && (end === lexemes.length || lexemes.charCodeAt(end) === 31))
      return true;
  }
  return false;
}

const FNV_SEED = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** Term → id, looked up by a range of a longer string (open addressing on its FNV-1a hash). */
class TermTable {
  readonly names: string[] = [];
  private hashes = new Int32Array(1 << 12);
  private slots = new Int32Array(1 << 13).fill(-1);

  intern(s: string, start: number, end: number, h: number): number {
    const mask = this.slots.length - 1;
    let i = h & mask;
    for (;;) {
      const id = this.slots[i]!;
      if (id < 0) break;
      if (this.hashes[id] === h && sameRange(this.names[id]!, s, start, end)) return id;
      i = (i + 1) & mask;
    }
    const id = this.names.length;
    this.names.push(s.slice(start, end));
    if (id === this.hashes.length) {
      const bigger = new Int32Array(this.hashes.length * 2);
      bigger.set(this.hashes);
      this.hashes = bigger;
    }
    this.hashes[id] = h;
    this.slots[i] = id;
    if (this.names.length * 2 > this.slots.length) this.grow();
    return id;
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = this.slots.length - 1;
    for (let id = 0; id < this.names.length; id++) {
      let i = this.hashes[id]! & mask;
      while (this.slots[i]! >= 0) i = (i + 1) & mask;
      this.slots[i] = id;
    }
  }
}

function sameRange(term: string, s: string, start: number, end: number): boolean {
  if (term.length !== end - start) return false;
  for (let j = 0; j < term.length; j++) if (term.charCodeAt(j) !== s.charCodeAt(start + j)) return false;
  return true;
}

/** A document changed since the segment was built, matched one by one. */
interface DeltaDoc {
  id: string;
  sortKey: string;
  terms: Set<string>;
  words: string[];
  nums: number[];
  fit: FitFirm | null;
}

function deltaDoc(row: Row): DeltaDoc {
  return {
    id: row.id,
    sortKey: row.sortKey,
    terms: new Set(row.terms),
    words: row.terms.filter((t) => !t.startsWith('#')),
    nums: row.nums,
    fit: row.fit,
  };
}

function matchesDelta(d: DeltaDoc, plan: Plan): boolean {
  if (!plan.groups.every((g) => g.some((t) => d.terms.has(t)))) return false;
  if (plan.prefix !== null && !d.words.some((w) => w.startsWith(plan.prefix!))) return false;
  return plan.ranges.every((r) => d.nums[r.field]! >= r.min && d.nums[r.field]! <= r.max);
}

class CollectionState {
  readonly delta = new Map<string, DeltaDoc>();
  constructor(public base: Segment) {}

  put(row: Row): void {
    this.base.kill(row.id);
    this.delta.set(row.id, deltaDoc(row));
  }

  remove(id: string): void {
    this.base.kill(id);
    this.delta.delete(id);
  }

  /** Merges the delta into the base, so queries stop matching its documents one by one. */
  fold(): void {
    if (!this.delta.size) return;
    this.base = this.base.merge([...this.delta.values()], new Set());
    this.delta.clear();
  }

  /** A new state: this one with the removals and the changed documents applied (this one untouched). */
  withChanges(removed: readonly string[], rows: readonly Row[]): CollectionState {
    const drop = new Set<string>(removed);
    for (const r of rows) drop.add(r.id);
    const docs: MergeDoc[] = [...this.delta.values()].filter((d) => !drop.has(d.id));
    for (const r of rows) docs.push(r);
    return new CollectionState(this.base.merge(docs, drop));
  }

  /** Matches from `offset`, at most `limit` ids, and the total. */
  query(plan: Plan, offset: number, limit: number, fit?: FitPlan): SearchPage {
    const base = this.base;
    const bits = base.match(plan);
    let extra = [...this.delta.values()]
      .filter((d) => matchesDelta(d, plan))
      .sort((a, b) => compareKeys(a.sortKey, a.id, b.sortKey, b.id));
    if (fit) {
      const count = new Int32Array(101);
      const scores = base.scoreMatches(bits, fit.scorer, count);
      const scored = extra.map((d) => ({ id: d.id, sortKey: d.sortKey, score: fit.scorer.score(d.fit!) }));
      if (fit.min !== undefined) {
        const min = fit.min;
        keepScoring(bits, scores, min);
        // The bound cleared exactly the matches scoring under it.
        count.fill(0, 0, Math.max(0, Math.min(101, Math.ceil(min))));
        extra = extra.filter((_, j) => scored[j]!.score >= min);
        if (fit.order === 'fit')
          return fitPage(
            base,
            bits,
            scores,
            count,
            scored.filter((d) => d.score >= min),
            offset,
            limit,
          );
      } else if (fit.order === 'fit') return fitPage(base, bits, scores, count, scored, offset, limit);
    }
    const baseTotal = popcount(bits);
    const total = baseTotal + extra.length;
    const ids: string[] = [];
    if (offset >= total || limit <= 0) return { ids, total };
    // The j-th delta match comes right before the rank[j]-th base match: its place is rank[j] + j.
    const rank = extra.map((d) => rankBelow(bits, base.lowerBound(d.sortKey, d.id)));
    let j = 0;
    while (j < extra.length && rank[j]! + j < offset) j++;
    let baseIndex = offset - j;
    let p = baseIndex < baseTotal ? selectNth(bits, baseIndex) : -1;
    while (ids.length < limit) {
      if (j < extra.length && (p < 0 || rank[j]! <= baseIndex)) ids.push(extra[j++]!.id);
      else if (p >= 0) {
        ids.push(base.ids[p]!);
        baseIndex++;
        p = nextSet(bits, p + 1);
      } else break;
    }
    return { ids, total };
  }

  facet(tag: string): FacetCount[] {
    const counts = new Map<string, number>();
    this.base.facet(tag, counts);
    for (const d of this.delta.values()) {
      for (const t of d.terms)
        if (t.startsWith(tag)) counts.set(t.slice(tag.length), (counts.get(t.slice(tag.length)) ?? 0) + 1);
    }
    return sortFacets([...counts].map(([value, count]) => ({ value, count })));
  }
}

/** Clears the matches scoring under `min`. */
function keepScoring(bits: Uint32Array, scores: Uint8Array, min: number): void {
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]!;
    while (x) {
      const low = x & -x;
      x ^= low;
      if (scores[(w << 5) + 31 - Math.clz32(low)]! < min) bits[w]! &= ~low;
    }
  }
}

/**
 * A page in fit order: score, highest first, then the name order. Scores are whole numbers
 * 0–100, so this is a counting sort: the scoring pass counted the base's matches per score
 * (`count`), which gives the total and the scores the page falls in; a second pass takes, in
 * position (= name) order, just the documents of those scores the page needs. Both passes cost
 * one step per match, whatever the page.
 */
function fitPage(
  base: Segment,
  bits: Uint32Array,
  scores: Uint8Array,
  baseCount: Int32Array,
  extra: Array<{ id: string; sortKey: string; score: number }>,
  offset: number,
  limit: number,
): SearchPage {
  const count = baseCount.slice();
  for (const d of extra) count[d.score]!++;
  let total = 0;
  for (let s = 0; s <= 100; s++) total += count[s]!;
  if (offset >= total || limit <= 0) return { ids: [], total };
  // The score the page starts in, and how far into it.
  let top = 100;
  let skip = offset;
  while (skip >= count[top]!) skip -= count[top--]!;
  // How many of each score the page needs, from the top score down.
  const need = new Int32Array(101);
  let left = limit;
  let low = top;
  need[top] = Math.min(count[top]!, skip + left);
  left -= need[top]! - skip;
  while (left > 0 && low > 0) {
    low--;
    need[low] = Math.min(count[low]!, left);
    left -= need[low]!;
  }
  const taken: number[][] = Array.from({ length: 101 }, () => []);
  let open = 0;
  for (let s = low; s <= top; s++) if (need[s]! > 0) open++;
  forEachSet(bits, (p) => {
    const s = scores[p]!;
    if (s < low || s > top || taken[s]!.length >= need[s]!) return true;
    taken[s]!.push(p);
    return taken[s]!.length === need[s]! && --open === 0 ? false : true;
  });
  const ids: string[] = [];
  for (let s = top; s >= low && ids.length < limit; s--) {
    const here = taken[s]!.map((p) => ({ id: base.ids[p]!, sortKey: base.sortKeys[p]!, score: s }));
    for (const d of extra) if (d.score === s) here.push(d);
    here.sort(compareFit);
    for (const d of here.slice(s === top ? skip : 0, need[s]!)) if (ids.length < limit) ids.push(d.id);
  }
  return { ids, total };
}

/** Calls `f` with each set position in order; `f` returning false stops. */
function forEachSet(bits: Uint32Array, f: (p: number) => boolean | void): void {
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]!;
    while (x) {
      const low = x & -x;
      x ^= low;
      if (f((w << 5) + 31 - Math.clz32(low)) === false) return;
    }
  }
}

/**
 * One VC collection held in memory without the tables, fed documents as the tables give them (the
 * same row reading): what the unit tests of the incremental update drive. `put` and `remove` are a
 * query's catch-up (the delta, merged into the base past FOLD_AT), `merge` a background catch-up
 * after an import (a new base from the old one and the changed rows).
 */
export class MemoryVcCollection {
  private state = new CollectionState(Segment.empty(VC_NUMS.length));

  constructor(private readonly collection: VcCollection = 'vc') {}

  put(doc: VcSearchDoc): void {
    this.state.put(this.row(doc));
    if (this.state.delta.size > FOLD_AT) this.state.fold();
  }

  remove(id: string): void {
    this.state.remove(id);
  }

  merge(docs: readonly VcSearchDoc[], removed: readonly string[] = []): void {
    this.state = this.state.withChanges(
      removed,
      docs.map((d) => this.row(d)),
    );
  }

  fold(): void {
    this.state.fold();
  }

  /** Documents answered one by one (not yet merged into the base). */
  get pending(): number {
    return this.state.delta.size;
  }

  search(filter: VcFilter, page: PageRequest): SearchPage {
    return this.state.query(
      vcPlan(filter),
      (page.page - 1) * page.limit,
      page.limit,
      fitPlan(filter, page.order ?? 'name'),
    );
  }

  facet(tag: '#c=' | '#t='): FacetCount[] {
    return this.state.facet(tag);
  }

  private row(d: VcSearchDoc): Row {
    return toRow(
      {
        collection: this.collection,
        id: d.id,
        sort_key: d.sortKey,
        lexemes: vcLexemes(this.collection, d).join(SEP),
        n0: d.aum,
        n1: d.checkSizeMin,
        n2: d.checkSizeMax,
        n3: d.lastInvestment,
        country: d.country,
        sectors: d.sectors?.length ? d.sectors.join(SEP) : null,
        investor_status: d.investorStatus ?? null,
      },
      VC_NUMS.length,
    );
  }
}

export interface InProcessOptions {
  /** Changes read one by one into the delta; more than this at once (a bulk load) means a reload. */
  deltaMax?: number;
  /** Rows per read while loading. */
  chunk?: number;
  /** Rebuild the base from the tables when the index settles after a bulk load (optimize). Default true. */
  rebuildOnOptimize?: boolean;
  log?: (message: string) => void;
}

interface SourceRow {
  collection: Collection;
  id: string;
  sort_key: string;
  lexemes: string;
  n0: number | null;
  n1: number | null;
  n2: number | null;
  n3: number | null;
  country: string | null;
  sectors: string | null;
  investor_status: string | null;
}

const num = (v: number | null) => (v === null ? NaN : Number(v));

/** A VC row as the fit rules see the firm (stages and the registry's verdict from its terms, read without splitting them). */
function fitOfRow(r: SourceRow): FitFirm {
  const fields = fitFieldsOfRow({
    terms: '',
    country: r.country,
    check_min: r.n1,
    check_max: r.n2,
    last_investment: r.n3,
    sectors: r.sectors,
    investor_status: r.investor_status,
  });
  const lexemes = r.lexemes ?? '';
  return fitFirmOfDoc({
    ...fields,
    stages: stagesInTerms(lexemes),
    acceptsOnline: hasTerm(lexemes, ACCEPTS_ONLINE) ? true : hasTerm(lexemes, NO_ONLINE_FORM) ? false : null,
  });
}

function toRow(r: SourceRow, fields: number): Row {
  const terms = r.lexemes ? r.lexemes.split(SEP) : [];
  const fit = r.collection === 'angels' ? null : fitOfRow(r);
  return { id: r.id, sortKey: r.sort_key, terms, nums: [r.n0, r.n1, r.n2, r.n3].slice(0, fields).map(num), fit };
}

const fieldsOf = (c: Collection) => (c === 'angels' ? ANGEL_NUMS.length : VC_NUMS.length);

/** The columns a document is read with, the same for a full load and for changes. */
function selectRows(table: 'search_vc_firms' | 'search_angels') {
  return table === 'search_angels'
    ? sql`select 'angels' as collection, id, sort_key, terms as lexemes,
          investments::float8 as n0, exits::float8 as n1, null::float8 as n2, null::float8 as n3,
          null::text as country, null::text as sectors, null::text as investor_status from search_angels`
    : sql`select collection, id, sort_key, terms as lexemes,
          aum as n0, check_min::float8 as n1, check_max::float8 as n2, last_investment::float8 as n3,
          country, sectors, investor_status from search_vc_firms`;
}

export class InProcessSearchIndex implements SearchIndex {
  readonly kind = 'memory' as const;
  readonly pg: PostgresSearchIndex;
  get tables() {
    return this.pg.tables;
  }

  private state: Map<Collection, CollectionState> | null = null;
  /** Highest change number the memory reflects. */
  private seen = 0;
  /** The memory misses changes (a bulk load): answers come from Postgres until the reload ends. */
  private stale = true;
  /** Bumped by each reload, so a catch-up read before it is not applied after it. */
  private generation = 0;
  private reloading: Promise<void> | null = null;
  private nextReloadAt = 0;
  private checking: Promise<boolean> | null = null;
  private queued: Promise<boolean> | null = null;
  private closed = false;
  private readonly deltaMax: number;
  /** Queries answered from memory and by the Postgres adapter (while the memory was not current). */
  readonly answered = { memory: 0, postgres: 0 };
  /** Milliseconds the last full load took, and documents it held (for the bench). */
  lastLoad: { ms: number; docs: number } | null = null;
  /** The reload under way: documents read so far and in all (readiness shows it). */
  private progress: IndexLoading = { read: 0, total: null };

  constructor(
    private readonly db: Db,
    private readonly opts: InProcessOptions = {},
  ) {
    this.pg = new PostgresSearchIndex(db);
    this.deltaMax = opts.deltaMax ?? 5_000;
  }

  async init(): Promise<void> {
    // The schema comes with the migrations.
  }

  /** Starts loading the memory in the background (at process start). */
  warm(): void {
    void this.reload().catch(() => undefined);
  }

  /** Resolves when the memory holds every committed change (loading it if needed). */
  async ready(): Promise<void> {
    while (!this.closed) {
      if (await this.fresh()) return;
      await this.reload();
    }
  }

  putVcFirms(tx: Tx, collection: VcCollection, docs: VcSearchDoc[]): Promise<void> {
    return this.pg.putVcFirms(tx, collection, docs);
  }

  putAngels(tx: Tx, docs: AngelSearchDoc[]): Promise<void> {
    return this.pg.putAngels(tx, docs);
  }

  setAcceptsOnline(tx: Tx, collection: VcCollection, ids: string[], value: boolean | null): Promise<void> {
    return this.pg.setAcceptsOnline(tx, collection, ids, value);
  }

  removeVcFirms(tx: Tx, collection: VcCollection, ids: string[]): Promise<void> {
    return this.pg.removeVcFirms(tx, collection, ids);
  }

  clear(tx: Tx, collection: Collection): Promise<void> {
    return this.pg.clear(tx, collection);
  }

  async searchVcFirms(collection: VcCollection, filter: VcFilter, page: PageRequest): Promise<SearchPage> {
    if (!(await this.current())) return this.pg.searchVcFirms(collection, filter, page);
    return this.state!.get(collection)!.query(
      vcPlan(filter),
      (page.page - 1) * page.limit,
      page.limit,
      fitPlan(filter, page.order ?? 'name'),
    );
  }

  async vcFirmIds(collection: VcCollection, filter: VcFilter, max: number): Promise<SearchPage> {
    if (!(await this.current())) return this.pg.vcFirmIds(collection, filter, max);
    return this.state!.get(collection)!.query(vcPlan(filter), 0, max, fitPlan(filter, 'name'));
  }

  async vcFacets(collection: VcCollection): Promise<{ countries: FacetCount[]; investorTypes: FacetCount[] }> {
    if (!(await this.current())) return this.pg.vcFacets(collection);
    const s = this.state!.get(collection)!;
    return { countries: s.facet('#c='), investorTypes: s.facet('#t=') };
  }

  async searchAngels(filter: AngelFilter, page: PageRequest): Promise<SearchPage> {
    if (!(await this.current())) return this.pg.searchAngels(filter, page);
    return this.state!.get('angels')!.query(angelPlan(filter), (page.page - 1) * page.limit, page.limit);
  }

  async angelIds(filter: AngelFilter, max: number): Promise<SearchPage> {
    if (!(await this.current())) return this.pg.angelIds(filter, max);
    return this.state!.get('angels')!.query(angelPlan(filter), 0, max);
  }

  async angelFacets(): Promise<{ locations: FacetCount[] }> {
    if (!(await this.current())) return this.pg.angelFacets();
    return { locations: this.state!.get('angels')!.facet(FACET_TAGS.angels[0]!) };
  }

  /** After a bulk load: Postgres settles, and the memory is rebuilt from the tables in one piece. */
  async optimize(): Promise<void> {
    await this.pg.optimize();
    if (this.opts.rebuildOnOptimize === false) return;
    // A reload already under way may have read before the last writes: wait, then read again.
    await this.reloading?.catch(() => undefined);
    await this.reload();
    await this.ready();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.reloading?.catch(() => undefined);
    this.state = null;
  }

  /**
   * Null when the memory holds every committed change (catching up first, as a query would); else
   * how far the reload has got. Not counted as a query.
   */
  async loading(): Promise<IndexLoading | null> {
    if (this.closed || (await this.fresh())) return null;
    return this.reloading ? { ...this.progress } : { read: 0, total: null };
  }

  /** Memory figures for the bench: documents and posting entries held. */
  stats(): { docs: number; delta: number } {
    let docs = 0;
    let delta = 0;
    for (const s of this.state?.values() ?? []) {
      docs += s.base.aliveCount + s.delta.size;
      delta += s.delta.size;
    }
    return { docs, delta };
  }

  private async current(): Promise<boolean> {
    const yes = await this.fresh();
    this.answered[yes ? 'memory' : 'postgres']++;
    return yes;
  }

  /**
   * Whether the memory now reflects every change committed before the call. Concurrent callers
   * share one check; a caller arriving during a check waits for the next one, which starts after
   * it (the running one may have read the change number before the caller's own commit).
   */
  private fresh(): Promise<boolean> {
    if (!this.checking) {
      this.checking = this.catchUp().finally(() => {
        this.checking = null;
      });
      return this.checking;
    }
    this.queued ??= this.checking
      .catch(() => false)
      .then(() => {
        this.queued = null;
        return this.fresh();
      });
    return this.queued;
  }

  private async latest(db: Db | Tx): Promise<number> {
    const r = await sql<{ n: string }>`select greatest(
        (select max(seq) from search_vc_firms), (select max(seq) from search_angels), (select max(seq) from search_removals), 0)::text as n`.execute(
      db,
    );
    return Number(r.rows[0]!.n);
  }

  private async catchUp(): Promise<boolean> {
    if (this.closed) return false;
    if (this.stale) {
      this.reloadSoon();
      return false;
    }
    const latest = await this.latest(this.db);
    if (latest === this.seen) return true;
    const generation = this.generation;
    const from = this.seen;
    const changes = await this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (tx) => {
        const upTo = await this.latest(tx);
        const count = await sql<{ n: number }>`select
          (select count(*) from (select 1 from search_vc_firms where seq > ${from} limit ${this.deltaMax + 1}) a)::int +
          (select count(*) from (select 1 from search_angels where seq > ${from} limit ${this.deltaMax + 1}) b)::int as n`.execute(
          tx,
        );
        if (count.rows[0]!.n > this.deltaMax) return null;
        const removals = await sql<{ collection: Collection; id: string | null }>`
        select collection, id from search_removals where seq > ${from} and seq <= ${upTo} order by seq`.execute(tx);
        const changed = (table: 'search_vc_firms' | 'search_angels') =>
          sql<SourceRow>`${selectRows(table)} where seq > ${from} and seq <= ${upTo}`.execute(tx);
        const rows = [...(await changed('search_vc_firms')).rows, ...(await changed('search_angels')).rows];
        return { upTo, removals: removals.rows, rows };
      });
    if (this.generation !== generation || this.stale) return this.catchUp();
    if (!changes) {
      // A bulk load: reading it change by change would be slower than reading it whole.
      this.stale = true;
      this.reloadSoon();
      return false;
    }
    const state = this.state!;
    for (const r of changes.removals) {
      const s = state.get(r.collection);
      if (!s) continue;
      if (r.id === null) state.set(r.collection, new CollectionState(Segment.empty(fieldsOf(r.collection))));
      else s.remove(r.id);
    }
    for (const r of changes.rows) state.get(r.collection)!.put(toRow(r, fieldsOf(r.collection)));
    this.seen = changes.upTo;
    // A delta is matched document by document: past a few thousand it is merged into the base.
    for (const s of state.values()) if (s.delta.size > FOLD_AT) s.fold();
    return true;
  }

  /**
   * A reload asked for by queries: during a long bulk load they would otherwise reload back to
   * back, so after one the next waits as long as it took.
   */
  private reloadSoon(): void {
    if (Date.now() >= this.nextReloadAt) void this.reload().catch(() => undefined);
  }

  /**
   * Brings the memory up to date from the rows changed since it was (an import, a seed's batches):
   * read in one snapshot and merged into copies of the segments, which are swapped in. False when
   * more documents changed than the memory holds (a full load is then the leaner way).
   */
  private async loadChanges(): Promise<boolean> {
    const t0 = performance.now();
    const state = this.state!;
    const from = this.seen;
    const generation = this.generation;
    const held = [...state.values()].reduce((n, s) => n + s.base.aliveCount + s.delta.size, 0);
    // Merging costs a pass over memory, reading the rows back costs far more: merge unless the
    // changes outnumber what the memory holds (a first load, a reseed), then read all in one stream.
    const cap = Math.max(this.deltaMax, held);
    const chunk = this.opts.chunk ?? 20_000;
    this.progress = { read: 0, total: null };
    const changes = await this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (tx) => {
        const upTo = await this.latest(tx);
        const count = await sql<{ n: number }>`select
          (select count(*) from (select 1 from search_vc_firms where seq > ${from} and seq <= ${upTo} limit ${cap + 1}) a)::int +
          (select count(*) from (select 1 from search_angels where seq > ${from} and seq <= ${upTo} limit ${cap + 1}) b)::int as n`.execute(
          tx,
        );
        if (count.rows[0]!.n > cap) return null;
        this.progress = { read: 0, total: count.rows[0]!.n };
        const removals = await sql<{ collection: Collection; id: string | null }>`
        select collection, id from search_removals where seq > ${from} and seq <= ${upTo} order by seq`.execute(tx);
        const rows: Row[] = [];
        const collections: Collection[] = [];
        for (const table of ['search_vc_firms', 'search_angels'] as const) {
          await sql`declare search_changes no scroll cursor for ${selectRows(table)} where seq > ${from} and seq <= ${upTo}`.execute(
            tx,
          );
          for (;;) {
            const got = await sql<SourceRow>`fetch ${sql.raw(String(chunk))} from search_changes`.execute(tx);
            if (this.closed) return null;
            for (const r of got.rows) {
              rows.push(toRow(r, fieldsOf(r.collection)));
              collections.push(r.collection);
            }
            this.progress.read += got.rows.length;
            if (got.rows.length < chunk) break;
          }
          await sql`close search_changes`.execute(tx);
        }
        return { upTo, removals: removals.rows, rows, collections };
      });
    if (this.closed) return true;
    if (!changes || this.generation !== generation) return false;
    const next = new Map(state);
    for (const c of COLLECTIONS) {
      const cleared = changes.removals.some((r) => r.collection === c && r.id === null);
      const removed = changes.removals.filter((r) => r.collection === c && r.id !== null).map((r) => r.id!);
      const rows = changes.rows.filter((_, i) => changes.collections[i] === c);
      if (!cleared && !removed.length && !rows.length) continue;
      const start = cleared ? new CollectionState(Segment.empty(fieldsOf(c))) : state.get(c)!;
      next.set(c, start.withChanges(removed, rows));
    }
    this.state = next;
    this.seen = Math.max(this.seen, changes.upTo);
    this.stale = false;
    this.generation++;
    const ms = Math.round(performance.now() - t0);
    this.nextReloadAt = Date.now() + ms;
    if (changes.rows.length || changes.removals.length)
      this.opts.log?.(
        `[search] in-process index merged ${changes.rows.length.toLocaleString('en-US')} changed documents in ${ms} ms`,
      );
    return true;
  }

  /** Reads every document in one snapshot and swaps the new memory in. One at a time. */
  private reload(): Promise<void> {
    this.reloading ??= this.load().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  private async load(): Promise<void> {
    if (this.state && !this.closed && (await this.loadChanges())) return;
    const t0 = performance.now();
    const chunk = this.opts.chunk ?? 20_000;
    this.progress = { read: 0, total: null };
    const loaded = await this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (tx) => {
        const upTo = await this.latest(tx);
        const counted = await sql<{
          n: number;
        }>`select ((select count(*) from search_vc_firms) + (select count(*) from search_angels))::int as n`.execute(
          tx,
        );
        this.progress = { read: 0, total: counted.rows[0]!.n };
        const state = new Map<Collection, CollectionState>();
        for (const c of COLLECTIONS) {
          const builder = new SegmentBuilder(fieldsOf(c), c !== 'angels');
          // A cursor walks the (collection, sort key, id) index once: rows arrive in their order.
          const query =
            c === 'angels'
              ? sql`${selectRows('search_angels')} order by sort_key, id`
              : sql`${selectRows('search_vc_firms')} where collection = ${sql.lit(c)} order by sort_key, id`;
          await sql`declare search_load no scroll cursor for ${query}`.execute(tx);
          for (;;) {
            const rows = await sql<SourceRow>`fetch ${sql.raw(String(chunk))} from search_load`.execute(tx);
            if (this.closed) return null;
            for (const r of rows.rows)
              builder.add(
                r.id,
                r.sort_key,
                r.lexemes,
                [r.n0, r.n1, r.n2, r.n3],
                c === 'angels' ? undefined : fitOfRow(r),
              );
            this.progress.read += rows.rows.length;
            if (rows.rows.length < chunk) break;
          }
          await sql`close search_load`.execute(tx);
          state.set(c, new CollectionState(builder.build()));
        }
        return { upTo, state };
      });
    if (!loaded || this.closed) return;
    this.state = loaded.state;
    this.seen = loaded.upTo;
    this.stale = false;
    this.generation++;
    const docs = [...loaded.state.values()].reduce((s, c) => s + c.base.n, 0);
    this.lastLoad = { ms: Math.round(performance.now() - t0), docs };
    this.nextReloadAt = Date.now() + this.lastLoad.ms;
    this.opts.log?.(
      `[search] in-process index loaded: ${docs.toLocaleString('en-US')} documents in ${this.lastLoad.ms} ms`,
    );
  }
}
