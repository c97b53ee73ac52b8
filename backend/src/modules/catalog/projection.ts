import { cleanInvestorName, type AngelInvestorDetail, type VcFirm } from '@fp/contracts';
import { CATALOG_EVENT_TYPES, type CatalogEvent, type CatalogScope, type FirmFormChecked } from '@fp/contracts';
import { applyFormCheck, withFormFlags } from './forms-projection';
import type { RecordedEvent, Tx } from '@fp/infra';
import type { Projection } from '@fp/projections';
import {
  angelSearchDoc,
  sortKey,
  vcSearchDoc,
  type AngelSearchDoc,
  type SearchIndex,
  type VcSearchDoc,
} from '@fp/projections';
import { sql } from 'kysely';

/** Catalog events are large (~500 records each): a few per transaction keeps it short. */
const CATALOG_BATCH = 10;

const TABLE: Record<CatalogScope | 'test', string> = {
  vc: 'catalog_vc_firms',
  angels: 'catalog_angels',
  test: 'catalog_test_firms',
};

/**
 * Which import each scope currently shows, kept in `table` by one projection: a data batch of any
 * other import (superseded or unfinished) is skipped.
 */
class CurrentImports {
  private loaded?: Map<string, string>;
  constructor(private readonly table: string) {}
  async get(tx: Tx, scope: string): Promise<string | undefined> {
    if (!this.loaded) {
      const rows = await sql<{
        scope: string;
        import_id: string;
      }>`select scope, import_id from ${sql.table(this.table)}`.execute(tx);
      this.loaded = new Map(rows.rows.map((r) => [r.scope, r.import_id]));
    }
    return this.loaded.get(scope);
  }
  async start(
    tx: Tx,
    scope: string,
    importId: string,
    expected: number | null,
    extra: { completed?: boolean; loaded?: number } = {},
  ) {
    const loaded = extra.loaded ?? 0;
    if (this.table === 'catalog_imports') {
      await sql`insert into catalog_imports (scope, import_id, expected, loaded, completed, updated_at) values (${scope}, ${importId}, ${expected}, ${loaded}, ${extra.completed ?? false}, now())
        on conflict (scope) do update set import_id = excluded.import_id, expected = excluded.expected, loaded = excluded.loaded, completed = excluded.completed, updated_at = now()`.execute(
        tx,
      );
    } else {
      await sql`insert into catalog_search_imports (scope, import_id, loaded, updated_at) values (${scope}, ${importId}, ${loaded}, now())
        on conflict (scope) do update set import_id = excluded.import_id, loaded = excluded.loaded, updated_at = now()`.execute(
        tx,
      );
    }
    await this.get(tx, scope);
    this.loaded!.set(scope, importId);
  }
  async add(tx: Tx, scope: string, n: number) {
    await sql`update ${sql.table(this.table)} set loaded = loaded + ${n}, updated_at = now() where scope = ${scope}`.execute(
      tx,
    );
  }
}

const asEvent = (e: RecordedEvent) => ({ type: e.type, data: e.data }) as CatalogEvent;

async function putRecords(
  tx: Tx,
  table: string,
  rows: { id: string; sort_key: string; record: unknown }[],
  sourced = false,
) {
  if (!rows.length) return;
  await sql`insert into ${sql.table(table)} (id, sort_key, record${sourced ? sql`, sourced` : sql``})
    select r.id, r.sort_key, r.record${sourced ? sql`, true` : sql``} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, sort_key text, record jsonb)
    on conflict (id) do update set sort_key = excluded.sort_key, record = excluded.record`.execute(tx);
}
const firmRows = (firms: VcFirm[]) => firms.map((f) => ({ id: f.id, sort_key: sortKey(f.vcName), record: f }));
const angelRows = (angels: AngelInvestorDetail[]) =>
  angels.map((a) => ({ id: a.id, sort_key: sortKey(cleanInvestorName(a.companyName)), record: a }));

