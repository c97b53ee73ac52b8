// Long file: mostly the synonym tables the matchers read (synonymsFor); the matching itself is short.
// Pure fuzzy matching of a profile value against the options of a select, radio group or listbox.
import { currencyOf, normalizeText } from './field-mapping';
import type { FieldTarget } from './types';

export interface OptionLike {
  label: string;
  value?: string;
}

const PLACEHOLDER = /^(select|choose|pick|please (select|choose)|none selected|-+|—|\.\.\.)\b|^$/;

export function isPlaceholderOption(o: OptionLike): boolean {
  return PLACEHOLDER.test(normalizeText(o.label));
}

/** Option text normalised (lower case first, so "SaaS" stays one word). */
const norm = (s: string | undefined | null) => normalizeText((s ?? '').toLowerCase());

/** Word-boundary phrase containment on normalised text. */
function containsPhrase(haystack: string, phrase: string): boolean {
  if (!phrase) return false;
  return ` ${haystack} `.includes(` ${phrase} `);
}

// --- stage ---------------------------------------------------------------------------------------------

/** Funding stages on one scale: pre-seed 0, seed 1, A 2, B 3, C 4, D+/growth 5; bootstrapped -1. */
export function stageOrdinals(text: string): { ords: number[]; orLater: boolean } {
  let t = ` ${normalizeText(text)} `;
  const ords: number[] = [];
  const take = (re: RegExp, ord: number) => {
    if (re.test(t)) {
      ords.push(ord);
      t = t.replace(re, ' ');
    }
  };
  take(/pre ?seed|\bidea\b|\bconcept\b|prototype|friends and family|\bangel\b/g, 0);
  take(/\bseed\b/g, 1);
  take(/series a\b|\ba round\b/g, 2);
  take(/series b\b|\bb round\b/g, 3);
  take(/series c\b|\bc round\b/g, 4);
  take(/series [d-z]\b|\bgrowth\b|late stage|later stage|\bipo\b/g, 5);
  take(/bootstrap|self ?funded|no (outside )?funding|not raised/g, -1);
  const orLater = /\+|or (later|above|beyond|more)|and (later|above|beyond)|\blater\b|\bbeyond\b/.test(
    text.toLowerCase(),
  );
  return { ords, orLater };
}

function matchStage(desired: string, cands: Cand[]): number {
  const want = stageOrdinals(desired).ords[0];
  if (want === undefined) return -1;
  const parsed = cands.map((c) => ({ c, s: stageOrdinals(c.label + (c.label ? '' : ` ${c.value}`)) }));
  const exact = parsed.filter((p) => p.s.ords.includes(want)).sort((a, b) => a.s.ords.length - b.s.ords.length);
  if (exact.length) return exact[0].c.i;
  // "Series B+" covers Series C; take the closest lower bound.
  const covering = parsed
    .filter((p) => p.s.orLater && p.s.ords.length && Math.min(...p.s.ords) <= want && Math.min(...p.s.ords) >= 0)
    .sort((a, b) => Math.min(...b.s.ords) - Math.min(...a.s.ords));
  return covering.length ? covering[0].c.i : -1;
}

// --- industry ------------------------------------------------------------------------------------------

const INDUSTRY_SYNONYMS: readonly (readonly string[])[] = [
  [
    'ai and ml',
    'ai',
    'ml',
    'artificial intelligence',
    'machine learning',
    'ai ml',
    'deep learning',
    'generative ai',
    'data and ai',
    'ai and data',
  ],
  [
    'saas',
    'b2b saas',
    'software as a service',
    'enterprise software',
    'b2b software',
    'software',
    'enterprise',
    'cloud',
    'b2b',
  ],
  ['fintech', 'financial services', 'financial technology', 'finance', 'payments', 'banking', 'insurtech'],
  [
    'healthtech',
    'health tech',
    'healthcare',
    'health',
    'digital health',
    'medtech',
    'medical',
    'life sciences',
    'biotech',
    'wellness',
  ],
  ['e commerce', 'ecommerce', 'commerce', 'retail', 'marketplace', 'marketplaces', 'd2c', 'dtc'],
  ['edtech', 'education', 'learning'],
  [
    'cleantech',
    'clean tech',
    'climate',
    'climate tech',
    'energy',
    'sustainability',
    'clean energy',
    'greentech',
    'environment',
  ],
  ['consumer', 'b2c', 'consumer tech', 'consumer internet', 'media', 'social'],
  ['hardware', 'robotics', 'deep tech', 'deeptech', 'iot', 'devices', 'manufacturing', 'semiconductors'],
  ['technology', 'tech', 'software', 'it'],
  ['other'],
];

