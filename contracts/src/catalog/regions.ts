// Location → region grouping for the angel investor location filter (spec 2 and 9): fixed lists of
// country names, aliases, ISO 3166 codes and US state abbreviations; anything unmatched is Other.

export const REGIONS = ['North America', 'Europe', 'Asia', 'Latin America', 'Africa', 'Oceania', 'Other'] as const;
export type Region = (typeof REGIONS)[number];

/** Countries listed in the 'Popular Countries' group, by canonical name. */
export const POPULAR_COUNTRIES = [
  'United States',
  'United Kingdom',
  'Canada',
  'Germany',
  'France',
  'India',
  'Singapore',
  'Israel',
  'Australia',
  'Netherlands',
] as const;

// 'Name|ISO2|ISO3|alias;alias'. ISO2 is left blank where the code is mostly a placeholder
// ('NA' for Namibia reads as 'not available').
const COUNTRIES: Record<Exclude<Region, 'Other'>, string> = {
  'North America': `United States|US|USA|United States of America;U.S.;U.S.A.;America
Canada|CA|CAN
Greenland|GL|GRL
Bermuda|BM|BMU`,
  'Latin America': `Mexico|MX|MEX
Brazil|BR|BRA|Brasil
Argentina|AR|ARG
Chile|CL|CHL
Colombia|CO|COL
Peru|PE|PER
Uruguay|UY|URY
Paraguay|PY|PRY
Bolivia|BO|BOL
Ecuador|EC|ECU
Venezuela|VE|VEN
Costa Rica|CR|CRI
Panama|PA|PAN
Guatemala|GT|GTM
Honduras|HN|HND
El Salvador|SV|SLV
Nicaragua|NI|NIC
Dominican Republic|DO|DOM
Puerto Rico|PR|PRI
Cuba|CU|CUB
Jamaica|JM|JAM
Trinidad and Tobago|TT|TTO
Bahamas|BS|BHS|The Bahamas
Barbados|BB|BRB
Cayman Islands|KY|CYM
Haiti|HT|HTI
Belize|BZ|BLZ
Guyana|GY|GUY`,
  Europe: `United Kingdom|GB|GBR|UK;U.K.;Great Britain;Britain;England;Scotland;Wales;Northern Ireland
Ireland|IE|IRL
Germany|DE|DEU|Deutschland
France|FR|FRA
Netherlands|NL|NLD|The Netherlands;Holland
Belgium|BE|BEL
Luxembourg|LU|LUX
Switzerland|CH|CHE
Austria|AT|AUT
Spain|ES|ESP
Portugal|PT|PRT
Italy|IT|ITA
Sweden|SE|SWE
Norway|NO|NOR
Denmark|DK|DNK
Finland|FI|FIN
Iceland|IS|ISL
Estonia|EE|EST
Latvia|LV|LVA
Lithuania|LT|LTU
Poland|PL|POL
Czech Republic|CZ|CZE|Czechia
Slovakia|SK|SVK
Hungary|HU|HUN
Romania|RO|ROU
Bulgaria|BG|BGR
Greece|GR|GRC
Croatia|HR|HRV
Slovenia|SI|SVN
Serbia|RS|SRB
Ukraine|UA|UKR
Belarus|BY|BLR
Moldova|MD|MDA
Russia|RU|RUS|Russian Federation
Turkey|TR|TUR|Türkiye;Turkiye
Cyprus|CY|CYP
Malta|MT|MLT
Monaco|MC|MCO
Liechtenstein|LI|LIE
Andorra|AD|AND
Bosnia and Herzegovina|BA|BIH
North Macedonia|MK|MKD|Macedonia
Albania|AL|ALB
Montenegro|ME|MNE
Kosovo|XK|XKX
Gibraltar|GI|GIB
Jersey|JE|JEY
Guernsey|GG|GGY
Isle of Man|IM|IMN`,
  Asia: `China|CN|CHN|Mainland China;People's Republic of China
Hong Kong|HK|HKG|Hong Kong SAR
Taiwan|TW|TWN
Japan|JP|JPN
South Korea|KR|KOR|Korea;Republic of Korea
Singapore|SG|SGP
India|IN|IND
Indonesia|ID|IDN
Malaysia|MY|MYS
Thailand|TH|THA
Vietnam|VN|VNM|Viet Nam
Philippines|PH|PHL
Pakistan|PK|PAK
Bangladesh|BD|BGD
Sri Lanka|LK|LKA
Nepal|NP|NPL
Israel|IL|ISR
United Arab Emirates|AE|ARE|UAE;U.A.E.
Saudi Arabia|SA|SAU|KSA
Qatar|QA|QAT
Bahrain|BH|BHR
Kuwait|KW|KWT
Oman|OM|OMN
Jordan|JO|JOR
Lebanon|LB|LBN
Iran|IR|IRN
Iraq|IQ|IRQ
Kazakhstan|KZ|KAZ
Uzbekistan|UZ|UZB
Armenia|AM|ARM
Georgia|GE|GEO
Azerbaijan|AZ|AZE
Mongolia|MN|MNG
Cambodia|KH|KHM
Myanmar|MM|MMR
Macau|MO|MAC|Macao
Brunei|BN|BRN`,
  Africa: `Nigeria|NG|NGA
Kenya|KE|KEN
South Africa|ZA|ZAF
Egypt|EG|EGY
Morocco|MA|MAR
Ghana|GH|GHA
Ethiopia|ET|ETH
Rwanda|RW|RWA
Uganda|UG|UGA
Tanzania|TZ|TZA
Senegal|SN|SEN
Côte d'Ivoire|CI|CIV|Ivory Coast;Cote d'Ivoire
Tunisia|TN|TUN
Algeria|DZ|DZA
Cameroon|CM|CMR
Zimbabwe|ZW|ZWE
Zambia|ZM|ZMB
Botswana|BW|BWA
Namibia||NAM
Mauritius|MU|MUS
Mozambique|MZ|MOZ
Angola|AO|AGO
Libya|LY|LBY
Sudan|SD|SDN`,
  Oceania: `Australia|AU|AUS
New Zealand|NZ|NZL
Fiji|FJ|FJI
Papua New Guinea|PG|PNG
Samoa|WS|WSM
Tonga|TO|TON`,
};

