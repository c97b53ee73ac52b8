// Long file: the profile's field spec, one entry per field, kept together so the form order, the
// columns and the intents each field answers read side by side.
/**
 * The startup profile's fields (spec sections 3 and 5): one entry per field says everything the
 * product knows of it. The schema (schema.ts), the form's tabs and labels, the review's words, the
 * read model's columns and the automation's answers (profile-answers.ts) all derive from it.
 * Pure data shared by the server, the browser and the automation.
 */
import { ensureUrl, splitName } from './field-format';

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

/**
 * The company description is read by investors in a form's short box: the spec recommends 200–300
 * words, and a description is refused above DESCRIPTION_MAX_WORDS. The form's hint and the refusal
 * read these same numbers.
 */
export const DESCRIPTION_WORDS = { recommendedMin: 200, recommendedMax: 300, max: 400 } as const;
export const descriptionHint = () =>
  `${DESCRIPTION_WORDS.recommendedMin}-${DESCRIPTION_WORDS.recommendedMax} words recommended (at most ${DESCRIPTION_WORDS.max})`;
export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The control a field is edited with; `email`, `url` and `select` also pick its validation (schema.ts). */
export type ProfileInputKind = 'text' | 'email' | 'url' | 'select' | 'textarea' | 'date' | 'number';
/** The editor's three tabs (spec section 2): basic info, company details, additional info. */
export type ProfileSectionId = 'basic' | 'company' | 'additional';

/** How a field answers an application form's question of one intent (contracts/src/questions/intents.ts). */
export interface ProfileAnswerSpec {
  intent: string;
  /** An exact value: it answers before the range fields that answer the same intent. */
  exact?: true;
  /** The value as a form gets it, from the trimmed value (and the rest of the profile); '' answers nothing. */
  format?: (value: string, profile: Readonly<Partial<Record<string, string>>>) => string;
}

export interface ProfileFieldSpec {
  /** Human label: the form's field label, error messages, the CLI. */
  label: string;
  /** The field in words inside a sentence: the review's source column says "Profile: <review>". */
  review: string;
  kind: ProfileInputKind;
  /** The read model's column (startup_profiles). */
  column: string;
  /** Characters after trimming. */
  maxLength: number;
  /** One of the fifteen fields that decide completion (spec section 5). */
  required?: true;
  /** The spec's message for a value of the wrong form (an `email` or `url` field). */
  invalid?: string;
  /** A select's option list: a value must be one of them. */
  options?: readonly string[];
  /** Where the editor shows it: its tab, and its place there (ascending; gaps leave room for new fields). */
  form: {
    section: ProfileSectionId;
    place: number;
    placeholder?: string;
    hint?: string;
    /** Long answers span the whole row. */
    wide?: true;
    rows?: number;
  };
  /** The question intents this field answers, with the value a form gets. */
  answers: readonly ProfileAnswerSpec[];
  /** A field that answers nothing alone: its value goes into the named field's answer. */
  partOf?: string;
}

const same = (intent: string): ProfileAnswerSpec[] => [{ intent }];
const link = (intent: string): ProfileAnswerSpec[] => [{ intent, format: ensureUrl }];

