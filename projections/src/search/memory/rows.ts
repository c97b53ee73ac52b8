// Documents as the index tables give them (one row reading for a full load, for changes and for the
// in-memory collection the unit tests drive), and what the in-memory structures keep of each.
import { sql } from 'kysely';
import type { FitFirm } from '@fp/contracts';
import { fitFirmOfDoc } from '../fit';
import type { Collection } from '../port';
import { ACCEPTS_ONLINE, NO_ONLINE_FORM, SEP, fitFieldsOfRow } from '../postgres';

/** Numbered fields of a document (NaN: no value, which fails any bound). */
export const VC_NUMS = ['aum', 'check_min', 'check_max', 'last_investment'] as const;
export const ANGEL_NUMS = ['investments', 'exits'] as const;
export const COLLECTIONS: Collection[] = ['vc', 'test', 'angels'];

/** A document as the index tables hold it: its terms are words and '#'-tags (postgres.ts). */
export interface Row {
  id: string;
  sortKey: string;
  terms: string[];
  nums: number[];
  /** VC collections: the firm as the fit rules see it. */
  fit: FitFirm | null;
}

export interface SourceRow {
  collection: Collection;
  id: string;
  sort_key: string;
  lexemes: string;
  n0: number | null;
  n1: number | null;
  n2: number | null;
  n3: number | null;
  country: string | null;
  sectors: string | null;
  investor_status: string | null;
}

export const num = (v: number | null) => (v === null ? NaN : Number(v));

/** A VC row as the fit rules see the firm (stages and the registry's verdict from its terms, read without splitting them). */
export function fitOfRow(r: SourceRow): FitFirm {
  const fields = fitFieldsOfRow({
    terms: '',
    country: r.country,
    check_min: r.n1,
    check_max: r.n2,
    last_investment: r.n3,
    sectors: r.sectors,
    investor_status: r.investor_status,
  });
  const lexemes = r.lexemes ?? '';
  return fitFirmOfDoc({
    ...fields,
    stages: stagesInTerms(lexemes),
    acceptsOnline: hasTerm(lexemes, ACCEPTS_ONLINE) ? true : hasTerm(lexemes, NO_ONLINE_FORM) ? false : null,
  });
}

export function toRow(r: SourceRow, fields: number): Row {
  const terms = r.lexemes ? r.lexemes.split(SEP) : [];
  const fit = r.collection === 'angels' ? null : fitOfRow(r);
  return { id: r.id, sortKey: r.sort_key, terms, nums: [r.n0, r.n1, r.n2, r.n3].slice(0, fields).map(num), fit };
}

export const fieldsOf = (c: Collection) => (c === 'angels' ? ANGEL_NUMS.length : VC_NUMS.length);

/** The columns a document is read with, the same for a full load and for changes. */
export function selectRows(table: 'search_vc_firms' | 'search_angels') {
  return table === 'search_angels'
    ? sql`select 'angels' as collection, id, sort_key, terms as lexemes,
          investments::float8 as n0, exits::float8 as n1, null::float8 as n2, null::float8 as n3,
          null::text as country, null::text as sectors, null::text as investor_status from search_angels`
    : sql`select collection, id, sort_key, terms as lexemes,
          aum as n0, check_min::float8 as n1, check_max::float8 as n2, last_investment::float8 as n3,
          country, sectors, investor_status from search_vc_firms`;
}

/** Stage tags ('#s=Seed') in a `terms` value, found without splitting the whole value. */
function stagesInTerms(lexemes: string): string[] {
  const out: string[] = [];
  for (let i = lexemes.indexOf('#s='); i >= 0; i = lexemes.indexOf('#s=', i + 3)) {
    if (i > 0 && lexemes.charCodeAt(i - 1) !== 31) continue;
    const end = lexemes.indexOf(SEP, i);
    out.push(lexemes.slice(i + 3, end < 0 ? lexemes.length : end));
  }
  return out;
}

/** Whether a whole term is in a `terms` value, found without splitting it. */
function hasTerm(lexemes: string, term: string): boolean {
  for (let i = lexemes.indexOf(term); i >= 0; i = lexemes.indexOf(term, i + 1)) {
    const end = i + term.length;
    if ((i === 0 || lexemes.charCodeAt(i - 1) === 31) && (end === lexemes.length || lexemes.charCodeAt(end) === 31))
      return true;
  }
  return false;
}
