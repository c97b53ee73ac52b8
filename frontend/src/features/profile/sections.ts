import {
  descriptionHint,
  PROFILE_LABELS,
  PROFILE_OPTIONS,
  REQUIRED_PROFILE_FIELDS,
  type ProfileField,
} from '@fp/contracts';

export type SectionId = 'basic' | 'company' | 'additional';

export interface FieldSpec {
  name: ProfileField;
  label: string;
  kind: 'text' | 'email' | 'url' | 'select' | 'textarea' | 'date' | 'number';
  placeholder?: string;
  hint?: string;
  options?: readonly string[];
  /** Long answers span the whole row. */
  wide?: boolean;
  rows?: number;
}

export interface Section {
  id: SectionId;
  label: string;
  description: string;
  fields: FieldSpec[];
}

const f = (name: ProfileField, kind: FieldSpec['kind'], extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name,
  label: PROFILE_LABELS[name],
  kind,
  ...(kind === 'select' ? { options: PROFILE_OPTIONS[name as keyof typeof PROFILE_OPTIONS] } : {}),
  ...extra,
});

/** The three tabs of the editor (spec §2): basic info, company details, additional info. */
export const SECTIONS: Section[] = [
  {
    id: 'basic',
    label: 'Basic Info',
    description: 'Your company and its founders.',
    fields: [
      f('companyName', 'text', { placeholder: 'Acme Inc.' }),
      f('industry', 'select', { placeholder: 'Select industry' }),
      f('website', 'url', { placeholder: 'https://yourcompany.com' }),
      f('location', 'text', { placeholder: 'San Francisco, CA' }),
      f('founded', 'text', { placeholder: '2023' }),
      f('foundedDate', 'date', { hint: 'Optional: forms that ask for a date get one only from here' }),
      f('founderName', 'text', { placeholder: 'Jane Doe' }),
      f('founderEmail', 'email', { placeholder: 'jane@yourcompany.com' }),
      f('founderLinkedin', 'url', { placeholder: 'https://linkedin.com/in/janedoe' }),
      f('additionalFounders', 'textarea', {
        placeholder: 'Names, roles and LinkedIn profiles of your co-founders',
        wide: true,
        rows: 3,
      }),
    ],
  },
  {
    id: 'company',
    label: 'Company Details',
    description: 'Stage, funding, team and traction.',
    fields: [
      f('stage', 'select', { placeholder: 'Select stage' }),
      f('raising', 'text', { placeholder: '$1.5M' }),
      f('teamSize', 'select', { placeholder: 'Select team size' }),
      f('teamCount', 'number', { placeholder: '12', hint: 'Optional: sent where a form asks for a number' }),
      f('revenue', 'select', { placeholder: 'Select revenue' }),
      f('monthlyRevenue', 'number', { placeholder: '25000', hint: 'Optional: exact monthly revenue' }),
      f('revenueCurrency', 'select', { placeholder: 'Select currency' }),
      f('existingFunding', 'textarea', { placeholder: 'Previous rounds, investors and amounts', wide: true, rows: 3 }),
      f('oneLineExplanation', 'text', { placeholder: 'We help X do Y by Z', wide: true }),
      f('description', 'textarea', {
        placeholder: 'What your company does, for whom, and why now',
        hint: descriptionHint(),
        wide: true,
        rows: 6,
      }),
    ],
  },
  {
    id: 'additional',
    label: 'Additional Info',
    description: 'The problem, your solution and your deck.',
    fields: [
      f('problem', 'textarea', { placeholder: 'What problem are you solving?', wide: true }),
      f('solution', 'textarea', { placeholder: 'How do you solve it?', wide: true }),
      f('valueProposition', 'textarea', { placeholder: 'Why customers choose you', wide: true, rows: 3 }),
      f('detailedDescription', 'textarea', { placeholder: 'Anything else investors should know', wide: true, rows: 5 }),
      f('pitchDeck', 'url', { placeholder: 'https://docsend.com/view/…', wide: true }),
    ],
  },
];

export const isRequired = (name: ProfileField) => (REQUIRED_PROFILE_FIELDS as readonly string[]).includes(name);

export const sectionOf = (name: ProfileField): SectionId =>
  SECTIONS.find((s) => s.fields.some((x) => x.name === name))!.id;