/**
 * Consecutive data events of one scope are written as one statement: fewer round trips, and one
 * indexing task per batch for an external index.
 */
class Pending<T> {
  private scope: CatalogScope | null = null;
  private items: T[] = [];
  constructor(private readonly write: (scope: CatalogScope, items: T[]) => Promise<void>) {}
  async push(scope: CatalogScope, items: T[]) {
    if (this.scope !== scope) await this.flush();
    this.scope = scope;
    for (const item of items) this.items.push(item);
  }
  async flush() {
    if (this.scope && this.items.length) await this.write(this.scope, this.items);
    this.items = [];
    this.scope = null;
  }
}

/** Read models: one row per VC firm, test firm and angel investor, holding the record as JSON. */
export const catalogProjection: Projection = {
  name: 'catalog',
  eventTypes: [...CATALOG_EVENT_TYPES],
  tables: ['catalog_vc_firms', 'catalog_test_firms', 'catalog_angels', 'catalog_imports', 'catalog_sources'],
  batchSize: CATALOG_BATCH,
  async apply(tx, events) {
    const current = new CurrentImports('catalog_imports');
    const pending = new Pending<{ id: string; sort_key: string; record: unknown }>(async (scope, rows) => {
      await putRecords(tx, TABLE[scope], rows);
      await current.add(tx, scope, rows.length);
    });
    for (const e of events) {
      const ev = asEvent(e);
      switch (ev.type) {
        case 'CatalogImportStarted':
          await pending.flush();
          // Generated records are replaced; imported firms stay.
          if (ev.data.scope === 'vc') await sql`delete from catalog_vc_firms where not sourced`.execute(tx);
          else await sql`truncate ${sql.table(TABLE[ev.data.scope])}`.execute(tx);
          await current.start(tx, ev.data.scope, ev.data.importId, ev.data.expected);
          break;
        case 'VcFirmsImported':
          if ((await current.get(tx, 'vc')) === ev.data.importId) await pending.push('vc', firmRows(ev.data.firms));
          break;
        case 'AngelsImported':
          if ((await current.get(tx, 'angels')) === ev.data.importId)
            await pending.push('angels', angelRows(ev.data.investors));
          break;
        case 'CatalogImportCompleted':
          await pending.flush();
          await sql`update catalog_imports set completed = true, updated_at = now() where scope = ${ev.data.scope} and import_id = ${ev.data.importId}`.execute(
            tx,
          );
          break;
        case 'TestFirmsImported':
          await pending.flush();
          await sql`delete from catalog_test_firms`.execute(tx);
          await putRecords(tx, TABLE.test, firmRows(ev.data.firms));
          await current.start(tx, 'test', ev.data.sandboxUrl, ev.data.firms.length, {
            completed: true,
            loaded: ev.data.firms.length,
          });
          break;
        case 'CatalogFirmsMerged':
          await pending.flush();
          await putRecords(tx, TABLE.vc, firmRows(ev.data.firms), true);
          break;
        case 'CatalogSourceImported': {
          const d = ev.data;
          await sql`insert into catalog_sources (source, records, last_import_id, last_import_at, data_date, file_name)
            values (${d.source}, ${d.records}, ${d.importId}, ${e.createdAt}, ${d.dataDate}, ${d.fileName})
            on conflict (source) do update set records = excluded.records, last_import_id = excluded.last_import_id,
              last_import_at = excluded.last_import_at, data_date = excluded.data_date, file_name = excluded.file_name`.execute(
            tx,
          );
          break;
        }
      }
    }
    await pending.flush();
  },
};

