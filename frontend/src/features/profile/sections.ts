import {
  PROFILE_FIELDS,
  PROFILE_SPEC,
  type ProfileField,
  type ProfileInputKind,
  type ProfileSectionId,
} from '@fp/contracts';

export type SectionId = ProfileSectionId;

export interface FieldSpec {
  name: ProfileField;
  label: string;
  kind: ProfileInputKind;
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

/** A tab's fields, from the field spec: those placed in it, in their place's order. */
const fieldsOf = (id: SectionId): FieldSpec[] =>
  PROFILE_FIELDS.filter((name) => PROFILE_SPEC[name].form.section === id)
    .sort((a, b) => PROFILE_SPEC[a].form.place - PROFILE_SPEC[b].form.place)
    .map((name) => {
      const { label, kind, options, form } = PROFILE_SPEC[name];
      const { placeholder, hint, wide, rows } = form;
      return { name, label, kind, placeholder, hint, options, wide, rows };
    });

/** The three tabs of the editor (spec §2): basic info, company details, additional info. */
export const SECTIONS: Section[] = [
  { id: 'basic', label: 'Basic Info', description: 'Your company and its founders.', fields: fieldsOf('basic') },
  {
    id: 'company',
    label: 'Company Details',
    description: 'Stage, funding, team and traction.',
    fields: fieldsOf('company'),
  },
  {
    id: 'additional',
    label: 'Additional Info',
    description: 'The problem, your solution and your deck.',
    fields: fieldsOf('additional'),
  },
];

export const isRequired = (name: ProfileField) => !!PROFILE_SPEC[name].required;

export const sectionOf = (name: ProfileField): SectionId => PROFILE_SPEC[name].form.section;
