import { z } from 'zod';
import { formatMoney, MONEY_MAX, parseMoney } from '../common/money';
import {
  DESCRIPTION_WORDS,
  PROFILE_FIELDS,
  PROFILE_LABELS,
  PROFILE_SPEC,
  REQUIRED_PROFILE_FIELDS,
  type ProfileField,
  type StartupProfile,
  wordCount,
} from './fields';

/** The spec's validation messages (section 5) of the fields with rules of their own; e-mails' and links' are in the field spec. */
const PROFILE_MESSAGES = {
  foundedDate: 'Founding Date must be a full date (YYYY-MM-DD)',
  teamCount: 'Exact Team Size must be a whole number of people (1 or more)',
  monthlyRevenue: 'Exact Monthly Revenue must be an amount (digits, up to 2 decimals)',
  // Issue 24: the profile's numbers go into real applications, so nonsense is refused.
  raising: 'Raising Amount must be an amount, e.g. $2.5M, €800k or 1.2 million',
  raisingNotPositive: 'Raising Amount must be more than 0',
  raisingTooLarge: `Raising Amount must be at most ${MONEY_MAX.toLocaleString('en-US')}`,
} as const;

/** The first year a company in the profile may have been founded. */
const FOUNDED_MIN_YEAR = 1900;

/** "Founded Year must be a year between 1900 and 2026" (this year, read when a value is checked). */
const foundedYearMessage = (thisYear = new Date().getUTCFullYear()) =>
  `Founded Year must be a year between ${FOUNDED_MIN_YEAR} and ${thisYear}`;
const foundingDateRangeMessage = (today = new Date().toISOString().slice(0, 10)) =>
  `Founding Date must be between ${FOUNDED_MIN_YEAR}-01-01 and ${today}`;

/** "Company Name is required": a required field that holds a value cannot be emptied. */
export const requiredFieldMessage = (f: ProfileField) => `${PROFILE_LABELS[f]} is required`;

/** How the profile reads a typed amount, for the hint under the field ("Read as $2,500,000"), or null. */
export function readRaisingAmount(value: string): string | null {
  const r = parseMoney(value);
  return r.ok ? formatMoney(r.money) : null;
}

const isCalendarDate = (v: string) => {
  const m = v.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};

// Links are shown to investors and opened by the submission automation: only http(s) with a real host name.
const webUrl = (message: string) => z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: message });

/** "Company Description must be at most 400 words (this one has 812)". */
const descriptionTooLongMessage = (words: number) =>
  `${PROFILE_LABELS.description} must be at most ${DESCRIPTION_WORDS.max} words (this one has ${words.toLocaleString('en-US')})`;

const tooLong = (f: ProfileField) =>
  `${PROFILE_LABELS[f]} must be at most ${PROFILE_SPEC[f].maxLength.toLocaleString('en-US')} characters`;

/**
 * What a non-empty, already trimmed value of a field must satisfy: a rule of its own (dates, amounts,
 * counts, the description's words), else its kind's (an e-mail, a link, one of the options), then length.
 */
