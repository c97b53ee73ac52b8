// Builds a segment in one pass over rows read in their order (a full load).
import { FIT_FACTORS, type FitFirm } from '@fp/contracts';
import { FitValues, SegmentFit } from './fit';
import { Segment } from './postings';
import { num } from './rows';

/** Builds a segment from rows given in order: term ids first, posting lists at the end. */
export class SegmentBuilder {
  private readonly ids: string[] = [];
  private readonly sortKeys: string[] = [];
  private readonly nums: number[][];
  private readonly terms = new TermTable();
  private flat = new Int32Array(1 << 16);
  private used = 0;
  private readonly ends: number[] = [];
  private readonly fit: { keys: number[][]; values: FitValues } | null;

  constructor(
    private readonly fields: number,
    withFit: boolean,
  ) {
    this.nums = Array.from({ length: fields }, () => []);
    this.fit = withFit ? { keys: FIT_FACTORS.map(() => []), values: new FitValues() } : null;
  }

  /** A document whose terms are `lexemes` separated by chr(31) (the `terms` column). */
  add(id: string, sortKey: string, lexemes: string, nums: ReadonlyArray<number | null>, fit?: FitFirm): void {
    if (this.fit) for (let i = 0; i < FIT_FACTORS.length; i++) this.fit.keys[i]!.push(this.fit.values.keyOf(i, fit!));
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
      ? new SegmentFit(
          this.fit.keys.map((k) => Int32Array.from(k)),
          this.fit.values.reps,
          this.fit.values.repKeys,
        )
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