function synonymsFor(desired: string): readonly string[] {
  const d = norm(desired);
  const group =
    INDUSTRY_SYNONYMS.find((g) => g.includes(d)) ?? INDUSTRY_SYNONYMS.find((g) => g.some((s) => containsPhrase(d, s)));
  return group ? [d, ...group] : [d];
}

// --- regions -------------------------------------------------------------------------------------------

/** Places by region, for "Where are you based? Europe / North America / Asia / Other" (a London startup is in Europe). */
const REGIONS: readonly { names: readonly string[]; places: readonly string[] }[] = [
  {
    names: ['europe', 'emea', 'eu', 'european union'],
    places: [
      'uk',
      'united kingdom',
      'england',
      'scotland',
      'wales',
      'london',
      'manchester',
      'edinburgh',
      'germany',
      'berlin',
      'munich',
      'hamburg',
      'france',
      'paris',
      'spain',
      'madrid',
      'barcelona',
      'italy',
      'milan',
      'rome',
      'netherlands',
      'amsterdam',
      'sweden',
      'stockholm',
      'denmark',
      'copenhagen',
      'norway',
      'oslo',
      'finland',
      'helsinki',
      'ireland',
      'dublin',
      'switzerland',
      'zurich',
      'geneva',
      'austria',
      'vienna',
      'belgium',
      'brussels',
      'portugal',
      'lisbon',
      'poland',
      'warsaw',
      'estonia',
      'tallinn',
      'czech republic',
      'czechia',
      'prague',
      'greece',
      'athens',
      'romania',
      'bucharest',
      'hungary',
      'budapest',
      'lithuania',
      'vilnius',
      'latvia',
      'riga',
    ],
  },
  {
    names: ['north america', 'americas', 'usa', 'us', 'united states', 'us and canada'],
    places: [
      'usa',
      'united states',
      'us',
      'new york',
      'nyc',
      'san francisco',
      'sf',
      'bay area',
      'palo alto',
      'boston',
      'austin',
      'seattle',
      'los angeles',
      'chicago',
      'miami',
      'denver',
      'canada',
      'toronto',
      'vancouver',
      'montreal',
      'mexico',
      'mexico city',
    ],
  },
  {
    names: ['asia', 'apac', 'asia pacific', 'asia and pacific'],
    places: [
      'india',
      'bangalore',
      'bengaluru',
      'mumbai',
      'delhi',
      'new delhi',
      'singapore',
      'japan',
      'tokyo',
      'china',
      'beijing',
      'shanghai',
      'shenzhen',
      'hong kong',
      'korea',
      'south korea',
      'seoul',
      'indonesia',
      'jakarta',
      'vietnam',
      'ho chi minh city',
      'thailand',
      'bangkok',
      'philippines',
      'manila',
      'malaysia',
      'kuala lumpur',
      'taiwan',
      'taipei',
    ],
  },
  {
    names: ['middle east', 'mena', 'emea'],
    places: [
      'israel',
      'tel aviv',
      'uae',
      'united arab emirates',
      'dubai',
      'abu dhabi',
      'saudi arabia',
      'riyadh',
      'qatar',
      'doha',
      'jordan',
      'amman',
    ],
  },
  {
    names: ['africa', 'emea'],
    places: [
      'nigeria',
      'lagos',
      'kenya',
      'nairobi',
      'south africa',
      'cape town',
      'johannesburg',
      'egypt',
      'cairo',
      'ghana',
      'accra',
      'rwanda',
      'kigali',
      'morocco',
    ],
  },
  {
    names: ['latin america', 'latam', 'south america', 'americas'],
    places: [
      'brazil',
      'sao paulo',
      'são paulo',
      'argentina',
      'buenos aires',
      'chile',
      'santiago',
      'colombia',
      'bogota',
      'peru',
      'lima',
      'uruguay',
      'montevideo',
    ],
  },
  {
    names: ['oceania', 'australia', 'australia and new zealand', 'anz', 'apac', 'asia pacific'],
    places: ['australia', 'sydney', 'melbourne', 'new zealand', 'auckland'],
  },
];

function matchRegion(desired: string, cands: Cand[]): number {
  const d = norm(desired);
  const parts = d.split(' ');
  // The last place named decides ("London, UK"): a city and its country agree.
  const region = REGIONS.filter((r) =>
    r.places.some((p) => containsPhrase(d, p) && (p.includes(' ') || parts.includes(p))),
  );
  if (region.length === 0) return -1;
  const hits = cands.filter((c) => region.some((r) => r.names.some((n) => c.norm === n || containsPhrase(c.norm, n))));
  return hits.length === 1 ? hits[0].i : -1;
}

