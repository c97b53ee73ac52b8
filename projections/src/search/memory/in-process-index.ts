// Long file: one class whose freshness protocol (catch up, merge changes, reload) is easier to check read
// together.
// The in-process search index (docs/catalog.md, "Search index"): the Postgres tables stay the
// durable index, written in the projection's transaction by the Postgres adapter; each process also
// holds them in memory as posting lists over the documents in their one order, so a query is a few
// bitset operations and its total a population count, whatever the number of matches.
//
// Freshness: every index write is numbered (migration 420). Before answering, a process reads the
// highest number; if it moved, it reads what changed since (a small delta beside the base, or a
// full reload in the background after a bulk load). Until the memory is current, queries are
// answered by the Postgres adapter, so an answer never lags the committed index.
import type { Db, Tx } from '@fp/infra';
import { sql } from 'kysely';
import type { AngelSearchDoc, VcSearchDoc } from '../documents';
import type {
  AngelFilter,
  Collection,
  FacetCount,
  IndexLoading,
  PageRequest,
  SearchIndex,
  SearchPage,
  VcCollection,
  VcFilter,
} from '../port';
import { PostgresSearchIndex } from '../postgres';
import { SegmentBuilder } from './builder';
import { CollectionState, FOLD_AT } from './collection';
import { angelPlan, fitPlan, vcPlan } from './plan';
import { Segment } from './postings';
import { COLLECTIONS, fieldsOf, fitOfRow, selectRows, toRow, type Row, type SourceRow } from './rows';

const FACET_TAGS: Record<Collection, string[]> = { vc: ['#c=', '#t='], test: ['#c=', '#t='], angels: ['#l='] };

export interface InProcessOptions {
  /** Changes read one by one into the delta; more than this at once (a bulk load) means a reload. */
  deltaMax?: number;
  /** Rows per read while loading. */
  chunk?: number;
  /** Rebuild the base from the tables when the index settles after a bulk load (optimize). Default true. */
  rebuildOnOptimize?: boolean;
  log?: (message: string) => void;
}

export class InProcessSearchIndex implements SearchIndex {
  readonly kind = 'memory' as const;
  readonly pg: PostgresSearchIndex;
  get tables() {
    return this.pg.tables;
  }

  private state: Map<Collection, CollectionState> | null = null;
  /** Highest change number the memory reflects. */
  private seen = 0;
  /** The memory misses changes (a bulk load): answers come from Postgres until the reload ends. */
  private stale = true;
  /** Bumped by each reload, so a catch-up read before it is not applied after it. */
  private generation = 0;
  private reloading: Promise<void> | null = null;
  private nextReloadAt = 0;
  private checking: Promise<boolean> | null = null;
  private queued: Promise<boolean> | null = null;
  private closed = false;
  private readonly deltaMax: number;
  /** Queries answered from memory and by the Postgres adapter (while the memory was not current). */
  readonly answered = { memory: 0, postgres: 0 };
  /** Milliseconds the last full load took, and documents it held (for the bench). */
  lastLoad: { ms: number; docs: number } | null = null;
  /** The reload under way: documents read so far and in all (readiness shows it). */
  private progress: IndexLoading = { read: 0, total: null };

  constructor(
    private readonly db: Db,
    private readonly opts: InProcessOptions = {},
  ) {
    this.pg = new PostgresSearchIndex(db);
    this.deltaMax = opts.deltaMax ?? 5_000;
  }

  async init(): Promise<void> {
    // The schema comes with the migrations.
  }

  /** Starts loading the memory in the background (at process start). */
  warm(): void {
    void this.reload().catch(() => undefined);
  }

  /** Resolves when the memory holds every committed change (loading it if needed). */
  async ready(): Promise<void> {
    while (!this.closed) {
      if (await this.fresh()) return;
      await this.reload();
    }
  }

  putVcFirms(tx: Tx, collection: VcCollection, docs: VcSearchDoc[]): Promise<void> {
    return this.pg.putVcFirms(tx, collection, docs);
  }

  putAngels(tx: Tx, docs: AngelSearchDoc[]): Promise<void> {
    return this.pg.putAngels(tx, docs);
  }

  setAcceptsOnline(tx: Tx, collection: VcCollection, ids: string[], value: boolean | null): Promise<void> {
    return this.pg.setAcceptsOnline(tx, collection, ids, value);
  }

