// Deterministic VC firm records. Record i depends only on (seed, i): see vcFirmAt.
import { INVESTOR_STAGES, type VcFirm } from '@fp/contracts';
import {
  CONTACT_TITLES,
  CORPORATE_SECTORS,
  COUNTRIES,
  GREEK_LETTERS,
  INDUSTRIES,
  INVESTOR_STATUSES,
  NAME_ADJECTIVES,
  NAME_NOUNS,
  STAGE_CHECKS,
  VC_DOMAIN_STYLES,
  VC_EMAIL_STYLES,
  VC_TYPE_PROFILES,
  VC_TYPES,
  cityName,
  isoDateDaysBefore,
  niceRound,
  slugify,
  type VcInvestorType,
} from './data';
import { Draw } from './random';

export interface GenerateOptions {
  /** Any safe integer; the same seed always yields the same records. */
  seed: number;
  count: number;
  /** Zero-based index of the first record (default 0); ids are 1-based: index 0 → vc_000001. */
  startIndex?: number;
}

// Separate streams keep firms and angels with the same seed and index unrelated.
const STREAM_VC = 1;

// One Draw per module is safe: each record is built synchronously right after re-seeding, so
// interleaved generators cannot disturb each other.
const draw = new Draw();

function vcFirmId(index: number): string {
  return `vc_${String(index + 1).padStart(6, '0')}`;
}

export function checkOptions({ seed, count, startIndex = 0 }: GenerateOptions): Required<GenerateOptions> {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
  if (!Number.isSafeInteger(count) || count < 0)
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  if (!Number.isSafeInteger(startIndex) || startIndex < 0)
    throw new RangeError(`startIndex must be a non-negative integer, got ${startIndex}`);
  return { seed, count, startIndex };
}

/** Streams `count` firms starting at `startIndex`; memory stays flat however many are drawn. */
export function* generateVcFirms(options: GenerateOptions): Generator<VcFirm, void, undefined> {
  const { seed, count, startIndex } = checkOptions(options);
  for (let i = startIndex; i < startIndex + count; i++) yield vcFirmAt(seed, i);
}

/** Firm number `index` (zero-based) of the catalog for `seed`, regenerated on its own. */
export function vcFirmAt(seed: number, index: number): VcFirm {
  draw.reseed(seed, STREAM_VC, index);
  return buildFirm(draw, vcFirmId(index));
}

/** Overrides used by test firms: fixed name, website and e-mail domain. */
export interface FirmOverrides {
  vcName: string;
  website: string;
  emailDomain: string;
}

/** Builds one firm from an already seeded Draw. */
export function buildFirm(d: Draw, id: string, overrides?: FirmOverrides): VcFirm {
  const type = d.weighted(VC_TYPES);
  const profile = VC_TYPE_PROFILES[type];
  const country = d.weighted(COUNTRIES);
  const city = d.weighted(country.cities);
  const vcName = overrides?.vcName ?? firmName(d, type, city);

  const core = slugify(stripSuffix(vcName, profile.nameSuffixes)) || slugify(vcName) || 'fund';
  const domain = d.weighted(VC_DOMAIN_STYLES)(core, slugify(vcName) || core);
  const website = overrides?.website ?? (d.chance(0.96) ? `https://${d.chance(0.7) ? 'www.' : ''}${domain}` : null);

  const hasEmail = d.chance(0.6);
  const hasPerson = d.chance(hasEmail ? 0.85 : 0.5);
  const sex = d.chance(0.62) ? 'male' : 'female';
  const firstName = d.faker.person.firstName(sex);
  const lastName = d.faker.person.lastName(sex);
  const emailLocal = d.weighted(VC_EMAIL_STYLES)(slugify(firstName) || 'team', slugify(lastName) || 'partners');
  const primaryContactEmail = hasEmail ? `${emailLocal}@${overrides?.emailDomain ?? domain}` : null;

  const first = d.int(profile.firstStage[0], profile.firstStage[1]);
  const last = Math.min(INVESTOR_STAGES.length - 1, first + d.int(profile.extraStages[0], profile.extraStages[1]));
  const stagesInvested = INVESTOR_STAGES.slice(first, last + 1);
  const checkSizeMin = niceRound(STAGE_CHECKS[INVESTOR_STAGES[first]][0] * (0.6 + d.float() * 0.8));
  const checkSizeMax = Math.max(
    checkSizeMin,
    niceRound(STAGE_CHECKS[INVESTOR_STAGES[last]][1] * (0.4 + d.float() * 0.8)),
  );

  const status = d.weighted(INVESTOR_STATUSES);
  const lastInvestmentDate = d.chance(0.97)
    ? isoDateDaysBefore(status.recencyDays[1] + d.exponential(status.recencyDays[0]))
    : null;

  // ~8% undisclosed; otherwise log-normal around the type's median, clamped to a sane range.
  const aumMillions = Math.min(400_000, Math.max(0.5, d.logNormal(profile.aumMedian, 1.2)));
  const aum = d.chance(0.08) ? 'N/A' : aumMillions < 10 ? aumMillions.toFixed(1) : String(Math.round(aumMillions));

  const totalInvestment = Math.round(Math.min(3000, d.logNormal(profile.dealsMedian, 0.9)));
  const totalExits = Math.round(totalInvestment * d.float() * 0.3);

  const industries = d.distinct(INDUSTRIES, d.int(2, 4));
  const description = d.chance(0.95)
    ? describeFirm(
        d,
        vcName,
        type,
        city.includes(',') ? city : `${city}, ${country.name}`,
        stagesInvested,
        industries,
        totalInvestment,
      )
    : null;

  return {
    id,
    vcName,
    city,
    country: country.name,
    primaryInvestorType: type,
    investorStatus: status.label,
    aum,
    description,
    totalInvestment,
    totalExits,
    primaryContactEmail,
    phone: d.chance(0.45) ? phoneNumber(d, country.callingCode) : null,
    firstName: hasPerson ? firstName : null,
    lastName: hasPerson ? lastName : null,
    title: hasPerson ? d.weighted(CONTACT_TITLES) : null,
    website,
    stagesInvested,
    checkSizeMin,
    checkSizeMax,
    lastInvestmentDate,
  };
}

