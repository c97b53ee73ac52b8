// The contract suite of the search port. Every adapter must answer exactly like the reference
// semantics (./reference.ts): same totals, same pages, same order, same facets.
import type { Db } from '@fp/infra';
import { generateAngels, generateTestFirms, generateVcFirms } from '@fp/infra';
import type { AngelInvestorDetail, VcFirm } from '@fp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  angelSearchDoc,
  queryWords,
  vcSearchDoc,
  type AngelSearchDoc,
  type VcSearchDoc,
} from '../src/search/documents';
import { fitScore, fitToday } from '@fp/contracts';
import { fitFirmOfDoc } from '../src/search/fit';
import type { AngelFilter, FitQuery, PageRequest, SearchIndex, VcFilter } from '../src/search/port';
import { matchesAngel, matchesVc, referenceFacet, referencePage, referenceVcPage } from '../src/search/reference';

export interface ContractSubject {
  index: SearchIndex;
  /** Database whose transactions the writes receive (the Postgres adapter writes in them). */
  db: Db;
  cleanup(): Promise<void>;
}

const firm = (over: Partial<VcFirm> & { id: string; vcName: string }): VcFirm => ({
  city: null,
  country: null,
  primaryInvestorType: null,
  investorStatus: null,
  aum: null,
  description: null,
  totalInvestment: null,
  totalExits: null,
  primaryContactEmail: null,
  phone: null,
  firstName: null,
  lastName: null,
  title: null,
  website: null,
  stagesInvested: [],
  checkSizeMin: null,
  checkSizeMax: null,
  lastInvestmentDate: null,
  ...over,
});

/** Hand-made records for the edges: accents, ties on the sort key, missing values, odd names. */
const EDGE_FIRMS: VcFirm[] = [
  firm({
    id: 'edge_b',
    vcName: 'Xylofön Ventures',
    city: 'São Paulo',
    country: 'Brazil',
    primaryInvestorType: 'Venture Capital',
    aum: '1000',
    stagesInvested: ['Seed'],
    checkSizeMin: 100,
    checkSizeMax: 500,
    lastInvestmentDate: '2024-01-31',
  }),
  firm({
    id: 'edge_a',
    vcName: 'Xylofon  ventures!',
    city: 'Sao Paulo',
    country: 'Brazil',
    primaryInvestorType: 'Venture Capital',
    aum: 'N/A',
  }),
  firm({
    id: 'edge_c',
    vcName: 'Ünïcode Çapital',
    country: 'Curaçao',
    primaryInvestorType: 'Family Office',
    aum: '0.5',
    description: 'Backs **fintech** in Curaçao.',
  }),
  firm({
    id: 'edge_d',
    vcName: '"Quoted" \\ Fund',
    country: 'Quote "Land"',
    primaryInvestorType: 'Odd "Type"',
    aum: '25',
  }),
  // Sectors (only imported firms have them) and a perfect fit for the founder of the fit cases.
  firm({
    id: 'edge_e',
    vcName: 'Zz Fintech Seed Partners',
    country: 'Germany',
    primaryInvestorType: 'Venture Capital',
    stagesInvested: ['Pre-seed', 'Seed'],
    sectors: ['Fintech', 'SaaS'],
    checkSizeMin: 50,
    checkSizeMax: 150,
    lastInvestmentDate: '2026-06-01',
  }),
  firm({
    id: 'edge_f',
    vcName: 'Zz Generalist Seed Fund',
    country: 'Germany',
    primaryInvestorType: 'Venture Capital',
    stagesInvested: ['Seed'],
    sectors: ['Sector Agnostic'],
    checkSizeMin: 50,
    checkSizeMax: 150,
    investorStatus: 'Actively Seeking New Investments',
  }),
  firm({
    id: 'edge_g',
    vcName: 'Zz Biotech Growth',
    country: 'Japan',
    primaryInvestorType: 'Venture Capital',
    stagesInvested: ['Series C'],
    sectors: ['Biotech'],
    checkSizeMin: 5000,
    checkSizeMax: 9000,
  }),
];

/** The founder of the fit cases, on a fixed day (the activity factor counts from it). */
const FIT: FitQuery = {
  profile: { stage: 'Seed', industry: 'Fintech', raising: '$500K', location: 'Berlin, Germany' },
  today: '2026-11-25',
};

