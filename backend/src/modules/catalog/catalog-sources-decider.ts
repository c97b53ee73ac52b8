import { SOURCE_INFO, type ImportSource, type Provenance, type VcFirm } from '@fp/contracts';
import type {
  CatalogFirmsMerged,
  CatalogSourceEvent,
  CatalogSourceImported,
  SourceRecord,
  SourceRecordsChanged,
} from '@fp/contracts';
import { CATALOG_RECORDS_PER_EVENT } from '@fp/contracts';
import type { Decider } from '../../platform/decider';
import { DomainError } from '../../platform/decider';

interface StoredRecord {
  firmId: string;
  recordUrl: string | null;
  fields: Partial<VcFirm>;
  dataDate: string;
  active: boolean;
}

/**
 * Every source record the log holds, by source and key. The maps are updated in place while
 * folding: the state is only ever built by a fold and read by one decision, never shared.
 */
export interface SourcesState {
  records: Map<ImportSource, Map<string, StoredRecord>>;
  imports: Set<string>;
}

export type ImportSourceCommand = {
  type: 'ImportSource';
  data: {
    importId: string;
    source: ImportSource;
    dataDate: string;
    fileName: string;
    rows: number;
    records: SourceRecord[];
  };
};

/** Field groups merged as one (a cheque range comes whole from one source). */
const FIELD_GROUPS: (keyof VcFirm)[][] = [
  ['vcName'],
  ['website'],
  ['primaryInvestorType'],
  ['city'],
  ['country'],
  ['stagesInvested'],
  ['sectors'],
  ['checkSizeMin', 'checkSizeMax'],
  ['totalInvestment'],
  ['totalExits'],
  ['foundedYear'],
  ['leadsRounds'],
];

// Key order is not kept by the store (jsonb): compare fields by sorted keys.
const fieldsKey = (fields: Partial<VcFirm>) =>
  JSON.stringify(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)));
const sameRecord = (a: StoredRecord, b: SourceRecord) =>
  a.firmId === b.firmId && a.recordUrl === b.recordUrl && fieldsKey(a.fields) === fieldsKey(b.fields);

const chunk = <T>(items: T[], n = CATALOG_RECORDS_PER_EVENT): T[][] =>
  Array.from({ length: Math.ceil(items.length / n) }, (_, i) => items.slice(i * n, (i + 1) * n));

/**
 * One firm from every record that names it: each field group comes from the record with the newest
 * data that has it (ties: source name, then key). Fields no source gives stay unknown ('N/A').
 */
function mergeFirm(firmId: string, records: { source: ImportSource; key: string; rec: StoredRecord }[]): VcFirm {
  const live = records.filter((r) => r.rec.active);
  const pool = (live.length ? live : records)
    .slice()
    .sort(
      (a, b) =>
        b.rec.dataDate.localeCompare(a.rec.dataDate) || a.source.localeCompare(b.source) || a.key.localeCompare(b.key),
    );
  const firm: VcFirm = {
    id: firmId,
    vcName: '',
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
  };
  const supplied = new Map<(typeof pool)[number], string[]>();
  for (const group of FIELD_GROUPS) {
    const from = pool.find((r) => group.some((f) => r.rec.fields[f] !== undefined));
    if (!from) continue;
    for (const f of group) if (from.rec.fields[f] !== undefined) Object.assign(firm, { [f]: from.rec.fields[f] });
    supplied.set(from, [...(supplied.get(from) ?? []), ...group.filter((f) => from.rec.fields[f] !== undefined)]);
  }
  firm.active = live.length > 0;
  firm.provenance = pool.map((r): Provenance => ({
    source: r.source,
    sourceName: SOURCE_INFO[r.source].name,
    licence: SOURCE_INFO[r.source].licence,
    attribution: SOURCE_INFO[r.source].attribution,
    recordUrl: r.rec.recordUrl,
    dataDate: r.rec.dataDate,
    fields: supplied.get(r) ?? [],
  }));
  return firm;
}