  removeVcFirms(tx: Tx, collection: VcCollection, ids: string[]): Promise<void> {
    return this.pg.removeVcFirms(tx, collection, ids);
  }

  clear(tx: Tx, collection: Collection): Promise<void> {
    return this.pg.clear(tx, collection);
  }

  async searchVcFirms(collection: VcCollection, filter: VcFilter, page: PageRequest): Promise<SearchPage> {
    if (!(await this.current())) return this.pg.searchVcFirms(collection, filter, page);
    return this.state!.get(collection)!.query(
      vcPlan(filter),
      (page.page - 1) * page.limit,
      page.limit,
      fitPlan(filter, page.order ?? 'name'),
    );
  }

  async vcFirmIds(collection: VcCollection, filter: VcFilter, max: number): Promise<SearchPage> {
    if (!(await this.current())) return this.pg.vcFirmIds(collection, filter, max);
    return this.state!.get(collection)!.query(vcPlan(filter), 0, max, fitPlan(filter, 'name'));
  }

  async vcFacets(collection: VcCollection): Promise<{ countries: FacetCount[]; investorTypes: FacetCount[] }> {
    if (!(await this.current())) return this.pg.vcFacets(collection);
    const s = this.state!.get(collection)!;
    return { countries: s.facet('#c='), investorTypes: s.facet('#t=') };
  }

  async searchAngels(filter: AngelFilter, page: PageRequest): Promise<SearchPage> {
    if (!(await this.current())) return this.pg.searchAngels(filter, page);
    return this.state!.get('angels')!.query(angelPlan(filter), (page.page - 1) * page.limit, page.limit);
  }

  async angelIds(filter: AngelFilter, max: number): Promise<SearchPage> {
    if (!(await this.current())) return this.pg.angelIds(filter, max);
    return this.state!.get('angels')!.query(angelPlan(filter), 0, max);
  }

  async angelFacets(): Promise<{ locations: FacetCount[] }> {
    if (!(await this.current())) return this.pg.angelFacets();
    return { locations: this.state!.get('angels')!.facet(FACET_TAGS.angels[0]!) };
  }

  /** After a bulk load: Postgres settles, and the memory is rebuilt from the tables in one piece. */
  async optimize(): Promise<void> {
    await this.pg.optimize();
    if (this.opts.rebuildOnOptimize === false) return;
    // A reload already under way may have read before the last writes: wait, then read again.
    await this.reloading?.catch(() => undefined);
    await this.reload();
    await this.ready();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.reloading?.catch(() => undefined);
    this.state = null;
  }

  /**
   * Null when the memory holds every committed change (catching up first, as a query would); else
   * how far the reload has got. Not counted as a query.
   */
  async loading(): Promise<IndexLoading | null> {
    if (this.closed || (await this.fresh())) return null;
    return this.reloading ? { ...this.progress } : { read: 0, total: null };
  }

  /** Memory figures for the bench: documents and posting entries held. */
  stats(): { docs: number; delta: number } {
    let docs = 0;
    let delta = 0;
    for (const s of this.state?.values() ?? []) {
      docs += s.base.aliveCount + s.delta.size;
      delta += s.delta.size;
    }
    return { docs, delta };
  }

  private async current(): Promise<boolean> {
    const yes = await this.fresh();
    this.answered[yes ? 'memory' : 'postgres']++;
    return yes;
  }

  /**
   * Whether the memory now reflects every change committed before the call. Concurrent callers
   * share one check; a caller arriving during a check waits for the next one, which starts after
   * it (the running one may have read the change number before the caller's own commit).
   */
  private fresh(): Promise<boolean> {
    if (!this.checking) {
      this.checking = this.catchUp().finally(() => {
        this.checking = null;
      });
      return this.checking;
    }
    this.queued ??= this.checking
      .catch(() => false)
      .then(() => {
        this.queued = null;
        return this.fresh();
      });
    return this.queued;
  }

