// Search index, Postgres adapter: tables from infra/migrations/401, 402, 420 and 421, written in the
// projection's own transaction (so index rows and checkpoint never disagree). Every write also
// numbers what it changed (420_search_changes.sql), which the in-process index (./memory/) follows.
import type { Db, Tx } from '@fp/infra';
import { sql, type RawBuilder } from 'kysely';
import type { AngelSearchDoc, VcSearchDoc } from './documents';
import { FitScorer, fitFirmOfDoc, rankScored, stagesOfTerms } from './fit';
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

// Exact-match filters (collection, country, type, stage, location) are lexemes of the same
// tsvector as the words, under a '#' prefix no search word can have ([a-z0-9] only, so even a
// one-letter prefix query never reaches them). One GIN index then answers text and these filters
// together, and after VACUUM a count needs no table pages at all. Numeric bounds stay btree.
const tag = (field: string, value: string) => `#${field}=${value}`;

/** A lexeme as a tsquery literal: quoted, with quotes doubled and backslashes escaped. */
export const tsLiteral = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
/** The registry's verdicts, lexemes like the other exact filters: a usable form, or none the automation can use. */
export const ACCEPTS_ONLINE = tag('f', 'online');
export const NO_ONLINE_FORM = tag('f', 'noform');

/** The registry's verdict of a document from its terms (null: not known). */
export function acceptsOnlineOfTerms(terms: readonly string[]): boolean | null {
  return terms.includes(ACCEPTS_ONLINE) ? true : terms.includes(NO_ONLINE_FORM) ? false : null;
}
const anyOf = (field: string, values: readonly string[]) =>
  `( ${values.map((v) => tsLiteral(tag(field, v))).join(' | ')} )`;

/** Every query word, the last one as a prefix: 'w1' & 'w2' & 'w3':* (words are [a-z0-9]+). */
export function tsQuery(words: readonly string[]): string {
  return words.map((w, i) => `${tsLiteral(w)}${i === words.length - 1 ? ':*' : ''}`).join(' & ');
}

export function vcLexemes(collection: VcCollection, d: VcSearchDoc): string[] {
  const out = new Set(d.text ? d.text.split(' ') : []);
  out.add(tag('col', collection));
  if (d.country) out.add(tag('c', d.country));
  if (d.investorType) out.add(tag('t', d.investorType));
  for (const s of d.stages) out.add(tag('s', s));
  if (d.acceptsOnline === true) out.add(ACCEPTS_ONLINE);
  if (d.acceptsOnline === false) out.add(NO_ONLINE_FORM);
  return [...out];
}

export function angelLexemes(d: AngelSearchDoc): string[] {
  const out = new Set(d.text ? d.text.split(' ') : []);
  out.add(tag('col', 'angels'));
  if (d.location) out.add(tag('l', d.location));
  return [...out];
}

function vcQuery(collection: VcCollection, f: VcFilter): string {
  const parts = [tsLiteral(tag('col', collection))];
  if (f.words?.length) parts.push(tsQuery(f.words));
  if (f.countries) parts.push(anyOf('c', f.countries));
  if (f.investorTypes) parts.push(anyOf('t', f.investorTypes));
  if (f.stages) parts.push(anyOf('s', f.stages));
  if (f.acceptsOnline) parts.push(tsLiteral(ACCEPTS_ONLINE));
  return parts.join(' & ');
}

const hasAny = (f: object) => Object.values(f).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0));

// Bounds are compared as float8: a filter like 3.7 on an integer column must not fail.
function vcWhere(collection: VcCollection, f: VcFilter): RawBuilder<unknown> {
  // No filter: the btree column lets the sort index answer alone (index-only after VACUUM).
  if (!hasAny(f)) return sql`collection = ${collection}`;
  const c: RawBuilder<unknown>[] = [sql`tsv @@ ${vcQuery(collection, f)}::tsquery`];
  if (f.aumMin !== undefined) c.push(sql`aum >= ${f.aumMin}::float8`);
  if (f.aumMax !== undefined) c.push(sql`aum <= ${f.aumMax}::float8`);
  if (f.checkSizeMin !== undefined) c.push(sql`check_max >= ${f.checkSizeMin}::float8`);
  if (f.checkSizeMax !== undefined) c.push(sql`check_min <= ${f.checkSizeMax}::float8`);
  if (f.lastInvestmentFrom !== undefined) c.push(sql`last_investment >= ${f.lastInvestmentFrom}::float8`);
  if (f.lastInvestmentTo !== undefined) c.push(sql`last_investment <= ${f.lastInvestmentTo}::float8`);
  return sql.join(c, sql` and `);
}