function firmName(d: Draw, type: VcInvestorType, city: string): string {
  const suffix = d.pick(VC_TYPE_PROFILES[type].nameSuffixes);
  const noun = d.pick(NAME_NOUNS);
  if (type === 'Corporate VC') {
    const parent = d.chance(0.5) ? d.faker.person.lastName() : noun;
    return `${parent} ${d.pick(CORPORATE_SECTORS)} ${suffix}`;
  }
  if (type === 'Family Office' && d.chance(0.7)) return `${d.faker.person.lastName()} ${suffix}`;
  if ((type === 'Angel Group' || type === 'Accelerator') && d.chance(0.5)) return `${cityName(city)} ${suffix}`;
  const r = d.float();
  if (r < 0.35) return `${d.pick(NAME_ADJECTIVES)} ${noun} ${suffix}`;
  if (r < 0.6) return `${noun} ${suffix}`;
  if (r < 0.8) return `${d.faker.person.lastName()} ${suffix}`;
  if (r < 0.88) return `${d.faker.person.lastName()} & ${d.faker.person.lastName()} ${suffix}`;
  return `${d.pick(GREEK_LETTERS)} ${noun} ${suffix}`;
}

// 'Blue Ridge Ventures' → 'Blue Ridge', so domains read like 'blueridge.vc'.
function stripSuffix(name: string, suffixes: readonly string[]): string {
  for (const suffix of suffixes) if (name.endsWith(` ${suffix}`)) return name.slice(0, -suffix.length - 1);
  return name;
}

const TYPE_PHRASES: Record<VcInvestorType, string> = {
  'Venture Capital': 'a venture capital firm',
  'Micro-VC': 'a micro-VC fund',
  'Corporate VC': 'the corporate venture arm of its parent company',
  'Family Office': 'a family office',
  Accelerator: 'an accelerator',
  'Angel Group': 'an angel investor network',
  'Growth/Expansion': 'a growth equity investor',
  'PE/Buyout': 'a private equity firm',
};

function describeFirm(
  d: Draw,
  name: string,
  type: VcInvestorType,
  place: string,
  stages: readonly string[],
  industries: readonly string[],
  deals: number,
): string {
  const stageText = stages.length === 1 ? stages[0] : `${stages[0]} to ${stages[stages.length - 1]}`;
  const focus =
    industries.length === 1
      ? industries[0]
      : `${industries.slice(0, -1).join(', ')} and ${industries[industries.length - 1]}`;
  const founded = d.int(1985, 2023);
  const extras = [
    `Founded in ${founded}, the team has backed ${deals} ${deals === 1 ? 'company' : 'companies'}.`,
    'The firm typically leads rounds and takes a board seat.',
    'It also co-invests alongside other funds and follows on in later rounds.',
    `Portfolio support includes hiring, go-to-market and fundraising help.`,
    '',
  ];
  return `${name} is ${TYPE_PHRASES[type]} based in ${place}, investing at ${stageText} in ${focus}. ${d.pick(extras)}`.trim();
}

/** Country calling code plus a local number; US/Canada use the fictional 555-01xx range. */
export function phoneNumber(d: Draw, callingCode: string): string {
  if (callingCode === '1') return `+1 ${d.int(201, 989)}-555-01${String(d.int(0, 99)).padStart(2, '0')}`;
  return `+${callingCode} ${d.int(10, 99)} ${d.int(1000, 9999)} ${d.int(1000, 9999)}`;
}
