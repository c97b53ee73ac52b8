// What the search index holds for each record, and the text rules both adapters share. Pure.
import {
  cleanDescription,
  cleanInvestorName,
  parseNumeric,
  type AngelInvestorDetail,
  type VcFirm,
} from '@fp/contracts';

/** Meilisearch considers at most 10 query words; both adapters use the same first 10. */
export const MAX_QUERY_WORDS = 10;

/**
 * Words of a text as both adapters match them: accents folded, lower case, split on anything that
 * is not a letter or a digit ('São Paulo' → sao, paulo; 'AI & ML' → ai, ml; 'Micro-VC' → micro, vc).
 */
export function searchWords(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The words of a search box entry that take part in matching (every one must match). */
export function queryWords(search: string | null | undefined): string[] {
  return searchWords(search).slice(0, MAX_QUERY_WORDS);
}

/**
 * Sort key: the display name's words in lower-case ASCII. Both adapters order by it and then by
 * id, comparing bytes (Postgres `collate "C"`, Meilisearch's lexicographic string sort), so the
 * order is total and identical.
 */
export function sortKey(name: string | null | undefined): string {
  return searchWords(name).join(' ');
}

/** 'YYYY-MM-DD' → YYYYMMDD as a number (both engines compare numbers the same way). */
export function dayNumber(isoDate: string | null | undefined): number | null {
  if (!isoDate || !/^\d{4}-\d{2}-\d{2}/.test(isoDate)) return null;
  return Number(isoDate.slice(0, 10).replace(/-/g, ''));
}

export interface VcSearchDoc {
  id: string;
  sortKey: string;
  /** Normalised words of name, city, country, investor type and description, space-separated. */
  text: string;
  country: string | null;
  investorType: string | null;
  /** AUM in USD millions; null when not a number ('N/A'). */
  aum: number | null;
  stages: string[];
  checkSizeMin: number | null;
  checkSizeMax: number | null;
  /** Last investment date as YYYYMMDD. */
  lastInvestment: number | null;
  /** For the fit sort (./fit.ts): the firm's sectors (null: unknown) and investor status. */
  sectors: string[] | null;
  investorStatus: string | null;
  /**
   * The form registry's verdict (kept by the search projection, not part of the firm's record):
   * true a form the automation can use, false none it can use, null/absent not known.
   */
  acceptsOnline?: boolean | null;
}

export interface AngelSearchDoc {
  id: string;
  sortKey: string;
  /** Normalised words of display name, type, location, country, industries and description. */
  text: string;
  location: string | null;
  investments: number;
  exits: number;
}

export function vcSearchDoc(firm: VcFirm): VcSearchDoc {
  const aum = parseNumeric(firm.aum ?? undefined);
  return {
    id: firm.id,
    sortKey: sortKey(firm.vcName),
    text: searchWords(
      [firm.vcName, firm.city, firm.country, firm.primaryInvestorType, firm.description].filter(Boolean).join(' '),
    ).join(' '),
    country: firm.country ?? null,
    investorType: firm.primaryInvestorType ?? null,
    aum: aum === undefined ? null : aum,
    stages: [...(firm.stagesInvested ?? [])],
    checkSizeMin: firm.checkSizeMin ?? null,
    checkSizeMax: firm.checkSizeMax ?? null,
    lastInvestment: dayNumber(firm.lastInvestmentDate),
    sectors: firm.sectors?.length ? [...firm.sectors] : null,
    investorStatus: firm.investorStatus ?? null,
  };
}

export function angelSearchDoc(a: AngelInvestorDetail): AngelSearchDoc {
  const name = cleanInvestorName(a.companyName);
  return {
    id: a.id,
    sortKey: sortKey(name),
    text: searchWords(
      [name, a.investorType, a.location, a.country, a.industries, cleanDescription(a.description)]
        .filter(Boolean)
        .join(' '),
    ).join(' '),
    location: a.location ?? null,
    investments: a.investments,
    exits: a.exits,
  };
}
