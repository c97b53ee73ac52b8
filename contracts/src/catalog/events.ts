import type { AngelInvestorDetail, VcFirm } from '../catalog/schemas';
import type { ImportSource } from './sources';
import type { FirmFormEntry } from './forms';

/**
 * Events of the investor catalog.
 *
 * - `catalog-imports` (control stream): an import of a scope starts, then completes. A newer
 *   start supersedes an unfinished one: read models show only the current import of each scope.
 * - `catalog-<scope>-<importId>` (data streams): the records, about 500 per event, one transaction
 *   per event so that a bulk load never holds back readers of the global log.
 * - `catalog-test`: the whole test catalog (firms whose websites are the local sandbox sites),
 *   replaced at once whenever the sandbox address or the site list changes.
 */
export type CatalogScope = 'vc' | 'angels';

type CatalogImportStarted = {
  type: 'CatalogImportStarted';
  data: { importId: string; scope: CatalogScope; expected: number; source: string };
};
type VcFirmsImported = { type: 'VcFirmsImported'; data: { importId: string; firms: VcFirm[] } };
type AngelsImported = { type: 'AngelsImported'; data: { importId: string; investors: AngelInvestorDetail[] } };
type CatalogImportCompleted = {
  type: 'CatalogImportCompleted';
  data: { importId: string; scope: CatalogScope; count: number };
};
export type TestFirmsImported = { type: 'TestFirmsImported'; data: { sandboxUrl: string; firms: VcFirm[] } };

/** One row of a source file, normalised: the firm's fields it gives (unknown fields left out). */
export interface SourceRecord {
  /** The row's identity in its source (slug, id column, else the domain). */
  key: string;
  /** The merged firm it belongs to: `d-<domain>` when the domain is known. */
  firmId: string;
  recordUrl: string | null;
  fields: Partial<VcFirm>;
}

/**
 * `catalog-sources` (decided by `catalogSourcesDecider`): an import of a real source, all events of
 * one file in one append (a refused or failed file leaves nothing). Records carry only what changed;
 * `CatalogFirmsMerged` carries the merged firms the read models and the index show.
 */
export type SourceRecordsChanged = {
  type: 'SourceRecordsChanged';
  data: { importId: string; source: ImportSource; dataDate: string; upserted: SourceRecord[]; retired: string[] };
};
export type CatalogFirmsMerged = { type: 'CatalogFirmsMerged'; data: { importId: string; firms: VcFirm[] } };
export type CatalogSourceImported = {
  type: 'CatalogSourceImported';
  data: {
    importId: string;
    source: ImportSource;
    dataDate: string;
    fileName: string;
    rows: number;
    records: number;
    imported: number;
    updated: number;
    unchanged: number;
    inactive: number;
  };
};
export type CatalogSourceEvent = SourceRecordsChanged | CatalogFirmsMerged | CatalogSourceImported;

export type CatalogImportEvent = CatalogImportStarted | CatalogImportCompleted;
export type CatalogEvent =
  | CatalogImportStarted
  | VcFirmsImported
  | AngelsImported
  | CatalogImportCompleted
  | TestFirmsImported
  | CatalogFirmsMerged
  | CatalogSourceImported;

export const CATALOG_EVENT_TYPES = [
  'CatalogImportStarted',
  'VcFirmsImported',
  'AngelsImported',
  'CatalogImportCompleted',
  'TestFirmsImported',
  'CatalogFirmsMerged',
  'CatalogSourceImported',
] as const;

export const CATALOG_SOURCES_STREAM = 'catalog-sources';

export const CATALOG_IMPORTS_STREAM = 'catalog-imports';
export const TEST_CATALOG_STREAM = 'catalog-test';
export const catalogDataStream = (scope: CatalogScope, importId: string) => `catalog-${scope}-${importId}`;

/** Records per data event: big enough to load fast, small enough to keep each transaction short. */
export const CATALOG_RECORDS_PER_EVENT = 500;

/**
 * The registry of application forms (decided by `firmFormDecider` and `formDiscoveryDecider`):
 * - `form-discovery-<runId>`: a discovery run asked for, then finished. The firms it visits are
 *   fixed when it starts, so a run resumed after a crash continues with the same list.
 * - `firm-form-<collection>-<firmId>`: each check of one firm's website; the latest one counts.
 */
export type FormCollection = 'vc' | 'test';

export type FormDiscoveryStarted = {
  type: 'FormDiscoveryStarted';
  data: { runId: string; collection: FormCollection; firmIds: string[]; staleDays: number | null; requestedBy: string };
};
export type FormDiscoveryFinished = { type: 'FormDiscoveryFinished'; data: { runId: string; checked: number } };
export type FirmFormChecked = {
  type: 'FirmFormChecked';
  data: { runId: string; collection: FormCollection } & FirmFormEntry;
};
export type FormDiscoveryEvent = FormDiscoveryStarted | FormDiscoveryFinished;
export type FirmFormEvent = FirmFormChecked;

export const FORM_EVENT_TYPES = ['FormDiscoveryStarted', 'FormDiscoveryFinished', 'FirmFormChecked'] as const;
export const formDiscoveryStream = (runId: string) => `form-discovery-${runId}`;
export const firmFormStream = (collection: FormCollection, firmId: string) => `firm-form-${collection}-${firmId}`;