/** US state (and DC) abbreviations, matched only after a comma: 'San Francisco, CA'. */
const US_STATE_CODES: ReadonlySet<string> = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY ' +
    'NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'
  ).split(' '),
);

// Full state names and common US area names; 'Georgia' is absent because the country wins.
const US_PLACE_NAMES = new Set(
  (
    'alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|hawaii|idaho|' +
    'illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|massachusetts|michigan|minnesota|' +
    'mississippi|missouri|montana|nebraska|nevada|new hampshire|new jersey|new mexico|new york|' +
    'north carolina|north dakota|ohio|oklahoma|oregon|pennsylvania|rhode island|south carolina|' +
    'south dakota|tennessee|texas|utah|vermont|virginia|washington|west virginia|wisconsin|wyoming|' +
    'district of columbia|washington dc|washington d.c.|silicon valley|bay area|sf bay area'
  ).split('|'),
);

export interface LocationMatch {
  region: Region;
  country?: string;
}

const byName = new Map<string, LocationMatch>(); // lower-cased names and aliases
const byCode = new Map<string, LocationMatch>(); // upper-case ISO2 and ISO3 codes
for (const region of REGIONS) {
  if (region === 'Other') continue;
  for (const line of COUNTRIES[region].split('\n')) {
    const [name, iso2, iso3, aliases = ''] = line.split('|');
    const match: LocationMatch = { region, country: name };
    for (const key of [name, ...aliases.split(';')]) if (key) byName.set(key.toLowerCase(), match);
    for (const code of [iso2, iso3]) if (code) byCode.set(code, match);
  }
}
const US: LocationMatch = byName.get('united states')!;

/** Canonical names of every country in the fixed lists, grouped by region. */
export function knownCountries(region: Exclude<Region, 'Other'>): string[] {
  return COUNTRIES[region].split('\n').map((line) => line.split('|')[0]);
}

/**
 * Region (and canonical country, when known) of a free-text location. Comma-separated parts are
 * tried from the last one back: a US state abbreviation after a comma → United States; then a
 * country name or alias (case-insensitive); then an ISO alpha-2/alpha-3 code (upper case only,
 * so words like 'in' or 'de' are not codes); then a US state name. A bare 'CA' or 'DE' is
 * therefore Canada or Germany, while 'Wilmington, DE' is Delaware.
 */
export function matchLocation(location: string | null | undefined): LocationMatch {
  const parts = (location ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i];
    if (i > 0 && US_STATE_CODES.has(part)) return US;
    const lower = part.toLowerCase();
    const match = byName.get(lower) ?? byCode.get(part);
    if (match) return match;
    if (US_PLACE_NAMES.has(lower)) return US;
  }
  return { region: 'Other' };
}

export function regionOf(location: string | null | undefined): Region {
  return matchLocation(location).region;
}

/**
 * Groups location strings by region, keeping the input order and dropping repeats and blanks.
 * Every region key is present (possibly empty), in REGIONS order.
 */
export function groupCountriesByRegion(locations: readonly string[]): Record<Region, string[]> {
  const groups = Object.fromEntries(REGIONS.map((r) => [r, [] as string[]])) as Record<Region, string[]>;
  const seen = new Set<string>();
  for (const raw of locations) {
    const location = raw.trim();
    if (location === '' || seen.has(location)) continue;
    seen.add(location);
    groups[regionOf(location)].push(location);
  }
  return groups;
}
