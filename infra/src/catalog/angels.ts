// Deterministic angel investor records. Raw names and descriptions deliberately carry the noise
// the display rules remove (titles, biography tails, source tags, bold markers).
import type { AngelInvestorDetail } from '@fp/contracts';
import {
  ANGEL_TYPES,
  COUNTRIES,
  INDUSTRIES,
  INVESTOR_STAGES,
  OPERATOR_ROLES,
  SCHOOLS,
  SOURCE_TAGS,
  STARTUP_SUFFIXES,
  UNPLACED_LOCATIONS,
  NAME_NOUNS,
  cityName,
  slugify,
} from './data';
import { Draw } from './random';
import { checkOptions, phoneNumber, type GenerateOptions } from './vc-firms';

const STREAM_ANGEL = 2;

const draw = new Draw();

function angelId(index: number): string {
  return `ang_${String(index + 1).padStart(6, '0')}`;
}

/** Streams `count` angel investors starting at `startIndex`, one record in memory at a time. */
export function* generateAngels(options: GenerateOptions): Generator<AngelInvestorDetail, void, undefined> {
  const { seed, count, startIndex } = checkOptions(options);
  for (let i = startIndex; i < startIndex + count; i++) yield angelAt(seed, i);
}

/** Angel investor number `index` (zero-based) for `seed`, regenerated on its own. */
export function angelAt(seed: number, index: number): AngelInvestorDetail {
  draw.reseed(seed, STREAM_ANGEL, index);
  return buildAngel(draw, angelId(index));
}

const INDUSTRY_COUNTS = [1, 2, 2, 3, 3, 3, 4, 4, 5, 6];

function buildAngel(d: Draw, id: string): AngelInvestorDetail {
  const investorType = d.weighted(ANGEL_TYPES);
  const country = d.weighted(COUNTRIES);
  const city = d.weighted(country.cities);
  const r = d.float();
  const location =
    r < 0.88
      ? city.includes(',')
        ? city
        : `${city}, ${country.name}`
      : r < 0.96
        ? country.name
        : d.pick(UNPLACED_LOCATIONS);

  const sex = d.chance(0.65) ? 'male' : 'female';
  const first = d.faker.person.firstName(sex);
  const last = d.faker.person.lastName(sex);
  const middle = d.chance(0.08) ? ` ${String.fromCharCode(65 + d.int(0, 25))}.` : '';
  const isGroup = investorType === 'Angel Syndicate' || investorType === 'Angel Group';
  // Half the groups go by an entity name, which never carries a title or a biography.
  const isEntity = isGroup && d.chance(0.5);
  const displayName = isEntity ? `${last} ${investorType}` : `${first}${middle} ${last}`;
  const companyName = isEntity ? displayName : rawName(d, displayName, sex);

  const industries = d.distinct(INDUSTRIES, d.pick(INDUSTRY_COUNTS));
  const investments = Math.round(Math.min(900, d.logNormal(investorType === 'Super Angel' || isGroup ? 45 : 9, 1.05)));
  const exits = Math.round(investments * d.float() * 0.25);

  const firstSlug = slugify(first) || 'angel';
  const lastSlug = slugify(last) || 'investor';
  const companyUrl = d.chance(0.4)
    ? d.chance(0.5)
      ? `https://${firstSlug}${lastSlug}.example`
      : `https://www.${slugify(d.pick(NAME_NOUNS))}${slugify(d.pick(STARTUP_SUFFIXES))}.example`
    : null;
  const domain = companyUrl ? new URL(companyUrl).hostname.replace(/^www\./, '') : null;
  const contactEmail = d.chance(0.55) ? angelEmail(d, firstSlug, lastSlug, domain) : null;
  // The draw that used to decide 'Verified' stays, so every later field of the stream is unchanged.
  if (contactEmail !== null) d.chance(0.6);
  const handle = `${firstSlug}${d.chance(0.5) ? '_' : ''}${lastSlug}${d.chance(0.3) ? d.int(1, 99) : ''}`;

  return {
    id,
    companyName,
    investorType,
    location,
    country: country.name,
    description: d.chance(0.93)
      ? describeAngel(d, displayName, investorType, cityName(city), industries, investments, exits)
      : null,
    industries: joinIndustries(d, industries),
    contactEmail,
    // Generated addresses were never checked by anyone: never 'Verified'.
    contactEmailVerified: false,
    phoneNumber: d.chance(0.3) ? phoneNumber(d, country.callingCode) : null,
    companyUrl,
    domain,
    // Profile links too: invented handles on real networks could be somebody's.
    linkedin: d.chance(0.72)
      ? `https://linkedin.example/in/${firstSlug}-${lastSlug}-${d.int(0x1000, 0xffff).toString(16)}`
      : null,
    twitter: d.chance(0.35) ? `https://${d.chance(0.6) ? 'x' : 'twitter'}.example/${handle}` : null,
    facebook: d.chance(0.1) ? `https://facebook.example/${firstSlug}.${lastSlug}` : null,
    instagram: d.chance(0.08) ? `https://instagram.example/${handle}` : null,
    investments,
    exits,
  };
}

