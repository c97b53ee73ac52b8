import type { AngelFilterQuery, VcFilterQuery } from '@fp/contracts';
import { dayNumber, queryWords, type AngelFilter, type VcFilter } from '@fp/projections';

const words = (search: string | undefined) => {
  const w = queryWords(search);
  return w.length ? w : undefined;
};
const day = (iso: string | undefined) => (iso ? (dayNumber(iso) ?? undefined) : undefined);

/** A parsed VC query as the search port's filter. */
export function vcFilter(q: VcFilterQuery): VcFilter {
  return {
    words: words(q.search),
    countries: q.country,
    investorTypes: q.investorType,
    aumMin: q.aumMin,
    aumMax: q.aumMax,
    stages: q.stage,
    checkSizeMin: q.checkSizeMin,
    checkSizeMax: q.checkSizeMax,
    lastInvestmentFrom: day(q.lastInvestmentFrom),
    lastInvestmentTo: day(q.lastInvestmentTo),
    acceptsOnline: q.acceptsOnline,
  };
}

/** A parsed angel investor query as the search port's filter. */
export function angelFilter(q: AngelFilterQuery): AngelFilter {
  return {
    words: words(q.search),
    locations: q.country,
    investmentMin: q.investmentMin,
    investmentMax: q.investmentMax,
    exitMin: q.exitMin,
    exitMax: q.exitMax,
  };
}