export const catalogSourcesDecider: Decider<SourcesState, ImportSourceCommand, CatalogSourceEvent> = {
  initialState: () => ({ records: new Map(), imports: new Set() }),
  evolve(state, event) {
    switch (event.type) {
      case 'SourceRecordsChanged': {
        const { source, dataDate, upserted, retired } = event.data;
        const m = state.records.get(source) ?? new Map<string, StoredRecord>();
        state.records.set(source, m);
        for (const r of upserted)
          m.set(r.key, { firmId: r.firmId, recordUrl: r.recordUrl, fields: r.fields, dataDate, active: true });
        for (const key of retired) {
          const r = m.get(key);
          if (r) m.set(key, { ...r, active: false });
        }
        return state;
      }
      case 'CatalogSourceImported':
        state.imports.add(event.data.importId);
        return state;
      case 'CatalogFirmsMerged':
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'ImportSource':
        return importSource(command, state);
    }
  },
};

function importSource(command: ImportSourceCommand, state: SourcesState): CatalogSourceEvent[] {
  const { importId, source, dataDate, fileName, rows, records } = command.data;
  // The same import sent again (a retried command) is answered once.
  if (state.imports.has(importId)) return [];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dataDate)) throw new DomainError('The date of the data must be written YYYY-MM-DD');
  const before = state.records.get(source) ?? new Map<string, StoredRecord>();
  const upserted: SourceRecord[] = [];
  const affected = new Set<string>();
  // A row (same key: the source's stable identity) whose domain changed moves to another firm: the
  // firm it leaves is retired below unless another record still names it.
  const moved = new Map<string, { source: ImportSource; key: string; rec: StoredRecord; to: string }>();
  let imported = 0;
  let updated = 0;
  for (const r of records) {
    const old = before.get(r.key);
    if (old && old.active && sameRecord(old, r)) continue;
    if (old) updated++;
    else imported++;
    upserted.push(r);
    affected.add(r.firmId);
    if (old) affected.add(old.firmId);
    if (old && old.firmId !== r.firmId)
      moved.set(old.firmId, { source, key: r.key, rec: { ...old, active: false }, to: r.firmId });
  }
  const inFile = new Set(records.map((r) => r.key));
  const retired = [...before]
    .filter(([key, r]) => r.active && !inFile.has(key))
    .map(([key, r]) => (affected.add(r.firmId), key));

  const summary: CatalogSourceImported = {
    type: 'CatalogSourceImported',
    data: {
      importId,
      source,
      dataDate,
      fileName,
      rows,
      records: inFile.size,
      imported,
      updated,
      unchanged: records.length - imported - updated,
      inactive: retired.length,
    },
  };
  if (!affected.size) return [summary];

  // The state after this import, to merge the firms it touches with every other source.
  const after = new Map(state.records);
  const mine = new Map(before);
  for (const r of upserted)
    mine.set(r.key, { firmId: r.firmId, recordUrl: r.recordUrl, fields: r.fields, dataDate, active: true });
  for (const key of retired) mine.set(key, { ...mine.get(key)!, active: false });
  after.set(source, mine);
  const byFirm = new Map<string, { source: ImportSource; key: string; rec: StoredRecord }[]>();
  for (const [src, m] of after) {
    for (const [key, rec] of m)
      if (affected.has(rec.firmId))
        byFirm.set(rec.firmId, [...(byFirm.get(rec.firmId) ?? []), { source: src, key, rec }]);
  }
  const firms = [...byFirm].map(([id, recs]) => mergeFirm(id, recs));
  // Left by every record (its only row moved to a new domain): retired, pointing at where it went,
  // instead of staying live with the old data beside the new record.
  for (const [id, m] of moved) if (!byFirm.has(id)) firms.push({ ...mergeFirm(id, [m]), replacedBy: m.to });

  const changed: SourceRecordsChanged[] = chunk(upserted).map((part, i) => ({
    type: 'SourceRecordsChanged',
    data: { importId, source, dataDate, upserted: part, retired: i === 0 ? retired : [] },
  }));
  if (!changed.length)
    changed.push({ type: 'SourceRecordsChanged', data: { importId, source, dataDate, upserted: [], retired } });
  const merged: CatalogFirmsMerged[] = chunk(firms).map((part) => ({
    type: 'CatalogFirmsMerged',
    data: { importId, firms: part },
  }));
  return [...changed, ...merged, summary];
}