/** The search index, behind its port (Postgres tables or Meilisearch), fed from the same events. */
export function catalogSearchProjection(index: SearchIndex): Projection {
  return {
    name: 'catalog-search',
    eventTypes: [...CATALOG_EVENT_TYPES, 'FirmFormChecked'],
    tables: [...index.tables, 'catalog_search_imports', 'catalog_search_sourced', 'catalog_search_forms'],
    batchSize: CATALOG_BATCH,
    async reset(tx) {
      // Postgres tables were just truncated with the others; an external index is emptied here.
      if (!index.tables.length) for (const c of ['vc', 'test', 'angels'] as const) await index.clear(tx, c);
    },
    async apply(tx, events) {
      const putSourced = async (t: Tx) => {
        const rows = await sql<{ doc: VcSearchDoc }>`select doc from catalog_search_sourced order by id`.execute(t);
        await index.putVcFirms(
          t,
          'vc',
          await withFormFlags(
            t,
            'vc',
            rows.rows.map((r) => r.doc),
          ),
        );
      };
      const current = new CurrentImports('catalog_search_imports');
      const pending = new Pending<VcSearchDoc | AngelSearchDoc>(async (scope, docs) => {
        if (scope === 'vc') await index.putVcFirms(tx, 'vc', await withFormFlags(tx, 'vc', docs as VcSearchDoc[]));
        else await index.putAngels(tx, docs as AngelSearchDoc[]);
        await current.add(tx, scope, docs.length);
      });
      for (const e of events) {
        if (e.type === 'FirmFormChecked') {
          await pending.flush();
          await applyFormCheck(tx, index, (e as RecordedEvent<'FirmFormChecked', FirmFormChecked['data']>).data);
          continue;
        }
        const ev = asEvent(e);
        switch (ev.type) {
          case 'CatalogImportStarted':
            await pending.flush();
            await index.clear(tx, ev.data.scope);
            if (ev.data.scope === 'vc') await putSourced(tx);
            await current.start(tx, ev.data.scope, ev.data.importId, ev.data.expected);
            break;
          case 'VcFirmsImported':
            if ((await current.get(tx, 'vc')) === ev.data.importId)
              await pending.push('vc', ev.data.firms.map(vcSearchDoc));
            break;
          case 'AngelsImported':
            if ((await current.get(tx, 'angels')) === ev.data.importId)
              await pending.push('angels', ev.data.investors.map(angelSearchDoc));
            break;
          case 'CatalogImportCompleted':
            break;
          case 'TestFirmsImported':
            await pending.flush();
            await index.clear(tx, 'test');
            await index.putVcFirms(tx, 'test', await withFormFlags(tx, 'test', ev.data.firms.map(vcSearchDoc)));
            await current.start(tx, 'test', ev.data.sandboxUrl, ev.data.firms.length, { loaded: ev.data.firms.length });
            break;
          case 'CatalogFirmsMerged': {
            await pending.flush();
            // Firms that left every source are hidden from search (their records stay for submissions).
            const [active, inactive] = [
              ev.data.firms.filter((f) => f.active !== false),
              ev.data.firms.filter((f) => f.active === false),
            ];
            const docs = active.map(vcSearchDoc);
            await index.putVcFirms(tx, 'vc', await withFormFlags(tx, 'vc', docs));
            await index.removeVcFirms(
              tx,
              'vc',
              inactive.map((f) => f.id),
            );
            if (docs.length) {
              await sql`insert into catalog_search_sourced (id, doc) select d.id, d.doc from jsonb_to_recordset(${JSON.stringify(docs.map((doc) => ({ id: doc.id, doc })))}::jsonb) as d(id text, doc jsonb)
                on conflict (id) do update set doc = excluded.doc`.execute(tx);
            }
            // Filter options are cached per generation of the 'vc' index: move it on.
            await sql`insert into catalog_search_imports (scope, import_id, loaded, updated_at) values ('vc', 'sources', 0, clock_timestamp())
              on conflict (scope) do update set updated_at = clock_timestamp()`.execute(tx);
            if (inactive.length)
              await sql`delete from catalog_search_sourced where id = any(${inactive.map((f) => f.id)}::text[])`.execute(
                tx,
              );
            break;
          }
          case 'CatalogSourceImported':
            break;
        }
      }
      await pending.flush();
    },
  };
}
