import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_FIELD_CHARS,
  IMPORT_MAX_ROWS,
  INVESTOR_STAGES,
  normaliseDomain,
  type ImportSource,
  type VcFirm,
} from '@fp/contracts';
import type { SourceRecord } from '@fp/contracts';
import { CsvError, parse } from 'csv-parse/sync';

/** The firm fields a file's columns can fill (`--map field=column`). */
const IMPORT_FIELDS = [
  'id',
  'name',
  'domain',
  'website',
  'type',
  'city',
  'country',
  'stages',
  'sectors',
  'checkMinUsd',
  'checkMaxUsd',
  'portfolioCount',
  'exitCount',
  'foundedYear',
  'leadsRounds',
  'recordUrl',
] as const;
type ImportField = (typeof IMPORT_FIELDS)[number];
export type ColumnMap = Partial<Record<ImportField, string>>;

export const FUNDRAISINGFOX_HEADER = [
  'slug',
  'name',
  'fundraisingfox_url',
  'domain',
  'firm_type',
  'hq_city',
  'hq_country',
  'founded_year',
  'stages',
  'sectors',
  'check_min_usd',
  'check_max_usd',
  'check_size_source',
  'leads_rounds',
  'portfolio_count',
  'exit_count',
  'led_rounds',
] as const;
const FUNDRAISINGFOX_MAP: ColumnMap = {
  id: 'slug',
  name: 'name',
  recordUrl: 'fundraisingfox_url',
  domain: 'domain',
  type: 'firm_type',
  city: 'hq_city',
  country: 'hq_country',
  foundedYear: 'founded_year',
  stages: 'stages',
  sectors: 'sectors',
  checkMinUsd: 'check_min_usd',
  checkMaxUsd: 'check_max_usd',
  leadsRounds: 'leads_rounds',
  portfolioCount: 'portfolio_count',
  exitCount: 'exit_count',
};

/** Investor type codes (Fundraising Fox's `firm_type`) → the catalog's labels. */
const FIRM_TYPES: Record<string, string> = {
  vc: 'Venture Capital',
  cvc: 'Corporate VC',
  pe: 'PE/Buyout',
  growth: 'Growth/Expansion',
  family_office: 'Family Office',
  angel_network: 'Angel Group',
  accelerator: 'Accelerator',
  venture_studio: 'Venture Studio',
  impact: 'Impact Investor',
  crossover: 'Crossover Fund',
  other: 'Other',
};

