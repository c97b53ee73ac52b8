import { formAcceptsOnline } from '@fp/contracts';
import { FORM_EVENT_TYPES, type FirmFormChecked, type FormDiscoveryEvent } from '@fp/contracts';
import type { RecordedEvent, Tx } from '@fp/infra';
import type { Projection } from '@fp/projections';
import type { SearchIndex, VcCollection, VcSearchDoc } from '@fp/projections';
import { sql } from 'kysely';

type FormEvent = FormDiscoveryEvent | FirmFormChecked;
const asEvent = (e: RecordedEvent) => ({ type: e.type, data: e.data }) as FormEvent;

/**
 * The registry's read models: each firm's latest check (`firm_forms`), each run with its progress
 * (`form_discovery_runs`) and the firms it still has to visit (`form_discovery_targets`).
 */
export const formsProjection: Projection = {
  name: 'catalog-forms',
  eventTypes: [...FORM_EVENT_TYPES],
  tables: ['firm_forms', 'form_discovery_runs', 'form_discovery_targets'],
  async apply(tx, events) {
    for (const e of events) {
      const ev = asEvent(e);
      switch (ev.type) {
        case 'FormDiscoveryStarted': {
          const d = ev.data;
          await sql`insert into form_discovery_runs (run_id, collection, total, requested_by, started_at)
            values (${d.runId}, ${d.collection}, ${d.firmIds.length}, ${d.requestedBy}, ${e.createdAt}) on conflict (run_id) do nothing`.execute(
            tx,
          );
          await sql`insert into form_discovery_targets (run_id, firm_id, position)
            select ${d.runId}, f.id, f.n::int from unnest(${d.firmIds}::text[]) with ordinality as f(id, n) on conflict do nothing`.execute(
            tx,
          );
          break;
        }
        case 'FirmFormChecked': {
          const d = ev.data;
          await sql`insert into firm_forms (collection, firm_id, outcome, url, kind, fields, blockers, detail, checked_at, run_id)
            values (${d.collection}, ${d.firmId}, ${d.outcome}, ${d.url}, ${d.kind}, ${JSON.stringify(d.fields)}::jsonb, ${d.blockers}::text[], ${d.detail}, ${d.checkedAt}, ${d.runId})
            on conflict (collection, firm_id) do update set outcome = excluded.outcome, url = excluded.url, kind = excluded.kind, fields = excluded.fields,
              blockers = excluded.blockers, detail = excluded.detail, checked_at = excluded.checked_at, run_id = excluded.run_id`.execute(
            tx,
          );
          // The run's progress moves once per firm (a firm checked again by a re-run batch is not counted twice).
          await sql`with t as (update form_discovery_targets set checked = true where run_id = ${d.runId} and firm_id = ${d.firmId} and not checked returning 1)
            update form_discovery_runs set checked = checked + 1,
              counts = jsonb_set(counts, array[${d.outcome}::text], to_jsonb(coalesce((counts ->> ${d.outcome})::int, 0) + 1))
            where run_id = ${d.runId} and exists (select 1 from t)`.execute(tx);
          break;
        }
        case 'FormDiscoveryFinished':
          await sql`update form_discovery_runs set finished_at = ${e.createdAt} where run_id = ${ev.data.runId}`.execute(
            tx,
          );
          await sql`delete from form_discovery_targets where run_id = ${ev.data.runId}`.execute(tx);
          break;
      }
    }
  },
};

/** Gives documents about to be indexed the registry's verdict (a re-imported firm keeps it). */
export async function withFormFlags(tx: Tx, collection: VcCollection, docs: VcSearchDoc[]): Promise<VcSearchDoc[]> {
  if (!docs.length) return docs;
  const r = await sql<{ id: string; accepts_online: boolean }>`select id, accepts_online from catalog_search_forms
    where collection = ${collection} and accepts_online is not null and id = any(${docs.map((d) => d.id)}::text[])`.execute(
    tx,
  );
  if (!r.rows.length) return docs;
  const known = new Map(r.rows.map((x) => [x.id, x.accepts_online]));
  return docs.map((d) => (known.has(d.id) ? { ...d, acceptsOnline: known.get(d.id)! } : d));
}

/** The search side of a check: the verdict kept for later imports, and set on the indexed firm when it changed. */
export async function applyFormCheck(tx: Tx, index: SearchIndex, ev: FirmFormChecked['data']): Promise<void> {
  const accepts = formAcceptsOnline(ev);
  const before = await sql<{
    accepts_online: boolean | null;
  }>`select accepts_online from catalog_search_forms where collection = ${ev.collection} and id = ${ev.firmId}`.execute(
    tx,
  );
  if (before.rows.length && before.rows[0]!.accepts_online === accepts) return;
  await sql`insert into catalog_search_forms (collection, id, accepts_online) values (${ev.collection}, ${ev.firmId}, ${accepts})
    on conflict (collection, id) do update set accepts_online = excluded.accepts_online`.execute(tx);
  await index.setAcceptsOnline(tx, ev.collection, [ev.firmId], accepts);
}
