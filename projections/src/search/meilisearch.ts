// Search index, Meilisearch adapter (when MEILI_URL is set). Settings make Meilisearch answer
// exactly like the Postgres adapter: every query word must match (no typos), the last word may be
// a prefix, and the order is the sort key then the id ('sort' is the first ranking rule).
import type { Tx } from '@fp/infra';
import { MeiliSearch, type EnqueuedTaskPromise, type Index, type Settings } from 'meilisearch';
import type { AngelSearchDoc, VcSearchDoc } from './documents';
import { FitScorer, fitFirmOfDoc, rankScored, type FitFields } from './fit';
import type {
  AngelFilter,
  Collection,
  FacetCount,
  PageRequest,
  SearchIndex,
  SearchPage,
  VcCollection,
  VcFilter,
} from './port';
import { sortFacets } from './reference';

export interface MeilisearchOptions {
  host: string;
  apiKey?: string;
  /** Index names start with it, so several apps (or test runs) can share one server. */
  prefix?: string;
  /** Most hits a query can count or page through; must exceed the largest catalog. */
  maxTotalHits?: number;
  /** How long to wait for one indexing task. */
  taskTimeoutMs?: number;
}

const SORT = ['sortKey:asc', 'id:asc'];
const RANKING = ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness'];

/** A filter value as a Meilisearch string literal. */
export function meiliString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
const anyOf = (field: string, values: readonly string[]) => `${field} IN [${values.map(meiliString).join(', ')}]`;

export function vcMeiliFilter(f: VcFilter): string[] {
  const c: string[] = [];
  if (f.countries) c.push(anyOf('country', f.countries));
  if (f.investorTypes) c.push(anyOf('investorType', f.investorTypes));
  if (f.aumMin !== undefined) c.push(`aum >= ${f.aumMin}`);
  if (f.aumMax !== undefined) c.push(`aum <= ${f.aumMax}`);
  if (f.stages) c.push(anyOf('stages', f.stages));
  if (f.checkSizeMin !== undefined) c.push(`checkSizeMax >= ${f.checkSizeMin}`);
  if (f.checkSizeMax !== undefined) c.push(`checkSizeMin <= ${f.checkSizeMax}`);
  if (f.lastInvestmentFrom !== undefined) c.push(`lastInvestment >= ${f.lastInvestmentFrom}`);
  if (f.lastInvestmentTo !== undefined) c.push(`lastInvestment <= ${f.lastInvestmentTo}`);
  if (f.acceptsOnline) c.push('acceptsOnline = true');
  return c;
}

export function angelMeiliFilter(f: AngelFilter): string[] {
  const c: string[] = [];
  if (f.locations) c.push(anyOf('location', f.locations));
  if (f.investmentMin !== undefined) c.push(`investments >= ${f.investmentMin}`);
  if (f.investmentMax !== undefined) c.push(`investments <= ${f.investmentMax}`);
  if (f.exitMin !== undefined) c.push(`exits >= ${f.exitMin}`);
  if (f.exitMax !== undefined) c.push(`exits <= ${f.exitMax}`);
  return c;
}

export class MeilisearchIndex implements SearchIndex {
  readonly kind = 'meilisearch' as const;
  readonly tables: string[] = [];
  private readonly client: MeiliSearch;
  private readonly names: Record<Collection, string>;
  private readonly maxTotalHits: number;
  private readonly timeout: number;
  private ready?: Promise<void>;

  constructor(opts: MeilisearchOptions) {
    this.client = new MeiliSearch({ host: opts.host, apiKey: opts.apiKey });
    const prefix = opts.prefix ?? 'fundflow_';
    this.names = { vc: `${prefix}vc_firms`, test: `${prefix}test_vc_firms`, angels: `${prefix}angels` };
    this.maxTotalHits = opts.maxTotalHits ?? 2_000_000;
    this.timeout = opts.taskTimeoutMs ?? 300_000;
  }

