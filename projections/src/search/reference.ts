// The reference semantics of the search port, in plain TypeScript over arrays. The contract suite
// checks each adapter against it; it is also the specification in code of what a filter means.
import { fitScore, fitToday } from '@fp/contracts';
import type { AngelSearchDoc, VcSearchDoc } from './documents';
import { compareFit, fitFirmOfDoc } from './fit';
import { compareDocs } from './order';
import type { AngelFilter, FacetCount, PageRequest, SearchPage, VcFilter } from './port';

export function matchesWords(text: string, words: readonly string[] | undefined): boolean {
  if (!words?.length) return true;
  const have = text.split(' ');
  return words.every((w, i) => (i === words.length - 1 ? have.some((h) => h.startsWith(w)) : have.includes(w)));
}

const inRange = (v: number | null, min?: number, max?: number) =>
  (min === undefined && max === undefined) ||
  (v !== null && (min === undefined || v >= min) && (max === undefined || v <= max));

export function matchesVc(d: VcSearchDoc, f: VcFilter): boolean {
  if (!matchesWords(d.text, f.words)) return false;
  if (f.countries && !(d.country !== null && f.countries.includes(d.country))) return false;
  if (f.investorTypes && !(d.investorType !== null && f.investorTypes.includes(d.investorType))) return false;
  if (!inRange(d.aum, f.aumMin, f.aumMax)) return false;
  if (f.stages && !d.stages.some((s) => f.stages!.includes(s))) return false;
  if (f.checkSizeMin !== undefined && !(d.checkSizeMax !== null && d.checkSizeMax >= f.checkSizeMin)) return false;
  if (f.checkSizeMax !== undefined && !(d.checkSizeMin !== null && d.checkSizeMin <= f.checkSizeMax)) return false;
  if (f.acceptsOnline && !d.acceptsOnline) return false;
  return inRange(d.lastInvestment, f.lastInvestmentFrom, f.lastInvestmentTo);
}

export function matchesAngel(d: AngelSearchDoc, f: AngelFilter): boolean {
  if (!matchesWords(d.text, f.words)) return false;
  if (f.locations && !(d.location !== null && f.locations.includes(d.location))) return false;
  return inRange(d.investments, f.investmentMin, f.investmentMax) && inRange(d.exits, f.exitMin, f.exitMax);
}

export function referencePage<D extends { sortKey: string; id: string }>(
  docs: readonly D[],
  match: (d: D) => boolean,
  page: PageRequest,
): SearchPage {
  const hits = docs.filter(match).sort(compareDocs);
  const from = (page.page - 1) * page.limit;
  return { ids: hits.slice(from, from + page.limit).map((d) => d.id), total: hits.length };
}

/**
 * A page of VC firms: the filter (with `fit.min` when given) in the order asked. Scores come from
 * `fitScore` itself, firm by firm, so the adapters' shortcuts are checked against the rules.
 */
export function referenceVcPage(docs: readonly VcSearchDoc[], f: VcFilter, page: PageRequest): SearchPage {
  const fit = f.fit;
  if (!fit) {
    if (page.order === 'fit') throw new Error('The fit order needs filter.fit');
    return referencePage(docs, (d) => matchesVc(d, f), page);
  }
  const today = fitToday(fit.today);
  const hits = docs
    .filter((d) => matchesVc(d, f))
    .map((d) => ({ id: d.id, sortKey: d.sortKey, score: fitScore(fit.profile, fitFirmOfDoc(d), today).score }))
    .filter((h) => fit.min === undefined || h.score >= fit.min)
    .sort(page.order === 'fit' ? compareFit : compareDocs);
  const from = (page.page - 1) * page.limit;
  return { ids: hits.slice(from, from + page.limit).map((d) => d.id), total: hits.length };
}

export function referenceFacet<D>(docs: readonly D[], value: (d: D) => string | null): FacetCount[] {
  const counts = new Map<string, number>();
  for (const d of docs) {
    const v = value(d);
    if (v !== null && v !== '') counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return sortFacets([...counts].map(([v, count]) => ({ value: v, count })));
}

/** Most frequent first, then by value: the order the filter options use. */
export function sortFacets(facets: FacetCount[]): FacetCount[] {
  return facets.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}
