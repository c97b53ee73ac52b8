/**
 * The startup profile's fields, option lists and limits (spec sections 3 and 5). Pure data shared by
 * the server (validation, completion) and the browser (form, labels).
 */
export const PROFILE_FIELDS = [
  'companyName',
  'description',
  'industry',
  'stage',
  'raising',
  'founded',
  'founderName',
  'founderEmail',
  'founderLinkedin',
  'website',
  'location',
  'teamSize',
  'revenue',
  'pitchDeck',
  'additionalFounders',
  'existingFunding',
  'problem',
  'solution',
  'valueProposition',
  'detailedDescription',
  'oneLineExplanation',
  // Exact values beside the ranges the filters use: a form asking for a number or a date gets
  // one only from these, never from a range.
  'foundedDate',
  'teamCount',
  'monthlyRevenue',
  'revenueCurrency',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Every field is optional text; a field that was never set or was cleared is absent. */
export type StartupProfile = Partial<Record<ProfileField, string>>;

const STARTUP_INDUSTRIES = [
  'AI & ML',
  'SaaS',
  'Fintech',
  'HealthTech',
  'E-commerce',
  'EdTech',
  'CleanTech',
  'Consumer',
  'Hardware',
  'Technology',
  'Other',
] as const;
const STARTUP_FUNDING_STAGES = [
  'Pre-seed',
  'Seed',
  'Series A',
  'Series B',
  'Series C',
  'Series D+',
  'Bootstrapped',
] as const;
const STARTUP_TEAM_SIZES = ['1-5', '6-10', '11-25', '26-50', '51-100', '100+'] as const;
const STARTUP_REVENUES = [
  'Pre-revenue',
  '$1-10K MRR',
  '$10-50K MRR',
  '$50-100K MRR',
  '$100K-1M MRR',
  '$1M+ MRR',
] as const;
const REVENUE_CURRENCIES = ['USD', 'EUR', 'GBP', 'CHF', 'CAD', 'AUD', 'SGD', 'INR', 'JPY', 'SEK'] as const;

/** The fields whose value must come from an option list. */
export const PROFILE_OPTIONS = {
  industry: STARTUP_INDUSTRIES,
  stage: STARTUP_FUNDING_STAGES,
  teamSize: STARTUP_TEAM_SIZES,
  revenue: STARTUP_REVENUES,
  revenueCurrency: REVENUE_CURRENCIES,
} as const satisfies Partial<Record<ProfileField, readonly string[]>>;

/** The fifteen fields labelled required (spec section 5): together they decide completion. */
export const REQUIRED_PROFILE_FIELDS = [
  'companyName',
  'industry',
  'founderName',
  'founderEmail',
  'stage',
  'raising',
  'founded',
  'location',
  'teamSize',
  'revenue',
  'description',
  'oneLineExplanation',
  'problem',
  'solution',
  'valueProposition',
] as const satisfies readonly ProfileField[];

/** Human labels, used in error messages and as the form's field labels. */
export const PROFILE_LABELS: Record<ProfileField, string> = {
  companyName: 'Company Name',
  description: 'Company Description',
  industry: 'Industry',
  stage: 'Funding Stage',
  raising: 'Raising Amount',
  founded: 'Founded Year',
  founderName: 'Founder Name',
  founderEmail: 'Founder Email',
  founderLinkedin: 'Founder LinkedIn',
  website: 'Website',
  location: 'Location',
  teamSize: 'Team Size',
  revenue: 'Revenue',
  pitchDeck: 'Pitch Deck URL',
  additionalFounders: 'Additional Founders',
  existingFunding: 'Existing Funding',
  problem: 'Problem',
  solution: 'Solution',
  valueProposition: 'Value Proposition',
  detailedDescription: 'Detailed Description',
  oneLineExplanation: 'One-Line Explanation',
  foundedDate: 'Founding Date',
  teamCount: 'Exact Team Size',
  monthlyRevenue: 'Exact Monthly Revenue',
  revenueCurrency: 'Revenue Currency',
};

/**
 * Maximum length of each field, in characters after trimming. Short identity fields are kept short;
 * the long answers founders paste from their decks get 10,000 characters.
 */
export const PROFILE_MAX_LENGTH: Record<ProfileField, number> = {
  companyName: 200,
  // Also bounded in words (DESCRIPTION_WORDS): 400 words of long words stay under this.
  description: 5_000,
  industry: 50,
  stage: 50,
  raising: 100,
  founded: 50,
  founderName: 200,
  founderEmail: 320,
  founderLinkedin: 2048,
  website: 2048,
  location: 200,
  teamSize: 50,
  revenue: 50,
  pitchDeck: 2048,
  additionalFounders: 2000,
  existingFunding: 2000,
  problem: 10_000,
  solution: 10_000,
  valueProposition: 10_000,
  detailedDescription: 10_000,
  oneLineExplanation: 500,
  foundedDate: 10,
  teamCount: 7,
  monthlyRevenue: 16,
  revenueCurrency: 3,
};

/**
 * The company description is read by investors in a form's short box: the spec recommends 200–300
 * words, and a description is refused above DESCRIPTION_MAX_WORDS. The form's hint and the refusal
 * read these same numbers.
 */
export const DESCRIPTION_WORDS = { recommendedMin: 200, recommendedMax: 300, max: 400 } as const;
export const descriptionHint = () =>
  `${DESCRIPTION_WORDS.recommendedMin}-${DESCRIPTION_WORDS.recommendedMax} words recommended (at most ${DESCRIPTION_WORDS.max})`;
export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

export const isProfileField = (name: string): name is ProfileField =>
  (PROFILE_FIELDS as readonly string[]).includes(name);