/** Short names a location ends with, and the country's name as option lists spell it. */
const COUNTRY_NAMES: Readonly<Record<string, readonly string[]>> = {
  uk: ['united kingdom', 'great britain', 'uk'],
  'united kingdom': ['united kingdom', 'great britain', 'uk'],
  usa: ['united states', 'united states of america', 'usa', 'us'],
  us: ['united states', 'united states of america', 'usa', 'us'],
  'united states': ['united states', 'united states of america', 'usa', 'us'],
  uae: ['united arab emirates', 'uae'],
};

/** "London, UK" against a country list: the country the location ends with, by its other names. */
function matchCountry(desired: string, cands: Cand[]): number {
  const last = norm(desired.split(',').pop() ?? '');
  const names = COUNTRY_NAMES[last];
  if (!names) return -1;
  const hits = cands.filter((c) => names.includes(c.norm));
  return hits.length === 1 ? hits[0].i : -1;
}

// --- numeric ranges ------------------------------------------------------------------------------------

export interface NumRange {
  min: number;
  max: number;
}

const NUM = /(\d+(?:[.,]\d+)*)\s*(k|thousand|mm|mn|m|million|b|bn|billion)?(?![a-z])/gi;

function unitMult(u: string | undefined): number {
  const x = (u ?? '').toLowerCase();
  if (!x) return 1;
  if (x.startsWith('k') || x === 'thousand') return 1e3;
  if (x.startsWith('b')) return 1e9;
  return 1e6;
}

/** Reads "1-5", "6–15", "51+", "Under $10k", "$10k – $50k", "$1M+ MRR", "Pre-revenue" as a numeric range. */
export function parseRange(text: string): NumRange | null {
  const t = text
    .toLowerCase()
    .replace(/[–—]/g, '-')
    .replace(/\bto\b/g, '-');
  if (/pre ?-?revenue|no revenue|\bnone\b|\bzero\b|not yet|^\s*\$?0\s*$/.test(t)) return { min: 0, max: 0 };
  const nums: { n: number; unit?: string }[] = [];
  for (const m of t.matchAll(NUM))
    nums.push({ n: Number(m[1].replace(/,(?=\d{3})/g, '').replace(',', '.')), unit: m[2] });
  if (nums.length === 0) return null;
  // "10-50K": the first number borrows the unit of the second.
  if (nums.length >= 2 && !nums[0].unit && nums[1].unit) nums[0].unit = nums[1].unit;
  const vals = nums.map((x) => x.n * unitMult(x.unit));
  if (/\+|more than|over|above|at least|or more|greater/.test(t)) return { min: vals[0], max: Infinity };
  if (/under|less than|below|up to|fewer than|</.test(t)) return { min: 0, max: vals[0] };
  if (vals.length >= 2) return { min: Math.min(vals[0], vals[1]), max: Math.max(vals[0], vals[1]) };
  return { min: vals[0], max: vals[0] };
}

function representative(r: NumRange): number {
  return r.max === Infinity ? r.min : (r.min + r.max) / 2;
}

const isAnnual = (s: string) => /\barr\b|annual|per year|\/ ?y(ea)?r|yearly/i.test(s);
const isMonthly = (s: string) => /\bmrr\b|monthly|per month|\/ ?mo(nth)?/i.test(s);

/** An amount within this share of a range's boundary is too close to call: the founder picks. */
const BOUNDARY_MARGIN = 0.1;

const MONEY_TARGETS = new Set<FieldTarget>(['revenue', 'raising', 'existingFunding']);

/**
 * Why an amount cannot pick among money ranges by itself, or null: options in a currency the amount is not
 * in (or an amount of no stated currency against priced options), or an amount within 10 % of a boundary.
 */
function moneyRangeProblem(desired: string, cands: readonly { label: string; value?: string }[]): string | null {
  const want = parseRange(desired);
  if (!want) return null;
  const have = currencyOf(desired);
  const priced = cands.map((c) => currencyOf(c.label || c.value || '')).filter((x): x is string => x !== null);
  const foreign = priced.find((cur) => cur !== have);
  if (foreign) return `the options are in ${foreign}; the amount ("${desired}") is in ${have ?? 'no stated currency'}`;
  if (want.min !== want.max) return null;
  const annual = isAnnual(desired);
  const monthly = isMonthly(desired);
  for (const c of cands) {
    const r = parseRange(c.label || c.value || '');
    if (!r) continue;
    const scale = monthly && isAnnual(c.label) ? 12 : annual && isMonthly(c.label) ? 1 / 12 : 1;
    const v = want.min * scale;
    for (const b of [r.min, r.max])
      if (b > 0 && Number.isFinite(b) && Math.abs(v - b) <= BOUNDARY_MARGIN * b)
        return `the amount ("${desired}") is within 10 % of the boundary of "${c.label}"`;
  }
  return null;
}

