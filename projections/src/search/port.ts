// The search index port: what the catalog needs from a search engine. Two adapters implement it
// (Postgres, Meilisearch) and pass one contract suite (./contract.ts) against the reference
// semantics in ./reference.ts: same filters → same totals, same pages, same order.
import type { FitProfile } from '@fp/contracts';
import type { Tx } from '@fp/infra';
import type { AngelSearchDoc, VcSearchDoc } from './documents';

/** The two VC firm collections: the real catalog and the test catalog (sandbox sites). */
export type VcCollection = 'vc' | 'test';
export type Collection = VcCollection | 'angels';

/**
 * Filters, already normalised. A missing field does not filter. Text: every word must be a word of
 * the record, the last one may be a prefix of one. Lists match any of their values exactly
 * (an unknown value matches nothing). Bounds are inclusive; a record without the value (AUM 'N/A',
 * no date) fails any bound on it.
 */
export interface VcFilter {
  words?: string[];
  countries?: string[];
  investorTypes?: string[];
  aumMin?: number;
  aumMax?: number;
  /** The firm invests in at least one of these stages. */
  stages?: string[];
  /** The firm's typical cheque range overlaps [checkSizeMin, checkSizeMax] (USD thousands). */
  checkSizeMin?: number;
  checkSizeMax?: number;
  /** YYYYMMDD */
  lastInvestmentFrom?: number;
  lastInvestmentTo?: number;
  /** true: only firms whose application form the registry found usable ("Accepts online applications"). */
  acceptsOnline?: boolean;
  /** The founder the fit is measured for: needed by the fit order, and filters when `min` is set. */
  fit?: FitQuery;
}

/**
 * Fit of each firm for one founder: `fitScore` of @fp/contracts, nothing else. The day
 * is part of the query (the activity factor counts from it), so one request scores against one date.
 */
export interface FitQuery {
  profile: FitProfile;
  /** YYYY-MM-DD (`fitDay`). */
  today: string;
  /** Only firms scoring at least this (0–100). */
  min?: number;
}

export interface AngelFilter {
  words?: string[];
  /** Location strings (the filter options), matched exactly. */
  locations?: string[];
  investmentMin?: number;
  investmentMax?: number;
  exitMin?: number;
  exitMax?: number;
}

export interface PageRequest {
  /** 1-based */
  page: number;
  limit: number;
  /**
   * 'name' (default): sort key, then id. 'fit' (VC firms, needs `filter.fit`): score, highest
   * first, ties in the name order — total and stable like the name order.
   */
  order?: 'name' | 'fit';
}

export interface SearchPage {
  /** Ids of the page, in the order asked (by default sort key, then id). */
  ids: string[];
  total: number;
}

export interface FacetCount {
  value: string;
  count: number;
}

/** What an index loading into the process has done so far. */
export interface IndexLoading {
  /** Documents read into the new memory so far (0 before a reload starts). */
  read: number;
  /** Documents the reload reads in all (null before it has counted them). */
  total: number | null;
}

export interface SearchIndex {
  readonly kind: 'postgres' | 'memory' | 'meilisearch';
  /** Postgres tables the adapter keeps (emptied when its projection is rebuilt). */
  readonly tables: string[];
  /** Creates indexes and settings when missing. Safe to call again. */
  init(): Promise<void>;
  /** Adds or replaces documents. `tx` is the projection's transaction (used by the Postgres adapter). */
  putVcFirms(tx: Tx, collection: VcCollection, docs: VcSearchDoc[]): Promise<void>;
  putAngels(tx: Tx, docs: AngelSearchDoc[]): Promise<void>;
  /**
   * Sets the registry's verdict on these documents (unknown ids are ignored): true "accepts online
   * applications" (the filter), false no usable form, null not known (both count in the fit order).
   */
  setAcceptsOnline(tx: Tx, collection: VcCollection, ids: string[], value: boolean | null): Promise<void>;
  /** Removes these documents (unknown ids are ignored). */
  removeVcFirms(tx: Tx, collection: VcCollection, ids: string[]): Promise<void>;
  /** Removes every document of a collection. */
  clear(tx: Tx, collection: Collection): Promise<void>;
  searchVcFirms(collection: VcCollection, filter: VcFilter, page: PageRequest): Promise<SearchPage>;
  /** All matching ids in name order (fit.min applies), at most `max` of them, and the full total. */
  vcFirmIds(collection: VcCollection, filter: VcFilter, max: number): Promise<SearchPage>;
  vcFacets(collection: VcCollection): Promise<{ countries: FacetCount[]; investorTypes: FacetCount[] }>;
  searchAngels(filter: AngelFilter, page: PageRequest): Promise<SearchPage>;
  angelIds(filter: AngelFilter, max: number): Promise<SearchPage>;
  angelFacets(): Promise<{ locations: FacetCount[] }>;
  /** Starts, in the background, whatever the engine loads before it answers at full speed (at process start). */
  warm?(): void;
  /**
   * Engines that load into the process (the in-process index): null when they answer at full
   * speed with every committed change, else what they are loading. Readiness reports it, so a
   * balancer keeps traffic away while queries would fall back to the slower tables.
   */
  loading?(): Promise<IndexLoading | null>;
  /** After a bulk load, outside any transaction: lets the engine settle (statistics, compaction, memory). */
  optimize(): Promise<void>;
  close(): Promise<void>;
}