  /** Runs `read` in one repeatable-read snapshot, with the highest change number that snapshot holds. */
  private snapshot<T>(read: (tx: Tx, upTo: number) => Promise<T>): Promise<T> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (tx) => read(tx, await this.latest(tx)));
  }

  private async latest(db: Db | Tx): Promise<number> {
    const r = await sql<{ n: string }>`select greatest(
        (select max(seq) from search_vc_firms), (select max(seq) from search_angels), (select max(seq) from search_removals), 0)::text as n`.execute(
      db,
    );
    return Number(r.rows[0]!.n);
  }

  private async catchUp(): Promise<boolean> {
    if (this.closed) return false;
    if (this.stale) {
      this.reloadSoon();
      return false;
    }
    const latest = await this.latest(this.db);
    if (latest === this.seen) return true;
    const generation = this.generation;
    const from = this.seen;
    const changes = await this.snapshot(async (tx, upTo) => {
      if ((await countChanged(tx, from, upTo, this.deltaMax)) > this.deltaMax) return null;
      const removals = await removalsIn(tx, from, upTo);
      const changed = (table: 'search_vc_firms' | 'search_angels') =>
        sql<SourceRow>`${selectRows(table)} where seq > ${from} and seq <= ${upTo}`.execute(tx);
      const rows = [...(await changed('search_vc_firms')).rows, ...(await changed('search_angels')).rows];
      return { upTo, removals, rows };
    });
    if (this.generation !== generation || this.stale) return this.catchUp();
    if (!changes) {
      // A bulk load: reading it change by change would be slower than reading it whole.
      this.stale = true;
      this.reloadSoon();
      return false;
    }
    const state = this.state!;
    for (const r of changes.removals) {
      const s = state.get(r.collection);
      if (!s) continue;
      if (r.id === null) state.set(r.collection, new CollectionState(Segment.empty(fieldsOf(r.collection))));
      else s.remove(r.id);
    }
    for (const r of changes.rows) state.get(r.collection)!.put(toRow(r, fieldsOf(r.collection)));
    this.seen = changes.upTo;
    // A delta is matched document by document: past a few thousand it is merged into the base.
    for (const s of state.values()) if (s.delta.size > FOLD_AT) s.fold();
    return true;
  }

  /**
   * A reload asked for by queries: during a long bulk load they would otherwise reload back to
   * back, so after one the next waits as long as it took.
   */
  private reloadSoon(): void {
    if (Date.now() >= this.nextReloadAt) void this.reload().catch(() => undefined);
  }

  /**
   * Brings the memory up to date from the rows changed since it was (an import, a seed's batches):
   * read in one snapshot and merged into copies of the segments, which are swapped in. False when
   * more documents changed than the memory holds (a full load is then the leaner way).
   */
  private async loadChanges(): Promise<boolean> {
    const t0 = performance.now();
    const state = this.state!;
    const from = this.seen;
    const generation = this.generation;
    const held = [...state.values()].reduce((n, s) => n + s.base.aliveCount + s.delta.size, 0);
    // Merging costs a pass over memory, reading the rows back costs far more: merge unless the
    // changes outnumber what the memory holds (a first load, a reseed), then read all in one stream.
    const cap = Math.max(this.deltaMax, held);
    const chunk = this.opts.chunk ?? 20_000;
    this.progress = { read: 0, total: null };
    const changes = await this.snapshot(async (tx, upTo) => {
      const count = await countChanged(tx, from, upTo, cap);
      if (count > cap) return null;
      this.progress = { read: 0, total: count };
      const removals = await removalsIn(tx, from, upTo);
      const rows: Row[] = [];
      const collections: Collection[] = [];
      for (const table of ['search_vc_firms', 'search_angels'] as const) {
        await sql`declare search_changes no scroll cursor for ${selectRows(table)} where seq > ${from} and seq <= ${upTo}`.execute(
          tx,
        );
        for (;;) {
          const got = await sql<SourceRow>`fetch ${sql.raw(String(chunk))} from search_changes`.execute(tx);
          if (this.closed) return null;
          for (const r of got.rows) {
            rows.push(toRow(r, fieldsOf(r.collection)));
            collections.push(r.collection);
          }
          this.progress.read += got.rows.length;
          if (got.rows.length < chunk) break;
        }
        await sql`close search_changes`.execute(tx);
      }
      return { upTo, removals, rows, collections };
    });
    if (this.closed) return true;
    if (!changes || this.generation !== generation) return false;
    const next = new Map(state);
    for (const c of COLLECTIONS) {
      const cleared = changes.removals.some((r) => r.collection === c && r.id === null);
      const removed = changes.removals.filter((r) => r.collection === c && r.id !== null).map((r) => r.id!);
      const rows = changes.rows.filter((_, i) => changes.collections[i] === c);
      if (!cleared && !removed.length && !rows.length) continue;
      const start = cleared ? new CollectionState(Segment.empty(fieldsOf(c))) : state.get(c)!;
      next.set(c, start.withChanges(removed, rows));
    }
    this.state = next;
    this.seen = Math.max(this.seen, changes.upTo);
    this.stale = false;
    this.generation++;
    const ms = Math.round(performance.now() - t0);
    this.nextReloadAt = Date.now() + ms;
    if (changes.rows.length || changes.removals.length)
      this.opts.log?.(
        `[search] in-process index merged ${changes.rows.length.toLocaleString('en-US')} changed documents in ${ms} ms`,
      );
    return true;
  }

  /** Reads every document in one snapshot and swaps the new memory in. One at a time. */
  private reload(): Promise<void> {
    this.reloading ??= this.load().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  private async load(): Promise<void> {
    if (this.state && !this.closed && (await this.loadChanges())) return;
    const t0 = performance.now();
    const chunk = this.opts.chunk ?? 20_000;
    this.progress = { read: 0, total: null };
    const loaded = await this.snapshot(async (tx, upTo) => {
      const counted = await sql<{
        n: number;
      }>`select ((select count(*) from search_vc_firms) + (select count(*) from search_angels))::int as n`.execute(tx);
      this.progress = { read: 0, total: counted.rows[0]!.n };
      const state = new Map<Collection, CollectionState>();
      for (const c of COLLECTIONS) {
        const builder = new SegmentBuilder(fieldsOf(c), c !== 'angels');
        // A cursor walks the (collection, sort key, id) index once: rows arrive in their order.
        const query =
          c === 'angels'
            ? sql`${selectRows('search_angels')} order by sort_key, id`
            : sql`${selectRows('search_vc_firms')} where collection = ${sql.lit(c)} order by sort_key, id`;
        await sql`declare search_load no scroll cursor for ${query}`.execute(tx);
        for (;;) {
          const rows = await sql<SourceRow>`fetch ${sql.raw(String(chunk))} from search_load`.execute(tx);
          if (this.closed) return null;
          for (const r of rows.rows)
            builder.add(
              r.id,
              r.sort_key,
              r.lexemes,
              [r.n0, r.n1, r.n2, r.n3],
              c === 'angels' ? undefined : fitOfRow(r),
            );
          this.progress.read += rows.rows.length;
          if (rows.rows.length < chunk) break;
        }
        await sql`close search_load`.execute(tx);
        state.set(c, new CollectionState(builder.build()));
      }
      return { upTo, state };
    });
    if (!loaded || this.closed) return;
    this.state = loaded.state;
    this.seen = loaded.upTo;
    this.stale = false;
    this.generation++;
    const docs = [...loaded.state.values()].reduce((s, c) => s + c.base.n, 0);
    this.lastLoad = { ms: Math.round(performance.now() - t0), docs };
    this.nextReloadAt = Date.now() + this.lastLoad.ms;
    this.opts.log?.(
      `[search] in-process index loaded: ${docs.toLocaleString('en-US')} documents in ${this.lastLoad.ms} ms`,
    );
  }
}

/** Documents changed in (from, upTo], counted only up to cap + 1: past cap, the caller reads them otherwise. */
async function countChanged(tx: Tx, from: number, upTo: number, cap: number): Promise<number> {
  const r = await sql<{ n: number }>`select
    (select count(*) from (select 1 from search_vc_firms where seq > ${from} and seq <= ${upTo} limit ${cap + 1}) a)::int +
    (select count(*) from (select 1 from search_angels where seq > ${from} and seq <= ${upTo} limit ${cap + 1}) b)::int as n`.execute(
    tx,
  );
  return r.rows[0]!.n;
}

/** Removals in (from, upTo], in their order (a null id clears the collection). */
async function removalsIn(tx: Tx, from: number, upTo: number) {
  const r = await sql<{ collection: Collection; id: string | null }>`
    select collection, id from search_removals where seq > ${from} and seq <= ${upTo} order by seq`.execute(tx);
  return r.rows;
}