const SPEC = {
  companyName: {
    label: 'Company Name',
    review: 'company name',
    kind: 'text',
    column: 'company_name',
    maxLength: 200,
    required: true,
    form: { section: 'basic', place: 10, placeholder: 'Acme Inc.' },
    answers: same('companyName'),
  },
  description: {
    label: 'Company Description',
    review: 'description',
    kind: 'textarea',
    column: 'description',
    // Also bounded in words (DESCRIPTION_WORDS): 400 words of long words stay under this.
    maxLength: 5_000,
    required: true,
    form: {
      section: 'company',
      place: 100,
      placeholder: 'What your company does, for whom, and why now',
      hint: descriptionHint(),
      wide: true,
      rows: 6,
    },
    answers: same('description'),
  },
  industry: {
    label: 'Industry',
    review: 'industry',
    kind: 'select',
    column: 'industry',
    maxLength: 50,
    required: true,
    options: STARTUP_INDUSTRIES,
    form: { section: 'basic', place: 20, placeholder: 'Select industry' },
    answers: same('industry'),
  },
  stage: {
    label: 'Funding Stage',
    review: 'stage',
    kind: 'select',
    column: 'stage',
    maxLength: 50,
    required: true,
    options: STARTUP_FUNDING_STAGES,
    form: { section: 'company', place: 10, placeholder: 'Select stage' },
    answers: same('stage'),
  },
  raising: {
    label: 'Raising Amount',
    review: 'amount raising',
    kind: 'text',
    column: 'raising',
    maxLength: 100,
    required: true,
    form: { section: 'company', place: 20, placeholder: '$1.5M' },
    answers: same('raising'),
  },
  founded: {
    label: 'Founded Year',
    review: 'founding year',
    kind: 'text',
    column: 'founded',
    maxLength: 50,
    required: true,
    form: { section: 'basic', place: 50, placeholder: '2023' },
    answers: same('founded'),
  },
  founderName: {
    label: 'Founder Name',
    review: 'founder name',
    kind: 'text',
    column: 'founder_name',
    maxLength: 200,
    required: true,
    form: { section: 'basic', place: 70, placeholder: 'Jane Doe' },
    answers: [
      { intent: 'founderName' },
      { intent: 'firstName', format: (v) => splitName(v).first },
      { intent: 'lastName', format: (v) => splitName(v).last },
    ],
  },
  founderEmail: {
    label: 'Founder Email',
    review: 'founder e-mail',
    kind: 'email',
    column: 'founder_email',
    maxLength: 320,
    required: true,
    invalid: 'Please enter a valid email address',
    form: { section: 'basic', place: 80, placeholder: 'jane@yourcompany.com' },
    answers: same('founderEmail'),
  },
  founderLinkedin: {
    label: 'Founder LinkedIn',
    review: 'founder LinkedIn',
    kind: 'url',
    column: 'founder_linkedin',
    maxLength: 2048,
    invalid: 'Please enter a valid LinkedIn URL',
    form: { section: 'basic', place: 90, placeholder: 'https://linkedin.com/in/janedoe' },
    answers: link('founderLinkedin'),
  },
  website: {
    label: 'Website',
    review: 'website',
    kind: 'url',
    column: 'website',
    maxLength: 2048,
    invalid: 'Please enter a valid website URL',
    form: { section: 'basic', place: 30, placeholder: 'https://yourcompany.com' },
    answers: link('website'),
  },
  location: {
    label: 'Location',
    review: 'location',
    kind: 'text',
    column: 'location',
    maxLength: 200,
    required: true,
    form: { section: 'basic', place: 40, placeholder: 'San Francisco, CA' },
    answers: same('location'),
  },
  teamSize: {
    label: 'Team Size',
    review: 'team size',
    kind: 'select',
    column: 'team_size',
    maxLength: 50,
    required: true,
    options: STARTUP_TEAM_SIZES,
    form: { section: 'company', place: 30, placeholder: 'Select team size' },
    answers: same('teamSize'),
  },
  revenue: {
    label: 'Revenue',
    review: 'revenue',
    kind: 'select',
    column: 'revenue',
    maxLength: 50,
    required: true,
    options: STARTUP_REVENUES,
    form: { section: 'company', place: 50, placeholder: 'Select revenue' },
    // The revenue range is also the answer to "What traction do you have?".
    answers: [{ intent: 'revenue' }, { intent: 'traction' }],
  },
  pitchDeck: {
    label: 'Pitch Deck URL',
    review: 'pitch deck link',
    kind: 'url',
    column: 'pitch_deck',
    maxLength: 2048,
    invalid: 'Please enter a valid pitch deck URL',
    form: { section: 'additional', place: 50, placeholder: 'https://docsend.com/view/…', wide: true },
    answers: link('pitchDeck'),
  },
  additionalFounders: {
    label: 'Additional Founders',
    review: 'co-founders',
    kind: 'textarea',
    column: 'additional_founders',
    maxLength: 2000,
    form: {
      section: 'basic',
      place: 100,
      placeholder: 'Names, roles and LinkedIn profiles of your co-founders',
      wide: true,
      rows: 3,
    },
    answers: same('additionalFounders'),
  },
  existingFunding: {
    label: 'Existing Funding',
    review: 'funding so far',
    kind: 'textarea',
    column: 'existing_funding',
    maxLength: 2000,
    form: { section: 'company', place: 80, placeholder: 'Previous rounds, investors and amounts', wide: true, rows: 3 },
    answers: same('existingFunding'),
  },
  problem: {
    label: 'Problem',
    review: 'problem',
    kind: 'textarea',
    column: 'problem',
    maxLength: 10_000,
    required: true,
    form: { section: 'additional', place: 10, placeholder: 'What problem are you solving?', wide: true },
    answers: same('problem'),
  },
  solution: {
    label: 'Solution',
    review: 'solution',
    kind: 'textarea',
    column: 'solution',
    maxLength: 10_000,
    required: true,
    form: { section: 'additional', place: 20, placeholder: 'How do you solve it?', wide: true },
    answers: same('solution'),
  },
  valueProposition: {
    label: 'Value Proposition',
    review: 'value proposition',
    kind: 'textarea',
    column: 'value_proposition',
    maxLength: 10_000,
    required: true,
    form: { section: 'additional', place: 30, placeholder: 'Why customers choose you', wide: true, rows: 3 },
    answers: same('valueProposition'),
  },
  detailedDescription: {
    label: 'Detailed Description',
    review: 'detailed description',
    kind: 'textarea',
    column: 'detailed_description',
    maxLength: 10_000,
    form: {
      section: 'additional',
      place: 40,
      placeholder: 'Anything else investors should know',
      wide: true,
      rows: 5,
    },
    answers: same('detailedDescription'),
  },
  oneLineExplanation: {
    label: 'One-Line Explanation',
    review: 'one-liner',
    kind: 'text',
    column: 'one_line_explanation',
    maxLength: 500,
    required: true,
    form: { section: 'company', place: 90, placeholder: 'We help X do Y by Z', wide: true },
    answers: same('oneLineExplanation'),
  },
  // Exact values beside the ranges the filters use: a form asking for a number or a date gets one
  // only from these, never from a range; where the profile holds one, it answers before the range.
  foundedDate: {
    label: 'Founding Date',
    review: 'founding date',
    kind: 'date',
    column: 'founded_date',
    maxLength: 10,
    form: { section: 'basic', place: 60, hint: 'Optional: forms that ask for a date get one only from here' },
    answers: [{ intent: 'founded', exact: true }],
  },
  teamCount: {
    label: 'Exact Team Size',
    review: 'head count',
    kind: 'number',
    column: 'team_count',
    maxLength: 7,
    form: { section: 'company', place: 40, placeholder: '12', hint: 'Optional: sent where a form asks for a number' },
    answers: [{ intent: 'teamSize', exact: true }],
  },
  monthlyRevenue: {
    label: 'Exact Monthly Revenue',
    review: 'monthly revenue',
    kind: 'number',
    column: 'monthly_revenue',
    maxLength: 16,
    form: { section: 'company', place: 60, placeholder: '25000', hint: 'Optional: exact monthly revenue' },
    answers: [
      {
        intent: 'revenue',
        exact: true,
        format: (v, p) => `${v} ${p.revenueCurrency?.trim() || 'USD'} per month`,
      },
    ],
  },
  revenueCurrency: {
    label: 'Revenue Currency',
    review: 'revenue currency',
    kind: 'select',
    column: 'revenue_currency',
    maxLength: 3,
    options: REVENUE_CURRENCIES,
    form: { section: 'company', place: 70, placeholder: 'Select currency' },
    answers: [],
    partOf: 'monthlyRevenue',
  },
} satisfies Record<string, ProfileFieldSpec>;

export type ProfileField = keyof typeof SPEC;
/** The field spec, one entry per field, in the profile's order (the API's, the events' and the CLI's). */
export const PROFILE_SPEC: Readonly<Record<ProfileField, ProfileFieldSpec>> = SPEC;
export const PROFILE_FIELDS = Object.keys(SPEC) as unknown as readonly [ProfileField, ...ProfileField[]];

/** Every field is optional text; a field that was never set or was cleared is absent. */
export type StartupProfile = Partial<Record<ProfileField, string>>;

/** The fifteen fields labelled required (spec section 5): together they decide completion. */
export const REQUIRED_PROFILE_FIELDS: readonly ProfileField[] = PROFILE_FIELDS.filter((f) => PROFILE_SPEC[f].required);

/** Human labels, used in error messages and as the form's field labels. */
export const PROFILE_LABELS = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, PROFILE_SPEC[f].label])) as Record<
  ProfileField,
  string
>;

export const isProfileField = (name: string): name is ProfileField =>
  (PROFILE_FIELDS as readonly string[]).includes(name);
