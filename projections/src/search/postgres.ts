// Search index, Postgres adapter: tables from infra/migrations/401_catalog_search.sql, written in
// the projection's own transaction (so index rows and checkpoint never disagree).
import type { Db, Tx } from '@fp/infra';
import { sql, type RawBuilder } from 'kysely';
import type { AngelSearchDoc, VcSearchDoc } from './documents';
import type { AngelFilter, Collection, FacetCount, PageRequest, SearchIndex, SearchPage, VcCollection, VcFilter } from './port';
import { sortFacets } from './reference';

/** 'w1 & w2 & w3:*': every word, the last one as a prefix. Words are [a-z0-9]+ (searchWords). */
export function tsQuery(words: readonly string[]): string {
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

// Bounds are compared as float8: a filter like 3.7 on an integer column must not fail.
function vcWhere(collection: VcCollection, f: VcFilter): RawBuilder<unknown> {
  const c: RawBuilder<unknown>[] = [sql`collection = ${collection}`];
  if (f.countries) c.push(sql`country = any(${f.countries}::text[])`);
  if (f.investorTypes) c.push(sql`investor_type = any(${f.investorTypes}::text[])`);
  if (f.aumMin !== undefined) c.push(sql`aum >= ${f.aumMin}::float8`);
  if (f.aumMax !== undefined) c.push(sql`aum <= ${f.aumMax}::float8`);
  if (f.stages) c.push(sql`stages && ${f.stages}::text[]`);
  if (f.checkSizeMin !== undefined) c.push(sql`check_max >= ${f.checkSizeMin}::float8`);
  if (f.checkSizeMax !== undefined) c.push(sql`check_min <= ${f.checkSizeMax}::float8`);
  if (f.lastInvestmentFrom !== undefined) c.push(sql`last_investment >= ${f.lastInvestmentFrom}::float8`);
  if (f.lastInvestmentTo !== undefined) c.push(sql`last_investment <= ${f.lastInvestmentTo}::float8`);
  // Last: Postgres checks conditions of equal cost in the order written, and this one is dearest.
  if (f.words?.length) c.push(sql`tsv @@ to_tsquery('simple', ${tsQuery(f.words)})`);
  return sql.join(c, sql` and `);
}

function angelWhere(f: AngelFilter): RawBuilder<unknown> {
  const c: RawBuilder<unknown>[] = [sql`true`];
  if (f.locations) c.push(sql`location = any(${f.locations}::text[])`);
  if (f.investmentMin !== undefined) c.push(sql`investments >= ${f.investmentMin}::float8`);
  if (f.investmentMax !== undefined) c.push(sql`investments <= ${f.investmentMax}::float8`);
  if (f.exitMin !== undefined) c.push(sql`exits >= ${f.exitMin}::float8`);
  if (f.exitMax !== undefined) c.push(sql`exits <= ${f.exitMax}::float8`);
  if (f.words?.length) c.push(sql`tsv @@ to_tsquery('simple', ${tsQuery(f.words)})`);
  return sql.join(c, sql` and `);
}

export class PostgresSearchIndex implements SearchIndex {
  readonly kind = 'postgres' as const;
  readonly tables = ['search_vc_firms', 'search_angels'];

  constructor(private readonly db: Db) {}

  async init(): Promise<void> {
    // The schema comes with the migrations.
  }

  async putVcFirms(tx: Tx, collection: VcCollection, docs: VcSearchDoc[]): Promise<void> {
    if (!docs.length) return;
    await sql`
      insert into search_vc_firms (collection, id, sort_key, tsv, country, investor_type, aum, stages, check_min, check_max, last_investment)
      select ${collection}, d.id, d."sortKey", to_tsvector('simple', d.text), d.country, d."investorType", d.aum,
             coalesce(array(select jsonb_array_elements_text(d.stages)), '{}'), d."checkSizeMin", d."checkSizeMax", d."lastInvestment"
      from jsonb_to_recordset(${JSON.stringify(docs)}::jsonb) as d(
        id text, "sortKey" text, text text, country text, "investorType" text, aum double precision, stages jsonb,
        "checkSizeMin" integer, "checkSizeMax" integer, "lastInvestment" integer)
      on conflict (collection, id) do update set
        sort_key = excluded.sort_key, tsv = excluded.tsv, country = excluded.country, investor_type = excluded.investor_type,
        aum = excluded.aum, stages = excluded.stages, check_min = excluded.check_min, check_max = excluded.check_max,
        last_investment = excluded.last_investment`.execute(tx);
  }

  async putAngels(tx: Tx, docs: AngelSearchDoc[]): Promise<void> {
    if (!docs.length) return;
    await sql`
      insert into search_angels (id, sort_key, tsv, location, investments, exits)
      select d.id, d."sortKey", to_tsvector('simple', d.text), d.location, d.investments, d.exits
      from jsonb_to_recordset(${JSON.stringify(docs)}::jsonb) as d(id text, "sortKey" text, text text, location text, investments integer, exits integer)
      on conflict (id) do update set
        sort_key = excluded.sort_key, tsv = excluded.tsv, location = excluded.location, investments = excluded.investments, exits = excluded.exits`.execute(tx);
  }

  async clear(tx: Tx, collection: Collection): Promise<void> {
    if (collection === 'angels') await sql`truncate search_angels`.execute(tx);
    // The test catalog is tiny: a delete keeps the real catalog's rows untouched.
    else await sql`delete from search_vc_firms where collection = ${collection}`.execute(tx);
  }

  private async page(from: string, where: RawBuilder<unknown>, page: PageRequest): Promise<SearchPage> {
    const offset = (page.page - 1) * page.limit;
    const [rows, count] = await Promise.all([
      sql<{ id: string }>`select id from ${sql.table(from)} where ${where} order by sort_key, id limit ${page.limit} offset ${offset}`.execute(this.db),
      sql<{ n: number }>`select count(*)::int as n from ${sql.table(from)} where ${where}`.execute(this.db),
    ]);
    return { ids: rows.rows.map((r) => r.id), total: count.rows[0]!.n };
  }

  private async ids(from: string, where: RawBuilder<unknown>, max: number): Promise<SearchPage> {
    // One row more than allowed tells whether the total exceeds it, without counting twice.
    const rows = await sql<{ id: string }>`select id from ${sql.table(from)} where ${where} order by sort_key, id limit ${max + 1}`.execute(this.db);
    if (rows.rows.length <= max) return { ids: rows.rows.map((r) => r.id), total: rows.rows.length };
    const count = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(from)} where ${where}`.execute(this.db);
    return { ids: rows.rows.slice(0, max).map((r) => r.id), total: count.rows[0]!.n };
  }

  searchVcFirms(collection: VcCollection, filter: VcFilter, page: PageRequest): Promise<SearchPage> {
    return this.page('search_vc_firms', vcWhere(collection, filter), page);
  }

  vcFirmIds(collection: VcCollection, filter: VcFilter, max: number): Promise<SearchPage> {
    return this.ids('search_vc_firms', vcWhere(collection, filter), max);
  }

  async vcFacets(collection: VcCollection): Promise<{ countries: FacetCount[]; investorTypes: FacetCount[] }> {
    const facet = async (column: string) => {
      const r = await sql<FacetCount>`select ${sql.ref(column)} as value, count(*)::int as count from search_vc_firms
        where collection = ${collection} and ${sql.ref(column)} is not null and ${sql.ref(column)} <> '' group by 1`.execute(this.db);
      return sortFacets(r.rows);
    };
    const [countries, investorTypes] = await Promise.all([facet('country'), facet('investor_type')]);
    return { countries, investorTypes };
  }

  searchAngels(filter: AngelFilter, page: PageRequest): Promise<SearchPage> {
    return this.page('search_angels', angelWhere(filter), page);
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
