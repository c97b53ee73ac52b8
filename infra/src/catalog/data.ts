// Long file: fixed data tables, no logic.
// Fixed tables behind the catalog generator. Weights are relative; shapes follow public
// venture-market breakdowns closely enough to look believable, not to be statistics.
import { INVESTOR_STAGES, VC_INVESTOR_TYPES, type InvestorStage } from '@fp/contracts';
import { weightedTable, type WeightedTable } from './random';

export interface CountryInfo {
  name: string;
  callingCode: string;
  /** US entries are 'City, ST'; elsewhere just the city. */
  cities: WeightedTable<string>;
}

// [country, weight, calling code, cities in rough order of venture activity]
const COUNTRY_ROWS: [string, number, string, string[]][] = [
  [
    'United States',
    46,
    '1',
    [
      'San Francisco, CA',
      'New York, NY',
      'Palo Alto, CA',
      'Menlo Park, CA',
      'Boston, MA',
      'Los Angeles, CA',
      'Austin, TX',
      'Seattle, WA',
      'Chicago, IL',
      'Miami, FL',
      'Cambridge, MA',
      'Washington, DC',
      'Denver, CO',
      'Boulder, CO',
      'Atlanta, GA',
      'San Diego, CA',
      'Salt Lake City, UT',
      'Dallas, TX',
      'Philadelphia, PA',
      'Pittsburgh, PA',
      'Nashville, TN',
      'Raleigh, NC',
      'Minneapolis, MN',
      'Houston, TX',
      'Portland, OR',
      'Detroit, MI',
      'Columbus, OH',
      'Baltimore, MD',
      'Wilmington, DE',
      'Indianapolis, IN',
    ],
  ],
  [
    'United Kingdom',
    8,
    '44',
    ['London', 'Cambridge', 'Oxford', 'Manchester', 'Edinburgh', 'Bristol', 'Leeds', 'Birmingham'],
  ],
  ['Germany', 4.5, '49', ['Berlin', 'Munich', 'Hamburg', 'Frankfurt', 'Cologne', 'Düsseldorf', 'Stuttgart']],
  ['India', 4.5, '91', ['Bangalore', 'Mumbai', 'New Delhi', 'Gurugram', 'Hyderabad', 'Pune', 'Chennai', 'Noida']],
  ['China', 4, '86', ['Beijing', 'Shanghai', 'Shenzhen', 'Hangzhou', 'Guangzhou', 'Suzhou']],
  ['Singapore', 3.5, '65', ['Singapore']],
  ['France', 3.5, '33', ['Paris', 'Lyon', 'Toulouse', 'Nantes', 'Bordeaux', 'Marseille']],
  ['Canada', 3.5, '1', ['Toronto', 'Vancouver', 'Montreal', 'Waterloo', 'Calgary', 'Ottawa']],
  ['Israel', 3, '972', ['Tel Aviv', 'Herzliya', 'Jerusalem', 'Haifa', 'Ramat Gan']],
  ['Brazil', 2, '55', ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Florianópolis', 'Curitiba']],
  ['Japan', 1.8, '81', ['Tokyo', 'Osaka', 'Kyoto', 'Fukuoka']],
  ['Australia', 1.8, '61', ['Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Adelaide']],
  ['Netherlands', 1.3, '31', ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven', 'The Hague']],
  ['Switzerland', 1.2, '41', ['Zurich', 'Geneva', 'Lausanne', 'Zug', 'Basel']],
  ['Sweden', 1, '46', ['Stockholm', 'Gothenburg', 'Malmö']],
  ['South Korea', 1, '82', ['Seoul', 'Busan', 'Seongnam']],
  ['United Arab Emirates', 1, '971', ['Dubai', 'Abu Dhabi']],
  ['Hong Kong', 1, '852', ['Hong Kong']],
  ['Spain', 0.9, '34', ['Madrid', 'Barcelona', 'Valencia']],
  ['Indonesia', 0.7, '62', ['Jakarta', 'Bandung']],
  ['Mexico', 0.7, '52', ['Mexico City', 'Monterrey', 'Guadalajara']],
  ['Ireland', 0.6, '353', ['Dublin', 'Cork']],
  ['Nigeria', 0.6, '234', ['Lagos', 'Abuja']],
  ['South Africa', 0.6, '27', ['Cape Town', 'Johannesburg']],
  ['Kenya', 0.5, '254', ['Nairobi']],
  ['Italy', 0.5, '39', ['Milan', 'Rome', 'Turin']],
  ['Finland', 0.4, '358', ['Helsinki', 'Espoo']],
  ['Denmark', 0.4, '45', ['Copenhagen', 'Aarhus']],
  ['Poland', 0.4, '48', ['Warsaw', 'Kraków']],
  ['Saudi Arabia', 0.4, '966', ['Riyadh', 'Jeddah']],
  ['Norway', 0.3, '47', ['Oslo', 'Bergen']],
  ['Belgium', 0.3, '32', ['Brussels', 'Antwerp', 'Ghent']],
  ['Austria', 0.3, '43', ['Vienna', 'Graz']],
  ['Portugal', 0.3, '351', ['Lisbon', 'Porto']],
  ['Egypt', 0.3, '20', ['Cairo']],
  ['Argentina', 0.3, '54', ['Buenos Aires']],
  ['Colombia', 0.3, '57', ['Bogotá', 'Medellín']],
  ['Chile', 0.3, '56', ['Santiago']],
  ['New Zealand', 0.3, '64', ['Auckland', 'Wellington']],
  ['Vietnam', 0.3, '84', ['Ho Chi Minh City', 'Hanoi']],
  ['Estonia', 0.2, '372', ['Tallinn']],
  ['Luxembourg', 0.2, '352', ['Luxembourg']],
];

// Venture activity concentrates in a country's first few cities (Zipf-like weights).
export const COUNTRIES = weightedTable<CountryInfo>(
  COUNTRY_ROWS.map(
    ([name, weight, callingCode, cities]) =>
      [
        { name, callingCode, cities: weightedTable(cities.map((c, i) => [c, 1 / (i + 1) ** 1.2] as const)) },
        weight,
      ] as const,
  ),
);

export type VcInvestorType = (typeof VC_INVESTOR_TYPES)[number];

interface VcTypeProfile {
  weight: number;
  /** Median AUM in USD millions (log-normal). */
  aumMedian: number;
  /** Median number of investments made (log-normal). */
  dealsMedian: number;
  /** Index range in INVESTOR_STAGES where the first stage falls, and how many stages follow. */
  firstStage: [number, number];
  extraStages: [number, number];
  nameSuffixes: string[];
}

export const VC_TYPE_PROFILES: Record<VcInvestorType, VcTypeProfile> = {
  'Venture Capital': {
    weight: 42,
    aumMedian: 140,
    dealsMedian: 45,
    firstStage: [1, 2],
    extraStages: [1, 3],
    nameSuffixes: [
      'Ventures',
      'Ventures',
      'Capital',
      'Capital',
      'Partners',
      'Venture Partners',
      'VC',
      'Venture Capital',
      'Investments',
    ],
  },
  'Micro-VC': {
    weight: 14,
    aumMedian: 30,
    dealsMedian: 35,
    firstStage: [0, 1],
    extraStages: [0, 2],
    nameSuffixes: ['Ventures', 'Fund', 'Capital', 'Seed', 'Seed Fund', 'Collective'],
  },
  'Corporate VC': {
    weight: 10,
    aumMedian: 250,
    dealsMedian: 35,
    firstStage: [1, 3],
    extraStages: [1, 2],
    nameSuffixes: ['Ventures', 'Capital', 'Corporate Ventures', 'Digital Ventures', 'Innovation Fund'],
  },
  'Family Office': {
    weight: 8,
    aumMedian: 350,
    dealsMedian: 18,
    firstStage: [1, 3],
    extraStages: [1, 4],
    nameSuffixes: ['Family Office', 'Family Holdings', 'Investment Office', 'Capital', 'Family Partners'],
  },
  Accelerator: {
    weight: 8,
    aumMedian: 8,
    dealsMedian: 120,
    firstStage: [0, 0],
    extraStages: [0, 1],
    nameSuffixes: ['Labs', 'Accelerator', 'Launchpad', 'Startup Studio', 'Incubator', 'Founders Program'],
  },
  'Angel Group': {
    weight: 6,
    aumMedian: 5,
    dealsMedian: 60,
    firstStage: [0, 1],
    extraStages: [0, 1],
    nameSuffixes: ['Angels', 'Angel Network', 'Angel Group', 'Tech Angels', 'Angel Syndicate'],
  },
  'Growth/Expansion': {
    weight: 7,
    aumMedian: 900,
    dealsMedian: 40,
    firstStage: [3, 4],
    extraStages: [1, 2],
    nameSuffixes: ['Growth Partners', 'Growth Equity', 'Growth Capital', 'Capital Partners'],
  },
  'PE/Buyout': {
    weight: 5,
    aumMedian: 2500,
    dealsMedian: 30,
    firstStage: [4, 5],
    extraStages: [0, 1],
    nameSuffixes: ['Equity Partners', 'Capital Management', 'Private Equity', 'Partners', 'Capital Group'],
  },
};

export const VC_TYPES = weightedTable(VC_INVESTOR_TYPES.map((t) => [t, VC_TYPE_PROFILES[t].weight] as const));

export const INVESTOR_STATUSES = weightedTable<{ label: string; recencyDays: [number, number] }>([
  // recencyDays: [mean of an exponential, extra fixed lag] before the reference date
  [{ label: 'Actively Seeking New Investments', recencyDays: [75, 0] }, 70],
  [{ label: 'Making Few Investments', recencyDays: [200, 60] }, 14],
  [{ label: 'Raising New Fund', recencyDays: [120, 30] }, 8],
  [{ label: 'Not Making New Investments', recencyDays: [400, 365] }, 6],
  [{ label: 'Inactive', recencyDays: [700, 900] }, 2],
]);

/** Typical cheque range per stage, in USD thousands. */
export const STAGE_CHECKS: Record<InvestorStage, [number, number]> = {
  'Pre-seed': [25, 250],
  Seed: [100, 2000],
  'Series A': [1000, 10000],
  'Series B': [5000, 30000],
  'Series C': [10000, 60000],
  'Series D+': [20000, 150000],
};
export { INVESTOR_STAGES };

export const CONTACT_TITLES = weightedTable<string>([
  ['Managing Partner', 18],
  ['General Partner', 16],
  ['Partner', 20],
  ['Principal', 10],
  ['Associate', 10],
  ['Investment Director', 6],
  ['Founding Partner', 6],
  ['Venture Partner', 5],
  ['Head of Platform', 3],
  ['Chief Investment Officer', 3],
  ['Investment Manager', 5],
  ['Program Director', 2],
]);

// Industry options from the spec (minus 'Other') plus common investor focus areas.
export const INDUSTRIES = weightedTable<string>([
  ['AI & ML', 16],
  ['SaaS', 15],
  ['Fintech', 12],
  ['HealthTech', 8],
  ['Consumer', 7],
  ['E-commerce', 6],
  ['Technology', 6],
  ['Enterprise Software', 6],
  ['CleanTech', 5],
  ['Marketplaces', 5],
  ['EdTech', 4],
  ['Developer Tools', 4],
  ['Cybersecurity', 4],
  ['Climate', 4],
  ['Hardware', 3],
  ['Biotech', 3],
  ['Web3', 3],
  ['B2B', 3],
  ['Deep Tech', 2],
  ['Mobility', 2],
  ['PropTech', 2],
  ['InsurTech', 2],
  ['Gaming', 2],
  ['Media', 2],
  ['Future of Work', 2],
  ['Logistics', 2],
  ['Robotics', 2],
  ['D2C', 2],
  ['Healthcare', 2],
  ['FoodTech', 1.5],
  ['AgTech', 1.5],
]);

export const NAME_ADJECTIVES = [
  'Blue',
  'Red',
  'Green',
  'Black',
  'White',
  'Silver',
  'Golden',
  'Iron',
  'Bright',
  'North',
  'South',
  'East',
  'West',
  'First',
  'Next',
  'New',
  'Open',
  'True',
  'Bold',
  'Clear',
  'High',
  'Deep',
  'Wild',
  'Quiet',
  'Swift',
  'Rising',
  'Evergreen',
  'Crimson',
  'Cobalt',
  'Amber',
  'Indigo',
  'Scarlet',
  'Emerald',
  'Granite',
  'Cedar',
  'Maple',
  'Stone',
  'Harbor',
  'Summit',
  'Polar',
  'Lunar',
  'Solar',
  'Alpine',
  'Coastal',
  'Urban',
  'Prime',
];

export const NAME_NOUNS = [
  'Harbor',
  'Ridge',
  'Summit',
  'Peak',
  'River',
  'Bridge',
  'Gate',
  'Field',
  'Rock',
  'Point',
  'Lake',
  'Forge',
  'Foundry',
  'Lantern',
  'Beacon',
  'Compass',
  'Anchor',
  'Arrow',
  'Atlas',
  'Orbit',
  'Vector',
  'Vertex',
  'Signal',
  'Pulse',
  'Spark',
  'Tide',
  'Wave',
  'Canyon',
  'Mesa',
  'Prairie',
  'Meadow',
  'Grove',
  'Haven',
  'Crest',
  'Crown',
  'Shield',
  'Keystone',
  'Cornerstone',
  'Frontier',
  'Horizon',
  'Meridian',
  'Zenith',
  'Apex',
  'Pioneer',
  'Voyager',
  'Catalyst',
  'Momentum',
  'Kinetic',
  'Lattice',
  'Prism',
  'Helix',
  'Nova',
  'Comet',
  'Falcon',
  'Hawk',
  'Raven',
  'Fox',
  'Wolf',
  'Bear',
  'Lynx',
  'Heron',
  'Owl',
  'Elm',
  'Birch',
  'Cypress',
  'Juniper',
  'Sage',
  'Ember',
  'Flint',
  'Slate',
  'Copper',
  'Bronze',
  'Oak',
  'Pine',
  'Willow',
  'Aspen',
  'Fjord',
  'Delta',
  'Basin',
  'Quarry',
  'Loom',
  'Kiln',
  'Mill',
  'Wharf',
  'Trellis',
  'Keel',
  'Mast',
  'Sail',
];

export const GREEK_LETTERS = [
  'Alpha',
  'Beta',
  'Gamma',
  'Delta',
  'Epsilon',
  'Zeta',
  'Theta',
  'Kappa',
  'Lambda',
  'Sigma',
  'Omega',
  'Omicron',
];

export const CORPORATE_SECTORS = [
  'Industries',
  'Group',
  'Technologies',
  'Systems',
  'Health',
  'Energy',
  'Motors',
  'Bank',
  'Telecom',
  'Networks',
  'Logistics',
  'Media',
  'Pharma',
  'Insurance',
];

// Generated firms live on RFC 2606 names (`.example`): no real firm or person can own them.
export const VC_DOMAIN_STYLES = weightedTable<(core: string, full: string) => string>([
  [(_c, full) => `${full}.example`, 40],
  [(core) => `${core}-vc.example`, 18],
  [(core) => `${core}vc.example`, 10],
  [(core) => `${core}-capital.example`, 8],
  [(core) => `${core}-co.example`, 8],
  [(core) => `${core}.example`, 10],
  [(_c, full) => `${full}-io.example`, 6],
]);

export const VC_EMAIL_STYLES = weightedTable<(first: string, last: string) => string>([
  [(f) => f, 25],
  [(f, l) => `${f}.${l}`, 25],
  [(f, l) => `${f[0]}${l}`, 10],
  [() => 'info', 12],
  [() => 'hello', 10],
  [() => 'pitch', 8],
  [() => 'deals', 5],
  [() => 'partners', 5],
]);

export const ANGEL_TYPES = weightedTable<string>([
  ['Angel Investor', 70],
  ['Super Angel', 8],
  ['Angel Syndicate', 7],
  ['Angel Group', 4],
  ['Family Office', 4],
  ['Venture Partner', 4],
  ['Scout', 3],
]);

export const SCHOOLS = [
  'Stanford',
  'Harvard Business School',
  'Wharton',
  'MIT',
  'INSEAD',
  'London Business School',
  'Columbia Business School',
  'Berkeley Haas',
  'Kellogg',
  'IIT Bombay',
  'Tsinghua University',
  'HEC Paris',
];

export const OPERATOR_ROLES = [
  'VP of Product',
  'Head of Engineering',
  'CTO',
  'COO',
  'CFO',
  'Chief Marketing Officer',
  'Director of Growth',
  'General Manager',
  'Head of Sales',
  'VP of Engineering',
  'Head of Design',
  'Chief Revenue Officer',
];

export const STARTUP_SUFFIXES = [
  'ly',
  'io',
  ' Labs',
  ' AI',
  'Pay',
  ' Health',
  'works',
  'stack',
  'hub',
  ' Cloud',
  'ify',
  ' Robotics',
];

/** Locations that belong to no region, so the 'Other Locations' group has real members. */
export const UNPLACED_LOCATIONS = ['Remote', 'Global', 'Worldwide', 'EMEA', 'Online'];

/**
 * Source tags appended to angel descriptions; each is one of the forms cleanDescription strips
 * (contracts/src/catalog/names.ts, SOURCE_TAG_PATTERNS).
 */
export const SOURCE_TAGS = weightedTable<string>([
  [' [Source: Crunchbase]', 25],
  [' [Source: LinkedIn]', 10],
  [' [Sources: Crunchbase, PitchBook]', 5],
  [' <source>LinkedIn</source>', 15],
  [' <source>AngelList</source>', 5],
  [' (via LinkedIn)', 15],
  [' (Source: PitchBook)', 10],
  [' [via Wellfound]', 5],
  ['【4†source】', 10],
]);

/** Fixed "today" for recency fields, so output never depends on the clock. */
const CATALOG_REFERENCE_DATE = '2025-06-30';
const REFERENCE_MS = Date.parse(`${CATALOG_REFERENCE_DATE}T00:00:00Z`);
const DAY_MS = 86_400_000;

// Dates repeat a lot (a few thousand distinct days), and toISOString is slow at 1M records.
const dateCache = new Map<number, string>();

export function isoDateDaysBefore(days: number): string {
  const whole = Math.floor(days);
  let date = dateCache.get(whole);
  if (date === undefined) {
    date = new Date(REFERENCE_MS - whole * DAY_MS).toISOString().slice(0, 10);
    if (dateCache.size < 20_000) dateCache.set(whole, date);
  }
  return date;
}

/** ASCII slug for domains and handles: "Düsseldorf O'Neil" → 'dusseldorfoneil' ('dusseldorf-o-neil' with '-'). */
export function slugify(s: string, separator = ''): string {
  // normalize() is costly, so only text with non-ASCII letters pays for it.
  const ascii = /^[\x00-\x7f]*$/.test(s) ? s : s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return ascii
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/ /g, separator);
}

/** Two significant digits, as cheque sizes are quoted: 137 → 140, 2480 → 2500. */
export function niceRound(n: number): number {
  if (n <= 0) return 0;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.round(n / magnitude) * magnitude;
}

export function cityName(city: string): string {
  const comma = city.indexOf(',');
  return comma === -1 ? city : city.slice(0, comma);
}