function formatOf(f: ProfileField): z.ZodType<string, string> {
  const spec = PROFILE_SPEC[f];
  const max = spec.maxLength;
  if (f === 'foundedDate')
    return z.string().superRefine((v, ctx) => {
      if (!isCalendarDate(v)) return void ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.foundedDate });
      // "This year" is read at check time, so a long-running server does not keep last year's bound.
      const today = new Date().toISOString().slice(0, 10);
      if (v < `${FOUNDED_MIN_YEAR}-01-01` || v > today)
        ctx.addIssue({ code: 'custom', message: foundingDateRangeMessage(today) });
    });
  if (f === 'founded')
    return z.string().superRefine((v, ctx) => {
      const thisYear = new Date().getUTCFullYear();
      if (!/^\d{4}$/.test(v) || Number(v) < FOUNDED_MIN_YEAR || Number(v) > thisYear)
        ctx.addIssue({ code: 'custom', message: foundedYearMessage(thisYear) });
    });
  if (f === 'raising')
    return z.string().superRefine((v, ctx) => {
      if (v.length > max) return void ctx.addIssue({ code: 'custom', message: tooLong(f) });
      const r = parseMoney(v);
      if (r.ok) return;
      const message =
        r.reason === 'not_positive'
          ? PROFILE_MESSAGES.raisingNotPositive
          : r.reason === 'too_large'
            ? PROFILE_MESSAGES.raisingTooLarge
            : PROFILE_MESSAGES.raising;
      ctx.addIssue({ code: 'custom', message });
    });
  if (f === 'description')
    return z.string().superRefine((v, ctx) => {
      const words = wordCount(v);
      if (words > DESCRIPTION_WORDS.max)
        return void ctx.addIssue({ code: 'custom', message: descriptionTooLongMessage(words) });
      if (v.length > max) ctx.addIssue({ code: 'custom', message: tooLong(f) });
    });
  if (f === 'teamCount') return z.string().regex(/^[1-9]\d{0,6}$/, PROFILE_MESSAGES.teamCount);
  if (f === 'monthlyRevenue') return z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, PROFILE_MESSAGES.monthlyRevenue);
  const invalid = spec.invalid ?? `${spec.label} is not valid`;
  if (spec.kind === 'email') return z.email({ error: invalid }).max(max, tooLong(f));
  if (spec.kind === 'url') return webUrl(invalid).max(max, tooLong(f));
  if (spec.options)
    return z.enum(spec.options as [string, ...string[]], {
      error: `${spec.label} must be one of: ${spec.options.join(', ')}`,
    });
  return z.string().max(max, tooLong(f));
}

const FORMATS = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, formatOf(f)])) as Record<
  ProfileField,
  z.ZodType<string, string>
>;

/** The first validation message for a field's value, or null when it is acceptable (blank is acceptable). */
export function profileFieldError(f: ProfileField, value: string): string | null {
  const t = value.trim();
  if (!t) return null;
  const r = FORMATS[f].safeParse(t);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Invalid value');
}

/**
 * A field as the API accepts it: text, trimmed, not blank (an empty field is left out of the body,
 * or listed in `clear` to remove it), then the field's format or option list and its length.
 */
export function profileValueSchema(f: ProfileField): z.ZodType<string, string> {
  return z
    .string({
      error: (iss) =>
        iss.input === undefined ? undefined : `${f}: expected text; to remove a field, list it in "clear"`,
    })
    .trim()
    .min(1, `${f}: must not be empty; leave it out, or list it in "clear" to remove it`)
    .pipe(FORMATS[f]) as unknown as z.ZodType<string, string>;
}

/** Form values: every field is a string, '' when empty. */
export type ProfileFormValues = Record<ProfileField, string>;

export const EMPTY_PROFILE_FORM: ProfileFormValues = Object.fromEntries(
  PROFILE_FIELDS.map((f) => [f, '']),
) as ProfileFormValues;

const REQUIRED = new Set<ProfileField>(REQUIRED_PROFILE_FIELDS);

/**
 * The profile form's schema (react-hook-form with the zod resolver): the same rules as the API. A
 * blank field is valid (it is omitted when saving), except a required field the saved profile holds:
 * emptying it would erase it, so it is refused (the API refuses it too, see the profile decider).
 */
export function profileFormSchema({ saved }: { saved: StartupProfile }) {
  return z.object(
    Object.fromEntries(
      PROFILE_FIELDS.map((f) => [
        f,
        z.string().superRefine((v, ctx) => {
          const emptied = REQUIRED.has(f) && !v.trim() && !!saved[f]?.trim();
          const message = emptied ? requiredFieldMessage(f) : profileFieldError(f, v);
          if (message) ctx.addIssue({ code: 'custom', message });
        }),
      ]),
    ) as Record<ProfileField, z.ZodString>,
  );
}

/** The form's schema for a profile with nothing saved yet (blank fields allowed). */
export const ProfileFormSchema = profileFormSchema({ saved: {} });
