// The fit order as the adapters share it. A firm's score is `fitScore` of @fp/contracts
// and nothing else; what is shared here is how to compute it for many firms cheaply: each factor's
// verdict reads a few firm fields (FIT_MATCH_READS), and firms repeat those values (a few dozen
// stage sets and countries, a few hundred cheque minimums…), so each distinct value is judged once
// per founder and a firm's score is the sum of its factors' points (docs/catalog.md, "Fit order").
import {
  FIT_FACTORS,
  FIT_MATCH_READS,
  fitMatch,
  fitPoints,
  fitScoreOfPoints,
  fitToday,
  type FitFactor,
  type FitFirm,
} from '@fp/contracts';
import type { VcSearchDoc } from './documents';
import type { FitQuery } from './port';
import { compareDocs } from './order';

/** YYYYMMDD → 'YYYY-MM-DD'. */
export function isoDay(day: number | null): string | null {
  if (day === null || !Number.isFinite(day)) return null;
  const s = String(day);
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
}

export type FitFields = Pick<
  VcSearchDoc,
  | 'stages'
  | 'sectors'
  | 'checkSizeMin'
  | 'checkSizeMax'
  | 'country'
  | 'investorStatus'
  | 'lastInvestment'
  | 'acceptsOnline'
>;

/**
 * A search document as the fit rules see the firm: the same values the record holds. Indexed
 * firms are active (a firm no source lists any more is removed from the index).
 */
export function fitFirmOfDoc(d: FitFields): FitFirm {
  return {
    stagesInvested: d.stages,
    sectors: d.sectors,
    checkSizeMin: d.checkSizeMin,
    checkSizeMax: d.checkSizeMax,
    country: d.country,
    investorStatus: d.investorStatus,
    lastInvestmentDate: isoDay(d.lastInvestment),
    acceptsOnline: d.acceptsOnline ?? null,
  };
}

/**
 * The values a factor's verdict reads, as one string: firms with the same key get the same verdict
 * (their labels may differ). Called for every firm when the in-process index loads, hence joins
 * rather than JSON.
 */
export function fitFactorKey(factor: FitFactor, firm: FitFirm): string {
  const { firm: fields, known } = FIT_MATCH_READS[factor];
  let key = '';
  for (let i = 0; i < fields.length; i++) {
    const v = firm[fields[i]!];
    key +=
      (i ? '\u0001' : '') +
      (v === null || v === undefined ? '\u0003' : Array.isArray(v) ? `[${v.join('\u0002')}` : String(v));
  }
  for (const f of known) key += firm[f] === null || firm[f] === undefined ? '\u0001\u0003' : '\u0001\u0004';
  return key;
}

/**
 * Identifies what one factor's verdicts depend on in a query: the profile fields it reads and the
 * day. Founders sharing them share the factor's judged values (every founder shares activity's).
 */
export function fitFactorQueryKey(i: number, q: FitQuery): string {
  const p = q.profile;
  return JSON.stringify([i, q.today, ...FIT_MATCH_READS[FIT_FACTORS[i]!].profile.map((f) => p[f] ?? null)]);
}

/** Identifies a founder's fit query for caches: the profile's fields and the day. */
export function fitQueryKey(q: FitQuery): string {
  const p = q.profile;
  return JSON.stringify([p.stage ?? null, p.industry ?? null, p.raising ?? null, p.location ?? null, q.today]);
}

/** Scores firms for one founder and day, judging each distinct factor value once. */
export class FitScorer {
  readonly key: string;
  /** Per factor, what its verdicts depend on in this query (fitFactorQueryKey). */
  readonly factorKeys: string[];
  private readonly today: Date;
  private readonly memo = FIT_FACTORS.map(() => new Map<string, number>());

  constructor(readonly query: FitQuery) {
    this.key = fitQueryKey(query);
    this.factorKeys = FIT_FACTORS.map((_, i) => fitFactorQueryKey(i, query));
    this.today = fitToday(query.today);
  }

  /** Points a factor gives a firm (whose values are `firm`'s for that factor). */
  points(i: number, firm: FitFirm, key = fitFactorKey(FIT_FACTORS[i]!, firm)): number {
    const memo = this.memo[i]!;
    let pts = memo.get(key);
    if (pts === undefined) {
      const factor = FIT_FACTORS[i]!;
      pts = fitPoints({ factor, match: fitMatch(factor, this.query.profile, firm, this.today) });
      memo.set(key, pts);
    }
    return pts;
  }

  /** The score of one firm: equal to fitScore(profile, firm, today).score. */
  score(firm: FitFirm): number {
    let sum = 0;
    for (let i = 0; i < FIT_FACTORS.length; i++) sum += this.points(i, firm);
    return fitScoreOfPoints(sum);
  }
}

export interface Scored {
  id: string;
  sortKey: string;
  score: number;
}

/** Score, highest first; then the name order (sort key, then id, byte-wise). */
export function compareFit(a: Scored, b: Scored): number {
  return a.score !== b.score ? b.score - a.score : compareDocs(a, b);
}

/**
 * A page of firms scored one by one (adapters that cannot score inside the engine: they read the
 * matches' fit fields and rank them here). `fit.min` filters; the order is fit or name.
 */
export function rankScored(
  hits: Scored[],
  min: number | undefined,
  order: 'name' | 'fit',
  offset: number,
  limit: number,
) {
  const kept = min === undefined ? hits : hits.filter((h) => h.score >= min);
  kept.sort(order === 'fit' ? compareFit : compareDocs);
  return { ids: kept.slice(offset, offset + limit).map((h) => h.id), total: kept.length };
}

/** Stages of a document from its index terms ('#s=Seed'), in the order they were written. */
export function stagesOfTerms(terms: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of terms) if (t.startsWith('#s=')) out.push(t.slice(3));
  return out;
}