  /** Index names, e.g. to delete them after a test run. */
  get indexNames(): string[] {
    return Object.values(this.names);
  }

  private async wait(task: EnqueuedTaskPromise): Promise<void> {
    const done = await task.waitTask({ timeout: this.timeout, interval: 25 });
    if (done.status !== 'succeeded')
      throw new Error(`Meilisearch task ${done.uid} (${done.type}) ${done.status}: ${done.error?.message ?? ''}`);
  }

  private settings(kind: 'vc' | 'angels'): Settings {
    return {
      searchableAttributes: ['text'],
      filterableAttributes:
        kind === 'vc'
          ? [
              'country',
              'investorType',
              'aum',
              'stages',
              'checkSizeMin',
              'checkSizeMax',
              'lastInvestment',
              'acceptsOnline',
            ]
          : ['location', 'investments', 'exits'],
      sortableAttributes: ['sortKey', 'id'],
      rankingRules: RANKING,
      typoTolerance: { enabled: false },
      pagination: { maxTotalHits: this.maxTotalHits },
      faceting: { maxValuesPerFacet: 10_000 },
    };
  }

  init(): Promise<void> {
    this.ready ??= (async () => {
      for (const [collection, uid] of Object.entries(this.names) as [Collection, string][]) {
        try {
          await this.client.getIndex(uid);
        } catch {
          await this.wait(this.client.createIndex(uid, { primaryKey: 'id' }));
        }
        await this.wait(
          this.client.index(uid).updateSettings(this.settings(collection === 'angels' ? 'angels' : 'vc')),
        );
      }
    })().catch((err) => {
      this.ready = undefined;
      throw err;
    });
    return this.ready;
  }

  private async index(collection: Collection): Promise<Index> {
    await this.init();
    return this.client.index(this.names[collection]);
  }

  async putVcFirms(_tx: Tx, collection: VcCollection, docs: VcSearchDoc[]): Promise<void> {
    if (docs.length) await this.wait((await this.index(collection)).addDocuments(docs, { primaryKey: 'id' }));
  }

  async setAcceptsOnline(_tx: Tx, collection: VcCollection, ids: string[], value: boolean | null): Promise<void> {
    if (!ids.length) return;
    // A partial update: only the flag changes; an id not in the index must not become a document.
    const index = await this.index(collection);
    const known = await Promise.all(
      ids.map((id) =>
        index.getDocument(id, { fields: ['id'] }).then(
          () => id,
          () => null,
        ),
      ),
    );
    const docs = known.filter((id): id is string => id !== null).map((id) => ({ id, acceptsOnline: value }));
    if (docs.length) await this.wait(index.updateDocuments(docs, { primaryKey: 'id' }));
  }

  async putAngels(_tx: Tx, docs: AngelSearchDoc[]): Promise<void> {
    if (docs.length) await this.wait((await this.index('angels')).addDocuments(docs, { primaryKey: 'id' }));
  }

  async removeVcFirms(_tx: Tx, collection: VcCollection, ids: string[]): Promise<void> {
    if (ids.length) await this.wait((await this.index(collection)).deleteDocuments(ids));
  }

  async clear(_tx: Tx, collection: Collection): Promise<void> {
    await this.wait((await this.index(collection)).deleteAllDocuments());
  }

  private async query(
    collection: Collection,
    words: string[] | undefined,
    filter: string[],
    page: number,
    hitsPerPage: number,
  ): Promise<SearchPage> {
    const r = await (
      await this.index(collection)
    ).search(words?.length ? words.join(' ') : null, {
      filter,
      sort: SORT,
      page,
      hitsPerPage,
      attributesToRetrieve: ['id'],
      matchingStrategy: 'all',
    });
    return { ids: r.hits.map((h) => String(h.id)), total: r.totalHits };
  }

  searchVcFirms(collection: VcCollection, f: VcFilter, page: PageRequest): Promise<SearchPage> {
    if (page.order === 'fit' || f.fit?.min !== undefined)
      return this.byFit(collection, f, page.order ?? 'name', (page.page - 1) * page.limit, page.limit);
    return this.query(collection, f.words, vcMeiliFilter(f), page.page, page.limit);
  }

