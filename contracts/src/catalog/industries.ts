// Industry badges (spec 2 and 9) and the option lists the catalog uses.

/** Stages an investor can invest in: the spec's funding stages minus 'Bootstrapped'. */
export const INVESTOR_STAGES = ['Pre-seed', 'Seed', 'Series A', 'Series B', 'Series C', 'Series D+'] as const;
export type InvestorStage = (typeof INVESTOR_STAGES)[number];

/** VC firm investor types (the 'investor type' filter). */
export const VC_INVESTOR_TYPES = [
  'Venture Capital',
  'Micro-VC',
  'Corporate VC',
  'Family Office',
  'Accelerator',
  'Angel Group',
  'Growth/Expansion',
  'PE/Buyout',
] as const;

export const MAX_INDUSTRY_BADGES = 3;
export const MAX_COUNTRIES_PER_REGION = 15;
export const MAX_OTHER_LOCATIONS = 20;

export interface Truncated<T> {
  shown: T[];
  more: number;
}

/** First `max` items plus how many were left out ('+N more'). */
export function takeWithMore<T>(items: readonly T[], max: number): Truncated<T> {
  const limit = Number.isFinite(max) ? Math.max(0, Math.floor(max)) : 0;
  return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}

/**
 * Comma-separated industries → trimmed, non-empty list. Repeats (compared case-insensitively)
 * are dropped, keeping the first spelling, so a badge never shows twice.
 */
export function splitIndustries(csv: string | null | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of (csv ?? '').split(',')) {
    const name = part.trim();
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/** Up to `max` industry badges plus the '+N more' count. */
export function industryBadges(csv: string | null | undefined, max: number = MAX_INDUSTRY_BADGES): Truncated<string> {
  return takeWithMore(splitIndustries(csv), max);
}