const STAGE_WORDS: Record<string, (typeof INVESTOR_STAGES)[number]> = {
  preseed: 'Pre-seed',
  seed: 'Seed',
  seriesa: 'Series A',
  seriesb: 'Series B',
  seriesc: 'Series C',
  seriesd: 'Series D+',
  seriese: 'Series D+',
  seriesf: 'Series D+',
  seriesdplus: 'Series D+',
  growth: 'Series D+',
  late: 'Series D+',
  latestage: 'Series D+',
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** ISO 3166 alpha-2 → English name; an unknown or private-use code ('ZZ', 'XA') is unknown. */
function countryName(code: string): string | null {
  const name = regionNames.of(code.toUpperCase());
  return name && name.toUpperCase() !== code.toUpperCase() && !/^(Unknown|Pseudo)/.test(name) ? name : null;
}

export interface ParsedFile {
  rows: number;
  records: SourceRecord[];
  rejected: { line: number; reason: string }[];
}

export class ImportFileError extends Error {
  constructor(readonly rejected: { line: number; reason: string }[]) {
    super(rejected.map((r) => `line ${r.line}: ${r.reason}`).join('\n'));
  }
}

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** `--map name=Firm,domain=Website` → a column map; unknown fields are refused. */
export function parseColumnMap(spec: string | undefined): ColumnMap {
  const map: ColumnMap = {};
  for (const pair of (spec ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [field, column] = pair.split('=').map((s) => s?.trim());
    if (!field || !column || !(IMPORT_FIELDS as readonly string[]).includes(field)) {
      throw new ImportFileError([
        { line: 0, reason: `--map: '${pair}' is not field=column (fields: ${IMPORT_FIELDS.join(', ')})` },
      ]);
    }
    map[field as ImportField] = column;
  }
  return map;
}

/**
 * Reads a whole file and answers every row as a source record, or every problem with its line.
 * Empty cells mean unknown (never zero); fields the file lacks stay out of the record.
 */
export function parseSourceFile(input: Buffer | string, source: ImportSource, columnMap: ColumnMap = {}): ParsedFile {
  const bytes = typeof input === 'string' ? Buffer.byteLength(input) : input.length;
  if (bytes > IMPORT_MAX_BYTES)
    throw new ImportFileError([
      { line: 0, reason: `The file is ${(bytes / 1048576).toFixed(1)} MB; one import takes at most 20 MB` },
    ]);
  let rows: { record: string[]; info: { lines: number } }[];
  // The parser counts a record's lines to where it ends: a row is reported where it starts, which is
  // the first non-empty line after the previous record (a quoted cell may span lines).
  const text = typeof input === 'string' ? input : input.toString('utf8');
  const starts: number[] = [];
  let ended = 0;
  const cursor = lineCursor(text);
  const startAfter = (line: number) => cursor(line + 1);
  try {
    rows = parse(input, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      on_record: (record: string[], context: { lines: number }) => {
        starts.push(startAfter(ended));
        ended = context.lines;
        return record;
      },
    }) as unknown as typeof rows;
  } catch (err) {
    if (!(err instanceof CsvError))
      throw new ImportFileError([{ line: 0, reason: `Malformed CSV: ${(err as Error).message}` }]);
    const line = startAfter(ended);
    const reason =
      err.code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'a quote opened in this row is never closed'
        : err.message.replace(/^Invalid [^:]*: /, '').replace(/ at line \d+$/, '');
    throw new ImportFileError([{ line, reason: `Malformed CSV: ${reason}` }]);
  }
  if (!rows.length) throw new ImportFileError([{ line: 1, reason: 'The file is empty: a header line is required' }]);
  if (rows.length - 1 > IMPORT_MAX_ROWS)
    throw new ImportFileError([
      {
        line: 0,
        reason: `The file has ${(rows.length - 1).toLocaleString('en-US')} rows; one import takes at most 100,000`,
      },
    ]);

  const header = rows[0]!.record.map((h) => h.trim());
  let map: ColumnMap;
  if (source === 'fundraisingfox') {
    if (header.join(',') !== FUNDRAISINGFOX_HEADER.join(',')) {
      throw new ImportFileError([
        {
          line: 1,
          reason: `Wrong header for the Fundraising Fox dataset: expected ${FUNDRAISINGFOX_HEADER.join(',')}`,
        },
      ]);
    }
    map = FUNDRAISINGFOX_MAP;
  } else {
    map = { ...Object.fromEntries(IMPORT_FIELDS.filter((f) => header.includes(f)).map((f) => [f, f])), ...columnMap };
    const missing = Object.values(map).filter((c) => !header.includes(c!));
    if (missing.length)
      throw new ImportFileError([
        { line: 1, reason: `Column${missing.length > 1 ? 's' : ''} not in the header: ${missing.join(', ')}` },
      ]);
    if (!map.name)
      throw new ImportFileError([
        { line: 1, reason: "No name column: add one called 'name' or map it with --map name=<column>" },
      ]);
  }
  const col = Object.fromEntries(Object.entries(map).map(([f, c]) => [f, header.indexOf(c!)])) as Partial<
    Record<ImportField, number>
  >;

  const records: SourceRecord[] = [];
  const rejected: ParsedFile['rejected'] = [];
  const seen = new Map<string, number>();
  for (const [i, { record: cells, info }] of rows.entries()) {
    if (i === 0) continue;
    const line = starts[i] ?? info.lines;
    const problems: string[] = [];
    if (cells.length !== header.length) problems.push(`${cells.length} columns where the header has ${header.length}`);
    const long = cells.findIndex((c) => c.length > IMPORT_MAX_FIELD_CHARS);
    if (long >= 0)
      problems.push(
        `${header[long] ?? `column ${long + 1}`} is longer than ${IMPORT_MAX_FIELD_CHARS.toLocaleString('en-US')} characters`,
      );
    if (problems.length) {
      rejected.push({ line, reason: problems.join('; ') });
      continue;
    }
    const cell = (f: ImportField): string | null => {
      const i = col[f];
      const v = i === undefined ? '' : cells[i]!.trim();
      return v === '' ? null : v;
    };
    const r = readRow(cell, source, (m) => problems.push(m));
    if (problems.length || !r) {
      rejected.push({ line, reason: problems.join('; ') || 'unreadable row' });
      continue;
    }
    const first = seen.get(r.key);
    if (first !== undefined) {
      rejected.push({
        line,
        reason: `duplicate ${source === 'fundraisingfox' ? 'slug' : 'id'} '${r.key}' (first on line ${first})`,
      });
      continue;
    }
    seen.set(r.key, line);
    records.push(r);
  }
  if (rejected.length) throw new ImportFileError(rejected);
  return { rows: rows.length - 1, records, rejected };
}

/**
 * Finds the first non-empty line at or after a line number (the parser skips empty lines). Asked
 * with line numbers that never go down, it reads the text once from start to end.
 */
function lineCursor(text: string): (from: number) => number {
  let line = 1;
  let at = 0;
  const next = () => {
    const nl = text.indexOf('\n', at);
    if (nl < 0) return false;
    at = nl + 1;
    line++;
    return true;
  };
  return (from) => {
    while (line < from) if (!next()) return from;
    for (;;) {
      const nl = text.indexOf('\n', at);
      const content = nl < 0 ? text.slice(at) : text.slice(at, nl);
      if (content.replace(/\r$/, '') !== '' || nl < 0) return line;
      next();
    }
  };
}

function readRow(
  cell: (f: ImportField) => string | null,
  source: ImportSource,
  problem: (m: string) => void,
): SourceRecord | null {
  const name = cell('name');
  if (!name) problem('name is empty');
  const rawDomain = cell('domain') ?? cell('website');
  const domain = normaliseDomain(rawDomain);
  if (rawDomain && !domain) problem(`'${rawDomain}' is not a domain`);

  const number = (f: ImportField, label: string): number | null => {
    const v = cell(f);
    if (v === null) return null;
    const n = Number(v.replace(/[_,\s]/g, ''));
    if (!Number.isFinite(n) || n < 0) return (problem(`${label} is not a number: '${v}'`), null);
    return n;
  };
  const whole = (f: ImportField, label: string): number | null => {
    const n = number(f, label);
    if (n !== null && !Number.isInteger(n)) return (problem(`${label} is not a whole number: '${cell(f)}'`), null);
    return n;
  };
  const checkMin = number('checkMinUsd', 'check_min_usd');
  const checkMax = number('checkMaxUsd', 'check_max_usd');
  if (checkMin !== null && checkMax !== null && checkMin > checkMax)
    problem(`check_min_usd ${checkMin} is greater than check_max_usd ${checkMax}`);
  const founded = whole('foundedYear', 'founded_year');
  if (founded !== null && (founded < 1800 || founded > 2100)) problem(`founded_year ${founded} is not a year`);
  const leadsRaw = cell('leadsRounds')?.toLowerCase() ?? null;
  const leads =
    leadsRaw === null
      ? null
      : ['true', 'yes', '1'].includes(leadsRaw)
        ? true
        : ['false', 'no', '0'].includes(leadsRaw)
          ? false
          : undefined;
  if (leads === undefined) problem(`leads_rounds must be True, False or empty, not '${cell('leadsRounds')}'`);
  const recordUrl = cell('recordUrl');
  if (recordUrl && !/^https?:\/\/[^\s]+$/.test(recordUrl)) problem(`'${recordUrl}' is not a web address`);
  if (!name) return null;

  const list = (f: ImportField) =>
    (cell(f) ?? '')
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean);
  const stages = [...new Set(list('stages').flatMap((s) => STAGE_WORDS[s.toLowerCase().replace(/[^a-z]/g, '')] ?? []))];
  const typeRaw = cell('type');
  const countryRaw = cell('country');
  const country = countryRaw && /^[A-Za-z]{2}$/.test(countryRaw) ? countryName(countryRaw) : countryRaw;
  const key = cell('id') ?? domain ?? slugify(name);
  const fields: Partial<VcFirm> = {
    vcName: name,
    website: domain ? `https://${domain}` : null,
    primaryInvestorType: typeRaw
      ? (FIRM_TYPES[typeRaw.toLowerCase()] ?? (source === 'fundraisingfox' ? 'Other' : typeRaw))
      : null,
    city: cell('city'),
    country,
    stagesInvested: stages,
    sectors: list('sectors'),
    checkSizeMin: checkMin === null ? null : Math.round(checkMin / 1000),
    checkSizeMax: checkMax === null ? null : Math.round(checkMax / 1000),
    totalInvestment: whole('portfolioCount', 'portfolio_count'),
    totalExits: whole('exitCount', 'exit_count'),
    foundedYear: founded,
    leadsRounds: leads ?? null,
  };
  // An empty cell is unknown: it supplies nothing, so another source may fill it.
  for (const [k, v] of Object.entries(fields))
    if (v === null || (Array.isArray(v) && !v.length)) delete fields[k as keyof VcFirm];
  return { key, firmId: domain ? `d-${domain}` : `s-${source}-${slugify(key)}`, recordUrl, fields };
}
