import { parseMoney } from '../common/money';

/**
 * Fit of a VC firm for a founder's startup: 0–100 from the startup profile against the
 * firm's data, with the reasons as short chips. Rules only (never labelled AI). Unknown data scores
 * nothing and lowers `confidence`; it never counts as a match. Tune the weights here.
 */
export const FIT_WEIGHTS = { stage: 35, sector: 25, check: 20, geography: 10, activity: 10 } as const;
export type FitFactor = keyof typeof FIT_WEIGHTS;
export type FitMatch = 'yes' | 'partial' | 'no' | 'unknown';
export interface FitReason {
  factor: FitFactor;
  label: string;
  match: FitMatch;
}
export interface Fit {
  score: number;
  /** Share of the weights the firm's and the profile's data could judge (0–1). */
  confidence: number;
  reasons: FitReason[];
}

export interface FitProfile {
  stage?: string | null;
  industry?: string | null;
  /** As typed: "$2M", "500K", "1.5 million", "750,000". */
  raising?: string | null;
  location?: string | null;
}
export interface FitFirm {
  stagesInvested: readonly string[];
  sectors?: readonly string[] | null;
  /** Thousands of USD. */
  checkSizeMin: number | null;
  checkSizeMax: number | null;
  country: string | null;
  active?: boolean | null;
  investorStatus?: string | null;
  lastInvestmentDate?: string | null;
  /** The form registry's verdict: true a usable online form, false none the automation can use, null/absent not known. */
  acceptsOnline?: boolean | null;
  /**
   * What the founder passes themselves in the live view before the form (a CAPTCHA, a sign-in):
   * the firm still accepts online applications; only the reason's words say so.
   */
  liveView?: readonly ('captcha' | 'login')[] | null;
}

const POINTS: Record<FitMatch, number> = { yes: 1, partial: 0.5, no: 0, unknown: 0 };
const RECENT_DAYS = 730;

/** "$2M" → 2,000,000; "500K" → 500,000; "1.5 million" → 1,500,000; "750,000" → 750,000; else null. */
export function parseAmountUsd(text: string | null | undefined): number | null {
  // Ranking asks for the same founder's round once per firm value: the last answer is kept.
  if (text === lastAmount.text) return lastAmount.value;
  const value = readAmount(text);
  lastAmount = { text, value };
  return value;
}
let lastAmount: { text: string | null | undefined; value: number | null } = { text: undefined, value: null };

// The profile's one money parser (common/money.ts); check sizes are in USD, so only USD rounds are judged.
function readAmount(text: string | null | undefined): number | null {
  const r = parseMoney(text);
  return r.ok && r.money.currency === 'USD' ? Math.round(r.money.amount) : null;
}

/** $50K, $1.5M, $2,500M (toLocaleString costs tens of microseconds a call; labels are made by the thousand). */
function usd(amount: number): string {
  if (amount >= 1e6) {
    const [whole, tenth] = (Math.round(amount / 1e5) / 10).toFixed(1).split('.');
    return `$${group(whole!)}${tenth === '0' ? '' : `.${tenth}`}M`;
  }
  return `$${group(String(Math.round(amount / 1e3)))}K`;
}
const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * True when `where` ("Niamey, Niger") names `place` ("Niger") as whole words: places are compared as
 * places, so "Nigeria" is not "Niger", "Romania" not "Oman", "Indiana" not "India".
 */
export function samePlace(where: string, place: string): boolean {
  const p = norm(place);
  return !!p && ` ${norm(where)} `.includes(` ${p} `);
}

/** The profile's stage as the rules use it ('Bootstrapped' names no round stage), or null. */
function profileStage(p: FitProfile): string | null {
  const s = p.stage?.trim();
  return s && s !== 'Bootstrapped' ? s : null;
}
/** The profile's industry as the rules use it ('Other' names none), or null. */
function profileIndustry(p: FitProfile): string | null {
  const s = p.industry?.trim();
  return s && s !== 'Other' ? s : null;
}

/**
 * A factor's verdict, with its label made only when asked: ranking thousands of firms needs only
 * the verdicts (projections/src/search/fit.ts), a page of reasons needs the words too.
 */
interface Judged {
  factor: FitFactor;
  match: FitMatch;
  label: () => string;
}
const judged = (factor: FitFactor, match: FitMatch, label: () => string): Judged => ({ factor, match, label });

function stage(p: FitProfile, f: FitFirm): Judged {
  const s = profileStage(p);
  if (!s) return judged('stage', 'unknown', () => 'Your stage is not set');
  if (!f.stagesInvested.length) return judged('stage', 'unknown', () => 'Stages unknown');
  if (f.stagesInvested.includes(s)) return judged('stage', 'yes', () => `Invests at ${s}`);
  return judged('stage', 'no', () => `Not at ${s} (${f.stagesInvested.join(', ')})`);
}