  vcFirmIds(collection: VcCollection, f: VcFilter, max: number): Promise<SearchPage> {
    if (f.fit?.min !== undefined) return this.byFit(collection, f, 'name', 0, max);
    return this.query(collection, f.words, vcMeiliFilter(f), 1, max);
  }

  /**
   * Fit order or bound: Meilisearch sorts only by stored attributes, and a fit score depends on
   * the founder, so the matches' fit fields are fetched (one request, only those attributes) and
   * ranked here with the same scorer as the other adapters. Costs a transfer per match: fine at
   * the spec's catalog size; a per-profile precomputed attribute would not scale with founders.
   */
  private async byFit(
    collection: VcCollection,
    f: VcFilter,
    order: 'name' | 'fit',
    offset: number,
    limit: number,
  ): Promise<SearchPage> {
    const fit = f.fit;
    if (!fit) throw new Error('The fit order needs filter.fit');
    const fields: Array<keyof FitFields | 'id' | 'sortKey'> = [
      'id',
      'sortKey',
      'stages',
      'sectors',
      'checkSizeMin',
      'checkSizeMax',
      'country',
      'investorStatus',
      'lastInvestment',
      'acceptsOnline',
    ];
    const r = await (
      await this.index(collection)
    ).search<FitFields & { id: string; sortKey: string }>(f.words?.length ? f.words.join(' ') : null, {
      filter: vcMeiliFilter(f),
      offset: 0,
      limit: this.maxTotalHits,
      attributesToRetrieve: fields,
      matchingStrategy: 'all',
    });
    const scorer = new FitScorer(fit);
    const hits = r.hits.map((h) => ({
      id: String(h.id),
      sortKey: h.sortKey,
      // Documents indexed before these fields existed lack them: unknown.
      score: scorer.score(
        fitFirmOfDoc({
          ...h,
          sectors: h.sectors ?? null,
          investorStatus: h.investorStatus ?? null,
          stages: h.stages ?? [],
        }),
      ),
    }));
    return rankScored(hits, fit.min, order, offset, limit);
  }

  private async facets(collection: Collection, fields: string[]): Promise<Record<string, FacetCount[]>> {
    const r = await (await this.index(collection)).search(null, { facets: fields, hitsPerPage: 0, page: 1 });
    const out: Record<string, FacetCount[]> = {};
    for (const field of fields) {
      const dist = r.facetDistribution?.[field] ?? {};
      out[field] = sortFacets(
        Object.entries(dist)
          .filter(([v]) => v !== '')
          .map(([value, count]) => ({ value, count })),
      );
    }
    return out;
  }

  async vcFacets(collection: VcCollection): Promise<{ countries: FacetCount[]; investorTypes: FacetCount[] }> {
    const f = await this.facets(collection, ['country', 'investorType']);
    return { countries: f.country!, investorTypes: f.investorType! };
  }

  searchAngels(f: AngelFilter, page: PageRequest): Promise<SearchPage> {
    return this.query('angels', f.words, angelMeiliFilter(f), page.page, page.limit);
  }

  angelIds(f: AngelFilter, max: number): Promise<SearchPage> {
    return this.query('angels', f.words, angelMeiliFilter(f), 1, max);
  }

  async angelFacets(): Promise<{ locations: FacetCount[] }> {
    return { locations: (await this.facets('angels', ['location'])).location! };
  }

  async optimize(): Promise<void> {
    // Meilisearch settles on its own once its indexing tasks are done (each write waited for them).
  }

  /** Deletes this adapter's indexes (test runs). */
  async drop(): Promise<void> {
    for (const uid of this.indexNames) await this.client.deleteIndexIfExists(uid);
    this.ready = undefined;
  }

  async close(): Promise<void> {
    // HTTP client: nothing to release.
  }
}
