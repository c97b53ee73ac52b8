// A query as set operations over the posting lists (the Plan), and the fit part of a query.
import type { AngelFilter, VcFilter } from '../port';
import { FitScorer } from '../fit';
import { ACCEPTS_ONLINE } from '../postgres';

/** The fit order of a query: the founder's scorer, the bound, the order. */
export interface FitPlan {
  scorer: FitScorer;
  min: number | undefined;
  order: 'name' | 'fit';
}

/**
 * A query as set operations: every group must have one of its exact terms, some word must start
 * with the prefix, and every range must hold on its field.
 */
export interface Plan {
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
export function fitPlan(f: VcFilter, order: 'name' | 'fit'): FitPlan | undefined {
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