function matchNumeric(target: FieldTarget, desired: string, cands: Cand[]): number {
  const want = parseRange(desired);
  if (!want) return -1;
  if (MONEY_TARGETS.has(target) && moneyRangeProblem(desired, cands)) return -2;
  let v = representative(want);
  if (target === 'founded') v = want.min;
  const ranges = cands
    .map((c) => ({ c, r: parseRange(c.label || c.value) }))
    .filter((x): x is { c: Cand; r: NumRange } => x.r !== null);
  if (ranges.length === 0) return -1;
  const adjust = (label: string) =>
    target === 'revenue' && isMonthly(desired) && isAnnual(label)
      ? v * 12
      : target === 'revenue' && isAnnual(desired) && isMonthly(label)
        ? v / 12
        : v;
  const hits = ranges.filter(({ c, r }) => {
    const x = adjust(c.label);
    return x >= r.min && x <= r.max;
  });
  if (hits.length) return hits.sort((a, b) => a.r.max - a.r.min - (b.r.max - b.r.min))[0].c.i;
  return -1;
}

// --- generic -------------------------------------------------------------------------------------------

interface Cand {
  i: number;
  label: string;
  value: string;
  norm: string;
  normValue: string;
}

function dice(a: string, b: string): number {
  const A = new Set(a.split(' ').filter(Boolean));
  const B = new Set(b.split(' ').filter(Boolean));
  if (!A.size || !B.size) return 0;
  let inter = 0;
  for (const x of A) if (B.has(x)) inter++;
  return (2 * inter) / (A.size + B.size);
}

/**
 * Index (into `options`) of the option that best represents `desired`, or -1. Strategy by field: exact text,
 * stage scale, numeric ranges, industry synonyms, then word overlap. With `otherFallback`, an "Other" option
 * is used when nothing fits (for required questions).
 */
export function matchOption(
  target: FieldTarget,
  desired: string,
  options: readonly OptionLike[],
  opts: { otherFallback?: boolean } = {},
): number {
  const cands: Cand[] = options
    .map((o, i) => ({ i, label: o.label ?? '', value: o.value ?? '', norm: norm(o.label), normValue: norm(o.value) }))
    .filter((c) => !isPlaceholderOption(c));
  const d = norm(desired);
  if (!d || cands.length === 0) return -1;

  const exact = cands.find((c) => c.norm === d || c.normValue === d);
  if (exact) return exact.i;

  if (target === 'stage') {
    const i = matchStage(desired, cands);
    if (i >= 0) return i;
  }
  if (
    target === 'teamSize' ||
    target === 'revenue' ||
    target === 'raising' ||
    target === 'existingFunding' ||
    target === 'founded'
  ) {
    const i = matchNumeric(target, desired, cands);
    if (i >= 0) return i;
    // An amount that cannot pick by itself picks nothing: no word-overlap guess between priced ranges.
    if (i === -2) return -1;
  }
  if (target === 'industry') {
    for (const syn of synonymsFor(desired)) {
      const hit = cands.find((c) => containsPhrase(c.norm, syn) || c.normValue === syn);
      if (hit) return hit.i;
    }
  }
  // "Berlin, Germany" vs "Germany"; "Seed" vs "Seed round".
  const contained = cands
    .filter((c) => c.norm.length >= 3 && (containsPhrase(d, c.norm) || containsPhrase(c.norm, d)))
    .sort((a, b) => b.norm.length - a.norm.length);
  if (contained.length) return contained[0].i;
  if (target === 'location') {
    const i = matchCountry(desired, cands);
    if (i >= 0) return i;
  }
  if (target === 'location') {
    const i = matchRegion(desired, cands);
    if (i >= 0) return i;
  }

  const scored = cands
    .map((c) => ({ c, s: Math.max(dice(d, c.norm), dice(d, c.normValue)) }))
    .sort((a, b) => b.s - a.s);
  if (scored[0] && scored[0].s >= 0.5) return scored[0].c.i;

  if (opts.otherFallback) {
    const other = cands.find((c) => /^other\b/.test(c.norm));
    if (other) return other.i;
  }
  return -1;
}
