// A collection in memory: the base segment plus the delta (documents changed since it was built,
// matched one by one until merged in), and the VC collection the incremental-update tests drive.
import type { FacetCount, PageRequest, SearchPage, VcCollection, VcFilter } from '../port';
import type { FitFirm } from '@fp/contracts';
import type { VcSearchDoc } from '../documents';
import { SEP, vcLexemes } from '../postgres';
import { sortFacets } from '../reference';
import { nextSet, popcount, rankBelow, selectNth } from './bitsets';
import { keepScoring } from './fit';
import { fitPlan, vcPlan, type FitPlan, type Plan } from './plan';
import { Segment, type MergeDoc } from './postings';
import { VC_NUMS, toRow, type Row } from './rows';
import { compareKeys, fitPage } from './sorting';

/** Delta documents (matched one by one) merged into the base past this many. */
export const FOLD_AT = 2_000;

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

export class CollectionState {
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