function sector(p: FitProfile, f: FitFirm): Judged {
  const industry = profileIndustry(p);
  if (!industry) return judged('sector', 'unknown', () => 'Your industry is not set');
  const sectors = (f.sectors ?? []).map(norm);
  if (!sectors.length) return judged('sector', 'unknown', () => 'Sectors unknown');
  // "AI & ML" matches a sector "ai", "ml" or "ai ml"; "HealthTech" matches "healthtech" or "health".
  const words = norm(industry)
    .split(' ')
    .filter((w) => w.length > 1);
  const hit = sectors.some((s) =>
    words.some((w) => s === w || s.split(' ').includes(w) || s.replace(/ /g, '') === w || w.startsWith(s)),
  );
  if (hit) return judged('sector', 'yes', () => industry);
  if (sectors.some((s) => /agnostic|generalist|all sectors/.test(s)))
    return judged('sector', 'partial', () => 'Sector agnostic');
  return judged('sector', 'no', () => `Not in ${industry}`);
}

function check(p: FitProfile, f: FitFirm): Judged {
  const round = parseAmountUsd(p.raising);
  if (round === null) return judged('check', 'unknown', () => 'Your round size is not set');
  if (f.checkSizeMin == null && f.checkSizeMax == null) return judged('check', 'unknown', () => 'Check size unknown');
  const min = (f.checkSizeMin ?? 0) * 1000;
  const max = f.checkSizeMax == null ? null : f.checkSizeMax * 1000;
  const range = () => (max == null ? `from ${usd(min)}` : min ? `${usd(min)}–${usd(max)}` : `up to ${usd(max)}`);
  if (min > round) return judged('check', 'no', () => `Checks ${range()} are above your ${usd(round)} round`);
  return judged('check', 'yes', () => `Checks ${range()} fit your ${usd(round)} round`);
}

function geography(p: FitProfile, f: FitFirm): Judged {
  if (!f.country) return judged('geography', 'unknown', () => 'Location unknown');
  const where = p.location?.trim();
  if (!where) return judged('geography', 'unknown', () => `Based in ${f.country}`);
  if (samePlace(where, f.country)) return judged('geography', 'yes', () => `Based in ${f.country}`);
  // Firms invest abroad too: another country is a partial match, not a mismatch.
  return judged('geography', 'partial', () => `Based in ${f.country}`);
}

/** How recently the firm invested, as its sources tell. */
function recency(f: FitFirm, today: Date): Judged {
  const last = f.lastInvestmentDate;
  if (last) {
    const days = (today.getTime() - Date.parse(`${last}T00:00:00Z`)) / 86_400_000;
    if (days <= RECENT_DAYS) return judged('activity', 'yes', () => `Invested recently (${last.slice(0, 7)})`);
    return judged('activity', 'partial', () => `Last investment ${last.slice(0, 7)}`);
  }
  const status = f.investorStatus;
  if (status && /actively|raising/i.test(status)) return judged('activity', 'yes', () => status);
  return judged('activity', 'unknown', () => 'Activity unknown');
}

/**
 * Active, and reachable through a form the automation can use. The registry's verdict moves the
 * recency verdict one step: a usable form makes an unknown activity a partial match (the firm runs
 * an application form); no usable form lowers yes to partial and partial or unknown to no. An
 * unchecked firm is judged on recency alone.
 */
function activity(f: FitFirm, today: Date): Judged {
  if (f.active === false) return judged('activity', 'no', () => 'No longer listed by its sources');
  const seen = recency(f, today);
  if (f.acceptsOnline === true) {
    const you = liveViewWords(f.liveView);
    if (seen.match === 'unknown') return judged('activity', 'partial', () => `Accepts online applications${you}`);
    return judged('activity', seen.match, () => `${seen.label()}, applies online${you}`);
  }
  if (f.acceptsOnline === false) {
    if (seen.match === 'unknown') return judged('activity', 'no', () => 'No usable online form');
    return judged('activity', seen.match === 'yes' ? 'partial' : 'no', () => `${seen.label()}, no usable online form`);
  }
  return seen;
}

/** " (you solve a CAPTCHA in the live view)": what the founder will do before the automation can apply. */
function liveViewWords(live: FitFirm['liveView']): string {
  const captcha = live?.includes('captcha');
  const login = live?.includes('login');
  if (captcha && login) return ' (you sign in and solve a CAPTCHA in the live view)';
  if (captcha) return ' (you solve a CAPTCHA in the live view)';
  if (login) return ' (you sign in in the live view)';
  return '';
}