function angelWhere(f: AngelFilter): RawBuilder<unknown> {
  if (!hasAny(f)) return sql`true`;
  const parts = [tsLiteral(tag('col', 'angels'))];
  if (f.words?.length) parts.push(tsQuery(f.words));
  if (f.locations) parts.push(anyOf('l', f.locations));
  const c: RawBuilder<unknown>[] = [sql`tsv @@ ${parts.join(' & ')}::tsquery`];
  if (f.investmentMin !== undefined) c.push(sql`investments >= ${f.investmentMin}::float8`);
  if (f.investmentMax !== undefined) c.push(sql`investments <= ${f.investmentMax}::float8`);
  if (f.exitMin !== undefined) c.push(sql`exits >= ${f.exitMin}::float8`);
  if (f.exitMax !== undefined) c.push(sql`exits <= ${f.exitMax}::float8`);
  return sql.join(c, sql` and `);
}

/**
 * Writers of the index take this lock until they commit, so change numbers (drawn after it) become
 * visible in increasing order: a reader that saw number N has seen every change up to N.
 */
async function lockWrites(tx: Tx): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SEARCH_WRITE_LOCK})`.execute(tx);
}
/** Advisory lock key of index writes ('srch' in ASCII). */
const SEARCH_WRITE_LOCK = 0x73726368;

/** Separates list values in text columns (terms, sectors): chr(31). */
export const SEP = '\u001f';

/** The fit fields of a row of search_vc_firms. */
export interface FitRow {
  id: string;
  sort_key: string;
  terms: string;
  country: string | null;
  check_min: number | null;
  check_max: number | null;
  last_investment: number | null;
  sectors: string | null;
  investor_status: string | null;
}

export function fitFieldsOfRow(r: Omit<FitRow, 'id' | 'sort_key'>) {
  const terms = r.terms ? r.terms.split(SEP) : [];
  return {
    stages: stagesOfTerms(terms),
    acceptsOnline: acceptsOnlineOfTerms(terms),
    sectors: r.sectors ? r.sectors.split(SEP) : null,
    checkSizeMin: r.check_min,
    checkSizeMax: r.check_max,
    country: r.country,
    investorStatus: r.investor_status,
    lastInvestment: r.last_investment,
  };
}

/** Up to this many rows (the spec's catalog sizes), filtered pages are answered in one pass. */
export const ONE_PASS_ROWS = 100_000;

export class PostgresSearchIndex implements SearchIndex {
  readonly kind = 'postgres' as const;
  readonly tables = ['search_vc_firms', 'search_angels'];

  private readonly sizes = new Map<string, { rows: number; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly opts: { onePassRows?: number } = {},
  ) {}

  async init(): Promise<void> {
    // The schema comes with the migrations.
  }

  async putVcFirms(tx: Tx, collection: VcCollection, docs: VcSearchDoc[]): Promise<void> {
    if (!docs.length) return;
    await lockWrites(tx);
    // Words and stages travel as lexemes only.
    const rows = docs.map((d) => {
      const { text: _text, stages: _stages, sectors, ...columns } = d;
      // Documents saved before sectors and status were indexed lack them (unknown).
      return {
        ...columns,
        investorStatus: d.investorStatus ?? null,
        sectors: sectors?.length ? sectors.join(SEP) : null,
        lexemes: vcLexemes(collection, d),
      };
    });
    await sql`
      insert into search_vc_firms (collection, id, sort_key, tsv, terms, country, investor_type, aum, check_min, check_max, last_investment, sectors, investor_status)
      select ${collection}, d.id, d."sortKey", array_to_tsvector(array(select jsonb_array_elements_text(d.lexemes))),
             array_to_string(array(select jsonb_array_elements_text(d.lexemes)), chr(31)), d.country, d."investorType", d.aum,
             d."checkSizeMin", d."checkSizeMax", d."lastInvestment", d.sectors, d."investorStatus"
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as d(
        id text, "sortKey" text, lexemes jsonb, country text, "investorType" text, aum double precision,
        "checkSizeMin" integer, "checkSizeMax" integer, "lastInvestment" integer, sectors text, "investorStatus" text)
      on conflict (collection, id) do update set
        sort_key = excluded.sort_key, tsv = excluded.tsv, terms = excluded.terms, country = excluded.country, investor_type = excluded.investor_type,
        aum = excluded.aum, check_min = excluded.check_min, check_max = excluded.check_max,
        last_investment = excluded.last_investment, sectors = excluded.sectors, investor_status = excluded.investor_status, seq = excluded.seq`.execute(
      tx,
    );
  }

  async putAngels(tx: Tx, docs: AngelSearchDoc[]): Promise<void> {
    if (!docs.length) return;
    await lockWrites(tx);
    const rows = docs.map((d) => {
      const { text: _text, ...columns } = d;
      return { ...columns, lexemes: angelLexemes(d) };
    });
    await sql`
      insert into search_angels (id, sort_key, tsv, terms, location, investments, exits)
      select d.id, d."sortKey", array_to_tsvector(array(select jsonb_array_elements_text(d.lexemes))),
             array_to_string(array(select jsonb_array_elements_text(d.lexemes)), chr(31)), d.location, d.investments, d.exits
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as d(id text, "sortKey" text, lexemes jsonb, location text, investments integer, exits integer)
      on conflict (id) do update set
        sort_key = excluded.sort_key, tsv = excluded.tsv, terms = excluded.terms, location = excluded.location, investments = excluded.investments, exits = excluded.exits,
        seq = excluded.seq`.execute(tx);
  }

  async setAcceptsOnline(tx: Tx, collection: VcCollection, ids: string[], value: boolean | null): Promise<void> {
    if (!ids.length) return;
    await lockWrites(tx);
    // Both verdicts' lexemes go out of the tsvector and the terms, the new one (if any) in; a new
    // change number lets the in-process index follow.
    const kept = sql`array_remove(array_remove(string_to_array(terms, chr(31)), ${ACCEPTS_ONLINE}), ${NO_ONLINE_FORM})`;
    const cleared = sql`ts_delete(tsv, array[${ACCEPTS_ONLINE}, ${NO_ONLINE_FORM}]::text[])`;
    const lexeme = value === null ? null : value ? ACCEPTS_ONLINE : NO_ONLINE_FORM;
    const terms = lexeme
      ? sql`array_to_string(array_append(${kept}, ${lexeme}), chr(31))`
      : sql`array_to_string(${kept}, chr(31))`;
    const tsv = lexeme ? sql`${cleared} || array_to_tsvector(array[${lexeme}]::text[])` : cleared;
    await sql`update search_vc_firms set tsv = ${tsv}, terms = ${terms}, seq = nextval('search_change_seq')
      where collection = ${collection} and id = any(${ids}::text[])`.execute(tx);
  }

  async removeVcFirms(tx: Tx, collection: VcCollection, ids: string[]): Promise<void> {
    if (!ids.length) return;
    await lockWrites(tx);
    await sql`delete from search_vc_firms where collection = ${collection} and id = any(${ids}::text[])`.execute(tx);
    await sql`insert into search_removals (collection, id) select ${collection}, unnest(${ids}::text[])`.execute(tx);
  }

  async clear(tx: Tx, collection: Collection): Promise<void> {
    await lockWrites(tx);
    // A truncate records its removal itself (trigger of migration 420).
    if (collection === 'angels') return void (await sql`truncate search_angels`.execute(tx));
    // The test catalog is tiny: a delete keeps the real catalog's rows untouched.
    await sql`delete from search_vc_firms where collection = ${collection}`.execute(tx);
    await sql`insert into search_removals (collection) values (${collection})`.execute(tx);
  }

  private async page(
    from: string,
    where: RawBuilder<unknown>,
    filtered: boolean,
    page: PageRequest,
  ): Promise<SearchPage> {
    const offset = (page.page - 1) * page.limit;
    const ordered = () =>
      sql<{
        id: string;
      }>`select id from ${sql.table(from)} where ${where} order by sort_key, id limit ${page.limit} offset ${offset}`.execute(
        this.db,
      );
    const counted = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(from)} where ${where}`.execute(this.db))
        .rows[0]!.n;
    if (!filtered) {
      // The whole collection: the sort index gives the page directly.
      const [rows, total] = await Promise.all([ordered(), counted()]);
      return { ids: rows.rows.map((r) => r.id), total };
    }
    const size = await this.tableSize(from);
    if (size <= (this.opts.onePassRows ?? ONE_PASS_ROWS)) {
      // A catalog of this size: one pass finds, counts and sorts the matches.
      const rows = await sql<{ id: string; total: number }>`
        select id, count(*) over ()::int as total from ${sql.table(from)} where ${where} order by sort_key, id limit ${page.limit} offset ${offset}`.execute(
        this.db,
      );
      if (rows.rows.length) return { ids: rows.rows.map((r) => r.id), total: rows.rows[0]!.total };
      return { ids: [], total: await counted() };
    }
    const total = await counted();
    if (total === 0 || offset >= total) return { ids: [], total };
    // Walking the sort index and filtering row by row reads about (offset + limit) / density rows:
    // quick when matches are dense. When they are sparse, the matches are found once by whichever
    // index suits the filters, then sorted.
    const walk = ((offset + page.limit) * size) / total;
    if (walk <= 4 * total) return { ids: (await ordered()).rows.map((r) => r.id), total };
    const rows = await sql<{ id: string }>`
      with m as materialized (select id, sort_key from ${sql.table(from)} where ${where})
      select id from m order by sort_key, id limit ${page.limit} offset ${offset}`.execute(this.db);
    return { ids: rows.rows.map((r) => r.id), total };
  }

  /** Rows of a table as the planner's statistics know them (refreshed by optimize() and autovacuum). */
  private async tableSize(table: string): Promise<number> {
    const cached = this.sizes.get(table);
    if (cached && Date.now() - cached.at < 10_000) return cached.rows;
    const r = await sql<{
      n: number;
    }>`select greatest(reltuples, 1)::float8 as n from pg_class where oid = ${table}::regclass`.execute(this.db);
    const rows = Number(r.rows[0]?.n ?? 1);
    this.sizes.set(table, { rows, at: Date.now() });
    return rows;
  }

  private async ids(from: string, where: RawBuilder<unknown>, max: number): Promise<SearchPage> {
    // One array instead of one row per id (tens of thousands): far less for the driver to parse.
    // One id more than allowed tells whether the total exceeds it, without counting twice.
    const r = await sql<{ ids: string[] | null }>`
      select array_agg(id order by sort_key, id) as ids
      from (select id, sort_key from ${sql.table(from)} where ${where} order by sort_key, id limit ${max + 1}) s`.execute(
      this.db,
    );
    const ids = r.rows[0]?.ids ?? [];
    if (ids.length <= max) return { ids, total: ids.length };
    const count = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(from)} where ${where}`.execute(
      this.db,
    );
    return { ids: ids.slice(0, max), total: count.rows[0]!.n };
  }

  searchVcFirms(collection: VcCollection, filter: VcFilter, page: PageRequest): Promise<SearchPage> {
    const { fit: _fit, ...rest } = filter;
    if (page.order === 'fit' || filter.fit?.min !== undefined)
      return this.byFit(collection, filter, page.order ?? 'name', (page.page - 1) * page.limit, page.limit);
    return this.page('search_vc_firms', vcWhere(collection, rest), hasAny(rest), page);
  }

  vcFirmIds(collection: VcCollection, filter: VcFilter, max: number): Promise<SearchPage> {
    const { fit: _fit, ...rest } = filter;
    if (filter.fit?.min !== undefined) return this.byFit(collection, filter, 'name', 0, max);
    return this.ids('search_vc_firms', vcWhere(collection, rest), max);
  }

  /**
   * Fit order or a fit bound: the matches' fit fields are read and scored here (./fit.ts), as SQL
   * cannot run the rules. Reads every match: fine at the spec's 29,000 firms, where this adapter
   * serves while the in-process index loads; the in-process index scores without reading rows.
   */
  private async byFit(
    collection: VcCollection,
    filter: VcFilter,
    order: 'name' | 'fit',
    offset: number,
    limit: number,
  ): Promise<SearchPage> {
    const { fit, ...rest } = filter;
    if (!fit) throw new Error('The fit order needs filter.fit');
    const rows =
      await sql<FitRow>`select id, sort_key, terms, country, check_min, check_max, last_investment, sectors, investor_status
      from search_vc_firms where ${vcWhere(collection, rest)}`.execute(this.db);
    const scorer = new FitScorer(fit);
    return rankScored(
      rows.rows.map((r) => ({ id: r.id, sortKey: r.sort_key, score: scorer.score(fitFirmOfDoc(fitFieldsOfRow(r))) })),
      fit.min,
      order,
      offset,
      limit,
    );
  }

  async vcFacets(collection: VcCollection): Promise<{ countries: FacetCount[]; investorTypes: FacetCount[] }> {
    const facet = async (column: string) => {
      const r = await sql<FacetCount>`select ${sql.ref(column)} as value, count(*)::int as count from search_vc_firms
        where collection = ${collection} and ${sql.ref(column)} is not null and ${sql.ref(column)} <> '' group by 1`.execute(
        this.db,
      );
      return sortFacets(r.rows);
    };
    const [countries, investorTypes] = await Promise.all([facet('country'), facet('investor_type')]);
    return { countries, investorTypes };
  }

  searchAngels(filter: AngelFilter, page: PageRequest): Promise<SearchPage> {
    return this.page('search_angels', angelWhere(filter), hasAny(filter), page);
  }

  angelIds(filter: AngelFilter, max: number): Promise<SearchPage> {
    return this.ids('search_angels', angelWhere(filter), max);
  }

  async angelFacets(): Promise<{ locations: FacetCount[] }> {
    const r = await sql<FacetCount>`select location as value, count(*)::int as count from search_angels
      where location is not null and location <> '' group by 1`.execute(this.db);
    return { locations: sortFacets(r.rows) };
  }

  async optimize(): Promise<void> {
    // After a bulk load: fresh statistics for the planner, and a visibility map so that the
    // (collection, sort_key, id) index answers id lists without visiting the table.
    await sql`vacuum (analyze) search_vc_firms, search_angels`.execute(this.db);
  }

  async close(): Promise<void> {
    // The pool belongs to the composition root.
  }
}
