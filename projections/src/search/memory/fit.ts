// A segment's fit fields: per factor, each document's key into the distinct values that factor
// reads, so a founder's scores are five table look-ups per match (the tables judged once per value).
import { FIT_FACTORS, fitScoreOfPoints, type FitFirm } from '@fp/contracts';
import { fitFactorKey, type FitScorer } from '../fit';

/** Judged factor tables kept per segment (a few hundred to a few thousand values each). */
const FIT_TABLES = 64;

/** The distinct values of each factor, each with one firm holding it (what a document's key points at). */
export class FitValues {
  private readonly index: Array<Map<string, number>>;

  constructor(
    readonly reps: FitFirm[][] = FIT_FACTORS.map(() => []),
    readonly repKeys: string[][] = FIT_FACTORS.map(() => []),
  ) {
    this.index = repKeys.map((keys) => new Map(keys.map((k, i) => [k, i])));
  }

  /** The key of the firm's value of factor i, the value added if it is new. */
  keyOf(i: number, firm: FitFirm): number {
    const key = fitFactorKey(FIT_FACTORS[i]!, firm);
    let k = this.index[i]!.get(key);
    if (k === undefined) {
      k = this.reps[i]!.length;
      this.index[i]!.set(key, k);
      this.reps[i]!.push(firm);
      this.repKeys[i]!.push(key);
    }
    return k;
  }
}

/**
 * The fit fields of a segment's documents: per factor, each document's key (an index into the
 * distinct values that factor reads) and one firm holding each distinct value.
 */
export class SegmentFit {
  /** Judged points per factor value, by factor and what its verdicts depend on (LRU). */
  private readonly tables = new Map<string, Float64Array>();
  /** Scores of the last query's matches (other positions hold stale values); queries run one at a time. */
  private matchScores: Uint8Array | null = null;

  constructor(
    readonly keys: Int32Array[],
    readonly reps: FitFirm[][],
    readonly repKeys: string[][],
  ) {}

  static empty(): SegmentFit {
    return new SegmentFit(
      FIT_FACTORS.map(() => new Int32Array(0)),
      FIT_FACTORS.map(() => []),
      FIT_FACTORS.map(() => []),
    );
  }

  /**
   * One factor's points for each of its distinct values, judged once (FitScorer) and kept for every
   * founder with the same factor inputs: a new founder with a new round size re-judges only the
   * cheque minimums; the activity table serves everyone for the day.
   */
  private factorTable(scorer: FitScorer, i: number): Float64Array {
    const key = scorer.factorKeys[i]!;
    const hit = this.tables.get(key);
    if (hit) {
      this.tables.delete(key);
      this.tables.set(key, hit);
      return hit;
    }
    const table = Float64Array.from(this.reps[i]!, (firm, k) => scorer.points(i, firm, this.repKeys[i]![k]));
    this.tables.set(key, table);
    if (this.tables.size > FIT_TABLES) this.tables.delete(this.tables.keys().next().value!);
    return table;
  }

  /**
   * The fit scores of the matches only, as fitScore computes them: a document's five looked-up
   * points added in the rules' order, then fitScoreOfPoints. One step per match, no pass over the
   * other documents, so a founder's first query costs what the next one does. Counts the matches
   * per score into `count` in the same pass (the fit page's counting sort needs them).
   */
  scoreMatches(bits: Uint32Array, scorer: FitScorer, count: Int32Array): Uint8Array {
    const [t0, t1, t2, t3, t4] = FIT_FACTORS.map((_, i) => this.factorTable(scorer, i)) as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    const [k0, k1, k2, k3, k4] = this.keys as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
    const scores = (this.matchScores ??= new Uint8Array(k0.length));
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

  /**
   * The fit fields of a merged segment, position q taken from old position from[q] (when ≥ 0) or
   * from added[-1 - from[q]]: old documents keep their keys, new ones find or add their values.
   */
  merged(from: readonly number[], added: ReadonlyArray<{ fit: FitFirm | null }>): SegmentFit {
    const values = new FitValues(
      this.reps.map((r) => [...r]),
      this.repKeys.map((r) => [...r]),
    );
    const keys = FIT_FACTORS.map((_, i) => {
      const out = new Int32Array(from.length);
      for (let q = 0; q < from.length; q++) {
        const src = from[q]!;
        out[q] = src >= 0 ? this.keys[i]![src]! : values.keyOf(i, added[-1 - src]!.fit!);
      }
      return out;
    });
    return new SegmentFit(keys, values.reps, values.repKeys);
  }
}

/** Clears the matches scoring under `min`. */
export function keepScoring(bits: Uint32Array, scores: Uint8Array, min: number): void {
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]!;
    while (x) {
      const low = x & -x;
      x ^= low;
      if (scores[(w << 5) + 31 - Math.clz32(low)]! < min) bits[w]! &= ~low;
    }
  }
}