/** The factors in the order their reasons are listed (and their points added). */
export const FIT_FACTORS: readonly FitFactor[] = ['stage', 'sector', 'check', 'geography', 'activity'];

/**
 * The firm fields each factor reads. Firms equal on a factor's fields get the same reason from it,
 * which lets a search index judge each distinct value once per profile instead of each firm
 * (projections/src/search/fit.ts); a unit test holds this list to the rules.
 */
export const FIT_FACTOR_FIELDS: Record<FitFactor, ReadonlyArray<keyof FitFirm>> = {
  stage: ['stagesInvested'],
  sector: ['sectors'],
  check: ['checkSizeMin', 'checkSizeMax'],
  geography: ['country'],
  activity: ['active', 'lastInvestmentDate', 'investorStatus', 'acceptsOnline', 'liveView'],
};

/**
 * What each factor's *verdict* (not its label) reads: profile fields, firm fields read for their
 * value, and firm fields read only for whether they are known. Ranking many firms judges each
 * distinct combination once (projections/src/search/fit.ts): cheque ranges that differ only in
 * their maximum get one verdict, and the activity verdict is the same for every founder on a day,
 * so a new founder costs a few hundred judgements, not one per firm. A unit test holds it to the rules.
 */
export const FIT_MATCH_READS: Record<
  FitFactor,
  { profile: ReadonlyArray<keyof FitProfile>; firm: ReadonlyArray<keyof FitFirm>; known: ReadonlyArray<keyof FitFirm> }
> = {
  stage: { profile: ['stage'], firm: ['stagesInvested'], known: [] },
  sector: { profile: ['industry'], firm: ['sectors'], known: [] },
  check: { profile: ['raising'], firm: ['checkSizeMin'], known: ['checkSizeMax'] },
  geography: { profile: ['location'], firm: ['country'], known: [] },
  activity: { profile: [], firm: ['active', 'lastInvestmentDate', 'investorStatus', 'acceptsOnline'], known: [] },
};

/** One factor's reason: reads only the firm fields FIT_FACTOR_FIELDS names for it. */
export function fitReason(factor: FitFactor, profile: FitProfile, firm: FitFirm, today: Date): FitReason {
  const j = judge(factor, profile, firm, today);
  return { factor, label: j.label(), match: j.match };
}

/** One factor's verdict alone (no label): what ranking needs. */
export function fitMatch(factor: FitFactor, profile: FitProfile, firm: FitFirm, today: Date): FitMatch {
  return judge(factor, profile, firm, today).match;
}

function judge(factor: FitFactor, profile: FitProfile, firm: FitFirm, today: Date): Judged {
  switch (factor) {
    case 'stage':
      return stage(profile, firm);
    case 'sector':
      return sector(profile, firm);
    case 'check':
      return check(profile, firm);
    case 'geography':
      return geography(profile, firm);
    case 'activity':
      return activity(firm, today);
  }
}

/** What a reason adds to the sum a score is made of. */
export const fitPoints = (r: Pick<FitReason, 'factor' | 'match'>): number => FIT_WEIGHTS[r.factor] * POINTS[r.match];

const WEIGHT_TOTAL = Object.values(FIT_WEIGHTS).reduce((a, b) => a + b, 0);

/** The 0–100 score of a sum of points (added in FIT_FACTORS order, starting from 0). */
export const fitScoreOfPoints = (points: number): number => Math.round((points / WEIGHT_TOTAL) * 100);

/** The fit of one firm: a pure function of the profile, the firm and today's date. */
export function fitScore(profile: FitProfile, firm: FitFirm, today: Date): Fit {
  const reasons = FIT_FACTORS.map((f) => fitReason(f, profile, firm, today));
  let score = 0;
  let known = 0;
  for (const r of reasons) {
    score += fitPoints(r);
    if (r.match !== 'unknown') known += FIT_WEIGHTS[r.factor];
  }
  return { score: fitScoreOfPoints(score), confidence: Math.round((known / WEIGHT_TOTAL) * 100) / 100, reasons };
}

/**
 * Firms are ranked by fit once the profile names the startup's stage and industry, the two
 * factors that weigh most; before that the ranking would mostly reflect what is unknown.
 */
export const fitProfileComplete = (p: FitProfile | null | undefined): boolean =>
  !!(p && profileStage(p) && profileIndustry(p));

/** The answer to a fit sort or filter while the profile lacks them (400). */
export const FIT_NEEDS_PROFILE = "Add your startup's stage and industry in Settings to rank firms by fit";

/** A fit day: the date (UTC) the activity factor measures from, the same for a whole request. */
export const fitDay = (now: Date): string => now.toISOString().slice(0, 10);
export const fitToday = (day: string): Date => new Date(`${day}T00:00:00Z`);