async function load(subject: ContractSubject, vc: VcSearchDoc[], test: VcSearchDoc[], angels: AngelSearchDoc[]) {
  const { index, db } = subject;
  await index.init();
  await db.transaction().execute(async (tx) => {
    for (const c of ['vc', 'test', 'angels'] as const) await index.clear(tx, c);
  });
  for (let i = 0; i < vc.length; i += 150)
    await db.transaction().execute((tx) => index.putVcFirms(tx, 'vc', vc.slice(i, i + 150)));
  await db.transaction().execute((tx) => index.putVcFirms(tx, 'test', test));
  for (let i = 0; i < angels.length; i += 200)
    await db.transaction().execute((tx) => index.putAngels(tx, angels.slice(i, i + 200)));
  // Fresh statistics: an adapter that plans by them must answer the same before and after.
  await index.optimize();
}

/** Catalog sizes the suite generates (the edge records come on top). */
export interface ContractSize {
  vcFirms: number;
  angels: number;
}

export function searchIndexContract(
  name: string,
  makeSubject: () => Promise<ContractSubject>,
  size: ContractSize = { vcFirms: 600, angels: 700 },
) {
  describe(`search index contract: ${name} (${size.vcFirms.toLocaleString('en-US')} firms, ${size.angels.toLocaleString('en-US')} angels)`, () => {
    let subject: ContractSubject;
    let vcDocs: VcSearchDoc[];
    let testDocs: VcSearchDoc[];
    let angelDocs: AngelSearchDoc[];
    let firms: VcFirm[];
    let angels: AngelInvestorDetail[];

    beforeAll(async () => {
      subject = await makeSubject();
      firms = [...generateVcFirms({ seed: 41, count: size.vcFirms }), ...EDGE_FIRMS];
      angels = [...generateAngels({ seed: 41, count: size.angels })];
      vcDocs = firms.map(vcSearchDoc);
      testDocs = generateTestFirms('http://127.0.0.1:3100', ['alpha-ventures', 'beta-capital', 'gamma-fund']).map(
        vcSearchDoc,
      );
      angelDocs = angels.map(angelSearchDoc);
      await load(subject, vcDocs, testDocs, angelDocs);
    });
    afterAll(async () => subject?.cleanup());

    const vcCase = async (f: VcFilter, page: PageRequest = { page: 1, limit: 25 }) => {
      const expected = referenceVcPage(vcDocs, f, page);
      expect(await subject.index.searchVcFirms('vc', f, page), JSON.stringify({ f, page })).toEqual(expected);
      return expected;
    };
    const angelCase = async (f: AngelFilter, page: PageRequest = { page: 1, limit: 50 }) => {
      const expected = referencePage(angelDocs, (d) => matchesAngel(d, f), page);
      expect(await subject.index.searchAngels(f, page), JSON.stringify({ f, page })).toEqual(expected);
      return expected;
    };

    it('pages through everything in one stable order (sort key, then id)', async () => {
      const all = await vcCase({}, { page: 1, limit: 100 });
      expect(all.total).toBe(vcDocs.length);
      const pages = Math.ceil(vcDocs.length / 100);
      await vcCase({}, { page: 2, limit: 100 });
      await vcCase({}, { page: Math.ceil(pages / 2), limit: 100 });
      await vcCase({}, { page: pages, limit: 100 });
      const beyond = await vcCase({}, { page: pages + 1, limit: 100 });
      expect(beyond.ids).toEqual([]);
      // Ties on the sort key ('xylofon ventures', accents folded) are broken by id.
      const tie = await vcCase({ words: ['xylofon'] });
      expect(tie.ids).toEqual(['edge_a', 'edge_b']);
    });

    it('matches every query word, the last one as a prefix, accents folded', async () => {
      const capital = await vcCase({ words: ['capital'] });
      expect(capital.total).toBeGreaterThan(10);
      await vcCase({ words: ['capi'] });
      await vcCase({ words: ['venture', 'capital'] });
      await vcCase({ words: ['capital', 'fin'] });
      await vcCase({ words: queryWords('são paulo') });
      expect((await subject.index.vcFirmIds('vc', { words: queryWords('são paulo') }, 100_000)).ids).toEqual(
        expect.arrayContaining(['edge_a', 'edge_b']),
      );
      expect((await vcCase({ words: queryWords('Curaçao fintech') })).ids).toEqual(['edge_c']);
      expect((await vcCase({ words: ['nosuchwordanywhere'] })).total).toBe(0);
      // Deep pages of sparse and of dense matches.
      await vcCase({ words: ['fintech'], countries: ['United States'] }, { page: 2, limit: 5 });
      await vcCase({ words: ['capital'] }, { page: 9, limit: 30 });
      await vcCase({ countries: ['Germany', 'France'] }, { page: 3, limit: 4 });
      // A word that is only a prefix of a word does not match unless it is the last.
      await vcCase({ words: ['capi', 'fund'] });
      const frequent = firms[3]!.vcName;
      await vcCase({ words: queryWords(frequent) });
    });

    it('filters by country, type and AUM; unknown values match nothing; N/A fails any AUM bound', async () => {
      expect((await vcCase({ countries: ['Germany'] })).total).toBeGreaterThan(0);
      await vcCase({ countries: ['United States', 'India', 'Singapore'] }, { page: 2, limit: 30 });
      expect((await vcCase({ countries: ['Atlantis'] })).total).toBe(0);
      await vcCase({ investorTypes: ['Micro-VC', 'Accelerator'] });
      expect((await vcCase({ investorTypes: ['Odd "Type"'] })).ids).toEqual(['edge_d']);
      expect((await vcCase({ countries: ['Quote "Land"'] })).ids).toEqual(['edge_d']);
      await vcCase({ aumMin: 100 });
      await vcCase({ aumMax: 10 });
      await vcCase({ aumMin: 50, aumMax: 500 }, { page: 3, limit: 10 });
      expect((await vcCase({ aumMin: 1000, aumMax: 1000 })).ids).toContain('edge_b');
      const withBound = await subject.index.vcFirmIds('vc', { aumMin: 0 }, 10_000);
      expect(withBound.ids).not.toContain('edge_a');
    });

    it('filters by stages, cheque size overlap and last investment date', async () => {
      await vcCase({ stages: ['Pre-seed'] });
      await vcCase({ stages: ['Series B', 'Series C'] }, { page: 2, limit: 20 });
      await vcCase({ checkSizeMin: 500 });
      await vcCase({ checkSizeMax: 300 });
      await vcCase({ checkSizeMin: 1000, checkSizeMax: 2000 });
      await vcCase({ lastInvestmentFrom: 20240101 });
      await vcCase({ lastInvestmentFrom: 20230101, lastInvestmentTo: 20231231 });
      // Fractional bounds on whole-number fields are compared as numbers, never refused.
      await vcCase({ checkSizeMin: 250.5, checkSizeMax: 999.9 });
    });

    it('combines text, country, type and AUM filters', async () => {
      await vcCase({
        words: ['ventures'],
        countries: ['United States', 'United Kingdom'],
        investorTypes: ['Venture Capital', 'Micro-VC'],
        aumMin: 20,
        aumMax: 900,
      });
      await vcCase(
        { words: ['capital'], countries: ['United States'], stages: ['Seed'], checkSizeMin: 100, checkSizeMax: 1000 },
        { page: 2, limit: 5 },
      );
    });

    it('answers all ids of a filter in page order, capped, with the full total', async () => {
      const f: VcFilter = { countries: ['United States'] };
      const all = referencePage(vcDocs, (d) => matchesVc(d, f), { page: 1, limit: 100_000 });
      expect(await subject.index.vcFirmIds('vc', f, 100_000)).toEqual(all);
      expect(await subject.index.vcFirmIds('vc', f, 10)).toEqual({ ids: all.ids.slice(0, 10), total: all.total });
      expect(await subject.index.vcFirmIds('vc', { countries: ['Atlantis'] }, 10)).toEqual({ ids: [], total: 0 });
    });

    it('orders by fit: highest score first, ties in the name order, exact totals on every page', async () => {
      const byFit = (page: number, limit: number): PageRequest => ({ page, limit, order: 'fit' });
      const first = await vcCase({ fit: FIT }, byFit(1, 100));
      expect(first.total).toBe(vcDocs.length);
      // The perfect firm comes first; the agnostic one right after (a partial sector and no date).
      expect(first.ids.slice(0, 2)).toEqual(['edge_e', 'edge_f']);
      const score = (id: string) =>
        fitScore(FIT.profile, fitFirmOfDoc(vcDocs.find((d) => d.id === id)!), fitToday(FIT.today)).score;
      const scores = first.ids.map(score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      // Ties exist (the generated firms share scores) and are in the name order.
      const tied = first.ids.filter((id, i) => i > 0 && scores[i] === scores[i - 1]);
      expect(tied.length).toBeGreaterThan(10);
      const pages = Math.ceil(vcDocs.length / 25);
      for (const p of [2, 3, Math.ceil(pages / 2), pages]) await vcCase({ fit: FIT }, byFit(p, 25));
      expect((await vcCase({ fit: FIT }, byFit(pages + 1, 25))).ids).toEqual([]);
      // Odd page sizes cross score boundaries at other places.
      await vcCase({ fit: FIT }, byFit(7, 13));
      await vcCase({ fit: FIT }, byFit(1, 1));
      // Another founder: a cache per founder must not answer for another.
      const other: FitQuery = {
        profile: { stage: 'Series C', industry: 'Biotech', raising: '$20M', location: 'Tokyo, Japan' },
        today: '2026-11-25',
      };
      expect((await vcCase({ fit: other }, byFit(1, 25))).ids[0]).toBe('edge_g');
      await vcCase({ fit: FIT }, byFit(2, 25));
    });

    it('combines the fit order with text and every filter', async () => {
      const byFit = (page: number, limit: number): PageRequest => ({ page, limit, order: 'fit' });
      expect((await vcCase({ fit: FIT, words: ['zz'] }, byFit(1, 25))).ids).toEqual(['edge_e', 'edge_f', 'edge_g']);
      await vcCase({ fit: FIT, words: ['capital'] }, byFit(1, 25));
      await vcCase({ fit: FIT, words: ['capital'] }, byFit(3, 10));
      await vcCase({ fit: FIT, countries: ['United States', 'Germany'] }, byFit(2, 20));
      await vcCase({ fit: FIT, investorTypes: ['Micro-VC', 'Venture Capital'], aumMin: 20, aumMax: 900 }, byFit(1, 25));
      await vcCase({ fit: FIT, stages: ['Seed'], checkSizeMin: 100, checkSizeMax: 1000 }, byFit(2, 10));
      await vcCase({ fit: FIT, lastInvestmentFrom: 20240101 }, byFit(1, 25));
      await vcCase(
        { fit: FIT, words: ['ven'], countries: ['United States'], stages: ['Seed', 'Pre-seed'] },
        byFit(1, 25),
      );
      expect((await vcCase({ fit: FIT, countries: ['Atlantis'] }, byFit(1, 25))).total).toBe(0);
    });

    it('keeps only firms fitting at least N, in either order, in pages and in all ids', async () => {
      const some = await vcCase({ fit: { ...FIT, min: 50 } }, { page: 1, limit: 100, order: 'fit' });
      expect(some.total).toBeGreaterThan(0);
      expect(some.total).toBeLessThan(vcDocs.length);
      await vcCase({ fit: { ...FIT, min: 50 } }, { page: 2, limit: 10, order: 'fit' });
      // The bound with the name order.
      await vcCase({ fit: { ...FIT, min: 50 } }, { page: 1, limit: 25 });
      await vcCase({ fit: { ...FIT, min: 35 }, words: ['capital'] }, { page: 2, limit: 10 });
      expect((await vcCase({ fit: { ...FIT, min: 100 } }, { page: 1, limit: 25, order: 'fit' })).ids).toEqual([
        'edge_e',
      ]);
      expect((await vcCase({ fit: { ...FIT, min: 0 } }, { page: 1, limit: 25, order: 'fit' })).total).toBe(
        vcDocs.length,
      );
      const f: VcFilter = { fit: { ...FIT, min: 45 }, countries: ['United States', 'Germany'] };
      const all = referenceVcPage(vcDocs, f, { page: 1, limit: 100_000 });
      expect(all.total).toBeGreaterThan(0);
      expect(await subject.index.vcFirmIds('vc', f, 100_000)).toEqual(all);
      expect(await subject.index.vcFirmIds('vc', f, 3)).toEqual({ ids: all.ids.slice(0, 3), total: all.total });
    });

    it('keeps the test collection apart and replaces a document put again', async () => {
      const test = await subject.index.searchVcFirms('test', {}, { page: 1, limit: 20 });
      expect(test).toEqual(referencePage(testDocs, () => true, { page: 1, limit: 20 }));
      expect(
        (await subject.index.searchVcFirms('vc', { words: ['alpha', 'ventures'] }, { page: 1, limit: 20 })).ids,
      ).not.toContain('test_vc_alpha-ventures');
      const moved = { ...testDocs[0]!, country: 'Atlantis' };
      await subject.db.transaction().execute((tx) => subject.index.putVcFirms(tx, 'test', [moved]));
      expect(
        (await subject.index.searchVcFirms('test', { countries: ['Atlantis'] }, { page: 1, limit: 20 })).ids,
      ).toEqual([moved.id]);
      expect((await subject.index.searchVcFirms('test', {}, { page: 1, limit: 20 })).total).toBe(testDocs.length);
      await subject.db.transaction().execute((tx) => subject.index.clear(tx, 'test'));
      expect((await subject.index.searchVcFirms('test', {}, { page: 1, limit: 20 })).total).toBe(0);
      expect((await subject.index.searchVcFirms('vc', {}, { page: 1, limit: 1 })).total).toBe(vcDocs.length);
    });

    it('gives the same facets, most frequent first', async () => {
      const facets = await subject.index.vcFacets('vc');
      expect(facets.countries).toEqual(referenceFacet(vcDocs, (d) => d.country));
      expect(facets.investorTypes).toEqual(referenceFacet(vcDocs, (d) => d.investorType));
      expect((await subject.index.angelFacets()).locations).toEqual(referenceFacet(angelDocs, (d) => d.location));
    });

    it('filters angels by text, locations and investment and exit ranges', async () => {
      expect((await angelCase({})).total).toBe(angelDocs.length);
      await angelCase({}, { page: Math.ceil(angelDocs.length / 50), limit: 50 });
      await angelCase({ words: ['fintech'] });
      await angelCase({ words: queryWords(angels[5]!.companyName) });
      await angelCase({ words: ['saas', 'pre'] });
      await angelCase({ locations: ['San Francisco, CA', 'London, United Kingdom'] }, { page: 2, limit: 10 });
      expect((await angelCase({ locations: ['Nowhere'] })).total).toBe(0);
      await angelCase({ investmentMin: 10 });
      await angelCase({ investmentMin: 5, investmentMax: 20, exitMin: 1 });
      await angelCase({ exitMax: 0 });
      await angelCase({ investmentMin: 3.7, exitMax: 2.5 });
      await angelCase({
        words: ['angel'],
        locations: ['San Francisco, CA', 'New York, NY'],
        investmentMin: 2,
        exitMax: 3,
      });
      const f: AngelFilter = { investmentMin: 3 };
      const all = referencePage(angelDocs, (d) => matchesAngel(d, f), { page: 1, limit: 100_000 });
      expect(await subject.index.angelIds(f, 100_000)).toEqual(all);
      expect(await subject.index.angelIds(f, 7)).toEqual({ ids: all.ids.slice(0, 7), total: all.total });
    });

    it('filters by the registry flag ("accepts online applications"), set on documents and put with them', async () => {
      expect((await vcCase({ acceptsOnline: true })).total).toBe(0);
      const on = vcDocs.filter((_, i) => i % 13 === 0).map((d) => d.id);
      await subject.db
        .transaction()
        .execute((tx) => subject.index.setAcceptsOnline(tx, 'vc', [...on, 'no_such_firm'], true));
      vcDocs = vcDocs.map((d) => (on.includes(d.id) ? { ...d, acceptsOnline: true } : d));
      expect((await vcCase({ acceptsOnline: true }, { page: 1, limit: 100 })).total).toBe(on.length);
      await vcCase({ acceptsOnline: true, countries: ['United States'] });
      await vcCase({ acceptsOnline: true, words: ['capital'] }, { page: 2, limit: 5 });
      const off = on.slice(0, 3);
      await subject.db.transaction().execute((tx) => subject.index.setAcceptsOnline(tx, 'vc', off, false));
      vcDocs = vcDocs.map((d) => (off.includes(d.id) ? { ...d, acceptsOnline: false } : d));
      expect((await vcCase({ acceptsOnline: true }, { page: 1, limit: 100 })).total).toBe(on.length - off.length);
      // Not known again (null): out of the filter, and judged on recency alone by the fit.
      const unknown = on.slice(3, 5);
      await subject.db.transaction().execute((tx) => subject.index.setAcceptsOnline(tx, 'vc', unknown, null));
      vcDocs = vcDocs.map((d) => (unknown.includes(d.id) ? { ...d, acceptsOnline: null } : d));
      expect((await vcCase({ acceptsOnline: true }, { page: 1, limit: 100 })).total).toBe(
        on.length - off.length - unknown.length,
      );
      // The verdicts move fit scores (usable up, none usable down): the fit order and bound follow them.
      const day = fitToday(FIT.today);
      const moved = vcDocs.filter(
        (d) =>
          d.acceptsOnline != null &&
          fitScore(FIT.profile, fitFirmOfDoc(d), day).score !==
            fitScore(FIT.profile, fitFirmOfDoc({ ...d, acceptsOnline: null }), day).score,
      );
      expect(moved.length).toBeGreaterThan(0);
      await vcCase({ fit: FIT }, { page: 1, limit: 100, order: 'fit' });
      await vcCase({ fit: FIT, countries: ['United States'] }, { page: 2, limit: 10, order: 'fit' });
      await vcCase({ fit: { ...FIT, min: 50 }, acceptsOnline: true }, { page: 1, limit: 25, order: 'fit' });
      // An unknown id did not become a document; a document put with the flag has it.
      expect((await vcCase({}, { page: 1, limit: 1 })).total).toBe(vcDocs.length);
      const put = { ...testDocs[1]!, acceptsOnline: true };
      await subject.db.transaction().execute((tx) => subject.index.putVcFirms(tx, 'test', [put]));
      expect((await subject.index.searchVcFirms('test', { acceptsOnline: true }, { page: 1, limit: 20 })).ids).toEqual([
        put.id,
      ]);
    });

    // Last: it changes the catalog the cases above were checked on.
    it('answers alike after documents are put again (moved, refiltered), added and removed', async () => {
      const changed = vcDocs
        .filter((_, i) => i % 7 === 0)
        .slice(0, 60)
        .map((d, i) => ({
          ...d,
          country: i % 2 ? 'Atlantis' : d.country,
          // Some move in the order, some lose their AUM, some change words.
          sortKey: i % 3 === 0 ? `aaa ${d.sortKey}` : d.sortKey,
          aum: i % 5 === 0 ? null : d.aum,
          text: i % 4 === 0 ? `${d.text} zanzibar` : d.text,
        }));
      const added = [...generateVcFirms({ seed: 99, count: 40 })]
        .map(vcSearchDoc)
        .map((d) => ({ ...d, id: `new_${d.id}` }));
      const removed = vcDocs
        .filter((_, i) => i % 11 === 0)
        .slice(0, 30)
        .map((d) => d.id);
      await subject.db.transaction().execute((tx) => subject.index.putVcFirms(tx, 'vc', [...changed, ...added]));
      await subject.db.transaction().execute((tx) => subject.index.removeVcFirms(tx, 'vc', removed));
      const byId = new Map(vcDocs.map((d) => [d.id, d]));
      for (const d of [...changed, ...added]) byId.set(d.id, d);
      for (const id of removed) byId.delete(id);
      vcDocs = [...byId.values()];

      expect((await vcCase({}, { page: 1, limit: 100 })).total).toBe(vcDocs.length);
      await vcCase({}, { page: Math.ceil(vcDocs.length / 200), limit: 100 });
      await vcCase({}, { page: Math.ceil(vcDocs.length / 100), limit: 100 });
      expect((await vcCase({ countries: ['Atlantis'] }, { page: 1, limit: 100 })).total).toBeGreaterThan(20);
      expect((await vcCase({ words: ['zanzibar'] }, { page: 1, limit: 100 })).total).toBeGreaterThan(0);
      await vcCase({ words: ['capital'] }, { page: 2, limit: 25 });
      await vcCase({ words: ['aaa'] }, { page: 1, limit: 25 });
      await vcCase({ aumMin: 10, countries: ['United States', 'Atlantis'] }, { page: 1, limit: 50 });
      const f: VcFilter = { words: ['ven'] };
      const all = referencePage(vcDocs, (d) => matchesVc(d, f), { page: 1, limit: 100_000 });
      expect(await subject.index.vcFirmIds('vc', f, 100_000)).toEqual(all);
      const facets = await subject.index.vcFacets('vc');
      expect(facets.countries).toEqual(referenceFacet(vcDocs, (d) => d.country));
      // The fit order merges changed documents by score and name.
      await vcCase({ fit: FIT }, { page: 1, limit: 50, order: 'fit' });
      await vcCase({ fit: FIT }, { page: 4, limit: 50, order: 'fit' });
      await vcCase(
        { fit: { ...FIT, min: 40 }, countries: ['Atlantis', 'Germany'] },
        { page: 1, limit: 100, order: 'fit' },
      );
      // Settled again (a bulk load's end): still the same answers.
      await subject.index.optimize();
      await vcCase({}, { page: Math.ceil(vcDocs.length / 200), limit: 100 });
      await vcCase({ countries: ['Atlantis'] }, { page: 1, limit: 100 });
      await vcCase({ fit: FIT }, { page: 2, limit: 50, order: 'fit' });
    });
  });
}
