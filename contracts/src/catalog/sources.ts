// Real investor data: the sources the catalog imports from, their licences, and the provenance
// every imported firm carries (docs/catalog.md, "Sources").
import { z } from 'zod';

export const IMPORT_SOURCES = ['fundraisingfox', 'csv'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export interface SourceInfo {
  name: string;
  licence: string;
  licenceUrl: string | null;
  attribution: string;
  /** The licence asks for attribution wherever the data is shown or passed on. */
  attributionRequired: boolean;
}

export const SOURCE_INFO: Record<ImportSource, SourceInfo> = {
  fundraisingfox: {
    name: 'Fundraising Fox Open Dataset',
    licence: 'CC BY 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    attribution: 'Fundraising Fox Open Dataset, CC BY 4.0',
    attributionRequired: true,
  },
  csv: {
    name: 'CSV import',
    licence: 'Supplied by the operator',
    licenceUrl: null,
    attribution: 'CSV import',
    attributionRequired: false,
  },
};

/** Limits of one import file. */
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_FIELD_CHARS = 2_000;

/** Where a firm's data came from: one entry per source record merged into it. */
export const provenanceSchema = z.object({
  source: z.enum(IMPORT_SOURCES),
  sourceName: z.string(),
  licence: z.string(),
  attribution: z.string(),
  recordUrl: z.url({ protocol: /^https?$/ }).nullable(),
  /** YYYY-MM-DD: the date of the data (the release), not of the import. */
  dataDate: z.iso.date(),
  /** The firm's fields this source supplied. */
  fields: z.array(z.string()),
});
export type Provenance = z.infer<typeof provenanceSchema>;

/** `GET /api/catalog/sources` */
const catalogSourceSchema = z.object({
  source: z.string(),
  name: z.string(),
  licence: z.string(),
  licenceUrl: z.string().nullable(),
  attribution: z.string(),
  records: z.number().int().nonnegative(),
  lastImportAt: z.string().nullable(),
  demo: z.boolean(),
});
export type CatalogSource = z.infer<typeof catalogSourceSchema>;
export const CatalogSourcesResponse = z.object({ sources: z.array(catalogSourceSchema) });
export type CatalogSourcesResponse = z.infer<typeof CatalogSourcesResponse>;

/** What an import did (also the `--json` line of `catalog import`). */
export interface ImportSummary {
  imported: number;
  updated: number;
  unchanged: number;
  inactive: number;
  rejected: { line: number; reason: string }[];
}

/**
 * Names reserved by RFC 2606 / RFC 6761: they can never belong to a firm, so generated (demo)
 * records use them and the automation never applies on them.
 */
export function isReservedDomain(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return /(^|\.)(example|test|invalid|localhost)$/.test(h) || /(^|\.)example\.(com|net|org)$/.test(h);
}

/** `https://www.Acme.vc/about` → `acme.vc`; null when no host can be read. */
export function normaliseDomain(raw: string | null | undefined): string | null {
  const s = (raw ?? '').trim().toLowerCase();
  if (!s) return null;
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(s) ? s : `https://${s}`).hostname
      .replace(/\.$/, '')
      .replace(/^www\./, '');
    return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null;
  } catch {
    return null;
  }
}