// Biography tails start with a word from BIOGRAPHY_VERBS (contracts/src/catalog/names.ts).
const BIOGRAPHIES: ((d: Draw) => string)[] = [
  (d) => `serves as a partner at ${startup(d)} Ventures.`,
  (d) => `is an angel investor and former ${d.pick(OPERATOR_ROLES)} at ${startup(d)}.`,
  (d) => `was previously ${d.pick(OPERATOR_ROLES)} at ${startup(d)}.`,
  (d) => `joined ${startup(d)} Capital as a venture partner in ${d.int(2012, 2024)}.`,
  (d) => `founded ${startup(d)} and sold it in ${d.int(2008, 2023)}.`,
  (d) => `co-founded ${startup(d)}.`,
  (d) => `holds an MBA from ${d.pick(SCHOOLS)}.`,
  (d) => `has invested in over ${d.int(10, 120)} startups.`,
  (d) => `leads the ${d.pick(INDUSTRIES.items)} practice at ${startup(d)} Capital.`,
  () => 'currently advises early-stage founders.',
];

// ~12% carry a title and ~17% a biography tail, so both display rules see real traffic.
function rawName(d: Draw, name: string, sex: 'male' | 'female'): string {
  let raw = name;
  const t = d.float();
  if (t < 0.05) raw = `Dr. ${raw}`;
  else if (t < 0.12) raw = `${sex === 'male' ? 'Mr.' : d.chance(0.7) ? 'Ms.' : 'Mrs.'} ${raw}`;
  const b = d.float();
  if (b < 0.14) raw = `${raw} ${d.pick(BIOGRAPHIES)(d)}`;
  else if (b < 0.17) raw = `${raw}. ${sex === 'male' ? 'He' : 'She'} ${d.pick(BIOGRAPHIES)(d)}`;
  return raw;
}

function startup(d: Draw): string {
  return `${d.pick(NAME_NOUNS)}${d.pick(STARTUP_SUFFIXES)}`;
}

function angelEmail(d: Draw, first: string, last: string, domain: string | null): string {
  if (domain && d.chance(0.6)) return `${d.chance(0.5) ? first : `${first}.${last}`}@${domain}`;
  const provider = d.pick([
    'mail.example',
    'mail.example',
    'mail.example',
    'inbox.example',
    'post.example',
    'letters.example',
    'secure-mail.example',
  ]);
  const local = d.pick([
    `${first}.${last}`,
    `${first}${last}`,
    `${first[0]}${last}`,
    `${first}.${last}${d.int(1, 99)}`,
  ]);
  return `${local}@${provider}`;
}

// Mostly ', '-joined; a few rows carry the spacing and trailing commas real imports have.
function joinIndustries(d: Draw, industries: readonly string[]): string {
  const r = d.float();
  if (r < 0.07) return industries.join(',');
  if (r < 0.1) return `${industries.join(', ')}, `;
  return industries.join(', ');
}

function describeAngel(
  d: Draw,
  name: string,
  type: string,
  city: string,
  industries: readonly string[],
  investments: number,
  exits: number,
): string {
  const bold = (s: string) => (d.chance(0.2) ? `**${s}**` : d.chance(0.05) ? `__${s}__` : s);
  const stage = d.pick(INVESTOR_STAGES.slice(0, 3));
  const named = industries.map(bold);
  const focus = named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
  const article = /^[AEIOU]/.test(type) ? 'an' : 'a';
  const second = d.pick([
    `Previously ${d.pick(OPERATOR_ROLES)} at ${startup(d)}.`,
    `Has backed ${investments} ${investments === 1 ? 'company' : 'companies'} with ${exits} ${exits === 1 ? 'exit' : 'exits'}.`,
    `Typical check size is $${d.pick([10, 25, 50, 100, 250])}K.`,
    `Mentor at the ${d.pick(NAME_NOUNS)} Accelerator and ${d.pick(SCHOOLS)} alumni.`,
    '',
  ]);
  const tag = d.chance(0.35) ? d.weighted(SOURCE_TAGS) : '';
  return `${bold(name)} is ${article} ${type.toLowerCase()} based in ${city} who invests in ${focus} startups at the ${stage} stage.${tag} ${second}`.trim();
}
