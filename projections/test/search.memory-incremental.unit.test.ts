// The in-process index's incremental update: documents put, replaced and removed
// one by one (a query's catch-up, the delta), merged into the base past a few thousand, and merged
// in bulk from an import's changed rows (a new base built from the old one's posting lists). Every
// answer is compared with the reference semantics (reference.ts) over the documents that should be there.
import { generateVcFirms } from '@fp/infra';
import { describe, expect, it } from 'vitest';
import { queryWords, vcSearchDoc, type VcSearchDoc } from '../src/search/documents';
import { MemoryVcCollection } from '../src/search/memory';
import type { PageRequest, VcFilter } from '../src/search/port';
import { referenceFacet, referenceVcPage } from '../src/search/reference';

const today = '2026-11-26';
const founder = { stage: 'Seed', industry: 'Fintech', raising: '$500K', location: 'Berlin, Germany' };

const base = [...generateVcFirms({ seed: 26, count: 2_000 })].map(vcSearchDoc);
const newcomer: VcSearchDoc = {
  id: 'vc_newcomer',
  sortKey: 'aardvark zebra capital',
  text: 'aardvark zebra capital berlin germany venture capital fintech seed fund',
  country: 'Germany',
  investorType: 'Venture Capital',
  aum: 42,
  stages: ['Seed'],
  checkSizeMin: 100,
  checkSizeMax: 600,
  lastInvestment: 20260901,
  sectors: ['Fintech'],
  investorStatus: 'Actively investing',
  acceptsOnline: true,
};

/** Questions that touch words, prefixes, filters, bounds and both orders. */
const QUESTIONS: Array<[VcFilter, PageRequest]> = [
  [{ words: queryWords('aardvark') }, { page: 1, limit: 10 }],
  [{ words: queryWords('zebra cap') }, { page: 1, limit: 10 }],
  [{ countries: ['Germany'] }, { page: 1, limit: 25 }],
  [
    { countries: ['Germany'], stages: ['Seed'], aumMin: 10, aumMax: 100 },
    { page: 1, limit: 25 },
  ],
  [{ acceptsOnline: true }, { page: 1, limit: 25 }],
  [{ words: queryWords('capital') }, { page: 3, limit: 25 }],
  [{ fit: { profile: founder, today } }, { page: 1, limit: 25, order: 'fit' }],
  [
    { countries: ['Germany', 'France'], fit: { profile: founder, today } },
    { page: 2, limit: 20, order: 'fit' },
  ],
  [{ fit: { profile: founder, today, min: 60 } }, { page: 1, limit: 50, order: 'name' }],
  [
    { words: queryWords('aardvark'), fit: { profile: { ...founder, raising: '$50K' }, today } },
    { page: 1, limit: 5, order: 'fit' },
  ],
];

function expectSame(index: MemoryVcCollection, docs: readonly VcSearchDoc[]) {
  for (const [filter, page] of QUESTIONS)
    expect(index.search(filter, page), JSON.stringify([filter, page])).toEqual(referenceVcPage(docs, filter, page));
  expect(index.facet('#c=')).toEqual(referenceFacet(docs, (d) => d.country));
}

const loaded = () => {
  const index = new MemoryVcCollection();
  index.merge(base);
  expect(index.pending).toBe(0);
  return index;
};

// The reference scans every document per question: generous time on a shared machine.
describe('in-process index, incremental update', { timeout: 60_000 }, () => {
  it('answers like the reference after a bulk merge of an import into an empty index', () => {
    const index = loaded();
    expectSame(index, base);
    // The newcomer is absent: the answers above must be able to show it.
    expect(index.search({ words: queryWords('aardvark') }, { page: 1, limit: 10 })).toEqual({ ids: [], total: 0 });
  });

  it('puts, replaces and removes a firm one by one (the delta): words, filters, facets and the fit order follow at once', () => {
    const index = loaded();
    index.put(newcomer);
    expect(index.pending).toBe(1);
    let docs = [...base, newcomer];
    expectSame(index, docs);
    expect(index.search({ words: queryWords('aardvark') }, { page: 1, limit: 10 }).ids).toEqual(['vc_newcomer']);
    // A perfect fit for the founder: first in the fit order.
    expect(index.search({ fit: { profile: founder, today } }, { page: 1, limit: 1, order: 'fit' }).ids).toEqual([
      'vc_newcomer',
    ]);

    // Updated: another country, a cheque above the founder's round, renamed; and a base firm changed too.
    const moved = {
      ...newcomer,
      country: 'France',
      checkSizeMin: 5_000,
      checkSizeMax: 9_000,
      text: newcomer.text.replace('aardvark', 'okapi').replace('germany', 'france'),
      sortKey: 'okapi zebra capital',
    };
    const edited = { ...base[7]!, country: 'Germany', stages: ['Seed'], sectors: ['Fintech'] };
    index.put(moved);
    index.put(edited);
    docs = [...base.filter((d) => d.id !== edited.id), edited, moved];
    expectSame(index, docs);
    expect(index.search({ words: queryWords('aardvark') }, { page: 1, limit: 10 }).total).toBe(0);
    expect(index.search({ words: queryWords('okapi') }, { page: 1, limit: 10 }).ids).toEqual(['vc_newcomer']);

    // Removed: gone from words, filters, facets and the fit order; a base firm removed as well.
    index.remove(moved.id);
    index.remove(base[0]!.id);
    docs = docs.filter((d) => d.id !== moved.id && d.id !== base[0]!.id);
    expectSame(index, docs);

    // Merged into the base: the same answers, nothing left to match one by one.
    index.fold();
    expect(index.pending).toBe(0);
    expectSame(index, docs);
  });

  it('merges an import of changed and removed firms into the base without reading the rest again', () => {
    const index = loaded();
    const added = [...generateVcFirms({ seed: 27, count: 500 })]
      .map(vcSearchDoc)
      .map((d) => ({ ...d, id: `new_${d.id}` }));
    const changed = base.slice(100, 400).map((d, i) => ({
      ...d,
      country: i % 2 ? 'Germany' : d.country,
      acceptsOnline: i % 3 === 0 ? true : d.acceptsOnline,
      aum: i % 5 === 0 ? null : d.aum,
    }));
    const removed = base.slice(1_000, 1_200).map((d) => d.id);
    // One firm put through the delta before the import: the merge keeps it.
    index.put(newcomer);
    index.merge([...added, ...changed], removed);
    expect(index.pending).toBe(0);
    const changedIds = new Set(changed.map((d) => d.id));
    const gone = new Set(removed);
    const docs = [...base.filter((d) => !changedIds.has(d.id) && !gone.has(d.id)), ...changed, ...added, newcomer];
    expectSame(index, docs);
    expect(index.search({}, { page: 1, limit: 1 }).total).toBe(2_000 - 200 + 500 + 1);
  });

  it('merges a long run of single changes into the base past a few thousand, answering the same', () => {
    const index = loaded();
    const more = [...generateVcFirms({ seed: 28, count: 2_100 })]
      .map(vcSearchDoc)
      .map((d) => ({ ...d, id: `more_${d.id}` }));
    for (const d of more) index.put(d);
    // 2,001 pending merged the delta into the base; the rest are pending again.
    expect(index.pending).toBeLessThan(2_000);
    expectSame(index, [...base, ...more]);
  });
});
