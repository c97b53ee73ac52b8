// Long file: the rules that fit a value to each input kind, kept beside the one decision (decideField) that
// applies them.
// What goes into one field: the question model (contracts/src/questions) decides whose answer the question
// takes — the founder's own answer, a profile value, or nobody (ask) — and the value is then fitted to the
// input exactly (a number input gets a number only when the profile holds one; a date input a full date only
// when a full date is known). Nothing is composed: a value is either the founder's words or a profile value.
import {
  PROFILE_ANSWER_INTENTS,
  profileAnswer,
  resolveQuestion,
  wantedKinds,
  type Intent,
  type QuestionInput,
  type ValueKind,
} from '@fp/contracts';
import type { ScannedControl } from './dom-scan';
import { currencyOf, ensureUrl, isSamplePlaceholder, parseMoney } from './field-mapping';

import { documentKindAsked, documentNoun, sameQuestion } from '@fp/contracts';
import {
  DEFAULT_CHECKBOX_CHOICES,
  type CheckboxChoices,
  type FieldTarget,
  type FounderAnswer,
  type StartupProfile,
} from './types';

/** Where a value came from, for the log, the fields filled and the review. */
type ValueSource =
  | `profile:${string}`
  | `answer:${string}`
  | 'setting:accept-terms'
  | 'setting:opt-ins'
  | 'setting:default-message'
  | 'deck-link';

export type FieldDecision =
  /** Put `value` in; `target` picks the option strategy of a choice; `exact`: the founder's own words. */
  | { fill: true; target: FieldTarget; value: string; exact: boolean; source: ValueSource; why: string }
  /**
   * Nobody gave an answer that fits: the founder is asked when the field is required; else it stays empty.
   * `refused`: a value was given (their answer or the profile's) that this control does not accept.
   */
  | { fill: false; ask: boolean; why: string; refused?: string };

/** What the page says about a control, as the question model reads it (item 4: the question as a screen reader finds it). */
function questionInputOf(c: ScannedControl, text: string): QuestionInput {
  return {
    text,
    hint: isSamplePlaceholder(c.placeholder) ? '' : c.placeholder,
    machineName: `${c.name} ${c.domId}`.trim(),
    autocomplete: c.autocomplete,
    inputType: c.inputType,
    control: c.kind,
  };
}

/** Sources of values beside the profile: the per-firm deck link (set by the deck-links feature) wins over the profile's deck URL. */
export interface ValueSources {
  profile: StartupProfile;
  answers: readonly FounderAnswer[];
  /** A deck URL made for this firm; sent wherever a form asks for a deck link. Absent: the profile's pitchDeck. */
  deckUrl?: string | null;
  /** Standing choices for agreements and opt-ins (absent: DEFAULT_CHECKBOX_CHOICES). */
  checkboxes?: CheckboxChoices;
  /** The founder's default message (Settings): the only value a message/pitch/cover-note field gets besides their answer to it. */
  defaultMessage?: string | null;
}

const text = (s: string | undefined | null) => (s && s.trim() ? s.trim() : null);

/**
 * The value for an intent from the profile (the field spec says which fields answer it and how a form gets
 * their value), the per-firm deck link, or the founder's default message; null when none holds one.
 */
function profileValue(intentId: string, s: ValueSources): { value: string; source: ValueSource } | null {
  if (intentId === 'pitchDeck' && text(s.deckUrl))
    return { value: ensureUrl(s.deckUrl as string), source: 'deck-link' };
  // Only the message the founder wrote or approved in Settings; never a note composed from the profile.
  if (intentId === 'message')
    return text(s.defaultMessage) ? { value: text(s.defaultMessage)!, source: 'setting:default-message' } : null;
  // role, phone, referral: the profile holds none (being in the founder field is no job title the founder gave).
  const a = profileAnswer(intentId, s.profile);
  return a && { value: a.value, source: `profile:${a.field}` };
}

// --- exact values ------------------------------------------------------------------------------------------

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const monthOf = (s: string) => MONTHS.findIndex((m) => m.startsWith(s.toLowerCase().slice(0, 3))) + 1;
const pad = (n: number) => String(n).padStart(2, '0');

function validDate(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** A full calendar date (YYYY-MM-DD) when the value states one; null for a year, a month or anything vague. */
export function fullDate(value: string): string | null {
  const v = value.trim();
  let y: number, m: number, d: number;
  let x = v.match(/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/);
  if (x) [y, m, d] = [Number(x[1]), Number(x[2]), Number(x[3])];
  else if ((x = v.match(/^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,9})\.?,?\s+(\d{4})$/i)) && monthOf(x[2]) > 0)
    [y, m, d] = [Number(x[3]), monthOf(x[2]), Number(x[1])];
  else if ((x = v.match(/^([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i)) && monthOf(x[1]) > 0)
    [y, m, d] = [Number(x[3]), monthOf(x[1]), Number(x[2])];
  else return null;
  return validDate(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
}

/** YYYY-MM when the value states a month (or a full date). */
export function yearMonth(value: string): string | null {
  const full = fullDate(value);
  if (full) return full.slice(0, 7);
  const v = value.trim();
  let x = v.match(/^(\d{4})[-/.](\d{1,2})$/);
  if (x && Number(x[2]) >= 1 && Number(x[2]) <= 12) return `${x[1]}-${pad(Number(x[2]))}`;
  x = v.match(/^([a-z]{3,9})\.?,?\s+(\d{4})$/i);
  if (x && monthOf(x[1]) > 0) return `${x[2]}-${pad(monthOf(x[1]))}`;
  return null;
}

/** The year, when the value states exactly one (a year, a month or a full date). */
function exactYear(value: string): string | null {
  const years = value.match(/\b(19|20)\d{2}\b/g) ?? [];
  if (years.length !== 1) return null;
  return fullDate(value) ||
    yearMonth(value) ||
    /^\s*(19|20)\d{2}\s*$/.test(value) ||
    /^[a-z]+\s+(19|20)\d{2}$/i.test(value.trim())
    ? years[0]
    : null;
}

const RANGE =
  /\d\s*(-|–|—|to)\s*[$€£]?\s*\d|\+|<|>|\b(under|over|less|more|between|up to|above|below|around|about|approx\w*|roughly|pre ?-?revenue|min|max)\b|~/i;

/** The number a value states exactly, for a number input; a range ("6-10", "$100K-1M MRR", "51+") is never one. */
export function exactNumber(value: string, kind: ValueKind): number | null {
  const v = value.trim();
  if (!v) return null;
  if (kind === 'year' || kind === 'date') {
    const y = exactYear(v);
    return y ? Number(y) : null;
  }
  if (RANGE.test(v)) return null;
  switch (kind) {
    case 'count': {
      const m = v.match(/^(\d{1,3}(?:,\d{3})*|\d+)\s*(people|employees|persons|ftes?|members)?$/i);
      return m ? Number(m[1].replace(/,/g, '')) : null;
    }
    case 'percentage': {
      const m = v.match(/^(\d+(?:\.\d+)?)\s*%?$/);
      return m ? Number(m[1]) : null;
    }
    case 'money': {
      if ((v.match(/\d+(?:[.,]\d+)*/g) ?? []).length !== 1) return null;
      if (
        !/^[$€£]?\s*\d[\d,.]*\s*(k|thousand|m|mm|mn|million|b|bn|billion)?\s*([a-z]{3}|dollars|euros|pounds)?\s*(mrr|arr|per month|a month|\/ ?mo(nth)?)?$/i.test(
          v.replace(/^[a-z]{3}\s+/i, ''),
        )
      )
        return null;
      const n = parseMoney(v);
      return n === null ? null : Math.round(n);
    }
    default:
      return null;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function withinBounds(n: number, c: ScannedControl): boolean {
  const min = c.min !== undefined && c.min !== '' ? Number(c.min) : null;
  const max = c.max !== undefined && c.max !== '' ? Number(c.max) : null;
  // The browser's rule: no step attribute means step 1 (whole numbers), "any" means any number.
  const step = c.step === 'any' ? null : c.step !== undefined && c.step !== '' ? Number(c.step) : 1;
  if (min !== null && Number.isFinite(min) && n < min) return false;
  if (max !== null && Number.isFinite(max) && n > max) return false;
  if (step !== null && Number.isFinite(step) && step > 0) {
    const k = (n - (min ?? 0)) / step;
    if (Math.abs(k - Math.round(k)) > 1e-9) return false;
  }
  return true;
}

function matchesPattern(value: string, pattern: string | undefined): boolean {
  if (!pattern) return true;
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(value);
  } catch {
    return true; // the browser ignores a pattern it cannot compile, and so do we
  }
}

/** The date format a placeholder shows ("YYYY/MM/DD", "DD.MM.YYYY"), to write a full date the way the field wants it. */
function formatDate(iso: string, placeholder: string): string {
  const [y, m, d] = iso.split('-');
  const f = placeholder.trim().toUpperCase();
  const x = f.match(/^(YYYY|DD|MM)([-/.])(YYYY|DD|MM)\2(YYYY|DD|MM)$/);
  if (!x) return iso;
  const part = (t: string) => (t === 'YYYY' ? y : t === 'MM' ? m : d);
  return [x[1], x[3], x[4]].map(part).join(x[2]);
}

const DATE_WORDING = /\bdate\b(?<!\bto date)|^(yyyy|dd|mm)\b/i;
const YEAR_WORDING = /\byear\b/i;
const MONTH_WORDING = /\bmonth\b|\bmm ?\/ ?yyyy\b/i;

/** A month and year the way the question shows it ("MM/YYYY", "YYYY-MM"), else in words ("December 2023"). */
function formatMonth(ym: string, question: string): string {
  const [y, m] = ym.split('-');
  if (/\bmm ?\/ ?yyyy\b/i.test(question)) return `${m}/${y}`;
  if (/\bmm ?- ?yyyy\b/i.test(question)) return `${m}-${y}`;
  if (/\byyyy ?- ?mm\b/i.test(question)) return ym;
  return `${MONTHS[Number(m) - 1][0].toUpperCase()}${MONTHS[Number(m) - 1].slice(1)} ${y}`;
}

/** A length the question's own text sets ("max 500 characters", "(up to 200 chars)"), or null. */
function statedLimit(question: string): number | null {
  const m = question.match(/\b(?:max(?:imum)?\.?|up to|no more than|at most)\s*(\d[\d,]*)\s*(?:characters|chars)\b/i);
  return m ? Number(m[1].replace(/,/g, '')) : null;
}

/**
 * The value as the input accepts it, or null when it has no valid form there (then the founder is asked
 * when the field is required). Never shortens the founder's words to fit a maxlength.
 */
export function fitValue(
  value: string,
  intent: Pick<Intent, 'kind'> | null,
  c: ScannedControl,
  question: string,
): string | null {
  const type = (c.inputType || 'text').toLowerCase();
  const kind: ValueKind = intent?.kind ?? 'free_text';
  let out = value.trim();
  if (!out) return null;
  const dateWanted = type === 'date' || DATE_WORDING.test(question) || /^(yyyy|dd|mm)\b/i.test(c.placeholder.trim());
  // An amount in one currency is no answer to a question asked in another.
  if (kind === 'money') {
    const asked = currencyOf(question);
    const have = currencyOf(out);
    if (asked && have && asked !== have) return null;
  }
  if (type === 'number' || type === 'range') {
    const numKind: ValueKind = kind === 'date' ? 'year' : kind === 'free_text' || kind === 'choice' ? 'count' : kind;
    // A plain decimal the founder wrote ("3.19") is a number too; the input's own step and bounds decide.
    const plain = /^-?\d+(\.\d+)?$/.test(out) && kind !== 'date' && kind !== 'year' ? Number(out) : null;
    const n = exactNumber(out, numKind) ?? plain;
    if (n === null || !withinBounds(n, c)) return null;
    out = String(n);
  } else if (type === 'date') {
    const d = fullDate(out);
    if (!d || (c.min && d < c.min) || (c.max && d > c.max)) return null;
    out = d;
  } else if (type === 'month') {
    const m = yearMonth(out);
    if (!m) return null;
    out = m;
  } else if (type === 'email') {
    if (!EMAIL.test(out)) return null;
  } else if (type === 'url') {
    out = ensureUrl(out);
    try {
      // A bare word ("acme") is no address; localhost is (a deck link made by a local FundFlow, PUBLIC_URL unset).
      const host = new URL(out).hostname;
      if (!host.includes('.') && host !== 'localhost') return null;
    } catch {
      return null;
    }
  } else if (type === 'tel') {
    // A tel input takes any text (an extension, "ext. 12"); only its own pattern, checked below, refuses a format.
    if (!/\d/.test(out)) return null;
  } else if (kind === 'date' && dateWanted) {
    // A text field asking for a date gets a date only when a full one is known, in the format its placeholder shows.
    const d = fullDate(out);
    if (!d) return null;
    out = formatDate(d, c.placeholder);
  } else if (kind === 'date' && MONTH_WORDING.test(question)) {
    // "Month and year founded": a month is known only from a month or a full date, never from a year.
    const m = yearMonth(out);
    if (!m) return null;
    out = formatMonth(m, question);
  } else if (kind === 'date' && YEAR_WORDING.test(question)) {
    const y = exactYear(out);
    if (!y) return null;
    out = y;
  }
  if (!matchesPattern(out, c.pattern)) return null;
  if (c.maxLength > 0 && out.length > c.maxLength) return null;
  const limit = statedLimit(question);
  if (limit !== null && out.length > limit) return null;
  return out;
}

// --- checkboxes ---------------------------------------------------------------------------------------------

const YES = /^(yes|y|i agree|agree|i accept|accept|ok|true|checked|tick)$/i;

/** The firm's terms, conditions or privacy notice (its own use of the application's data): what "accept terms" covers. */
const TERMS =
  /\bterms\b|\bconditions\b|\bprivacy\b|\bdata protection (policy|notice)\b|\bstore and process\b|\bprocess(ing)? (of )?my (personal )?data\b/;
/** What a box may say beyond the terms: a fact about the founder or company, an authorisation, a subscription. */
const BEYOND_TERMS =
  /\bshar(e|es|ed|ing)\b|\bthird part|\binvestors?\b|\bpartners?\b|\bcredit\b|\bcontact|\bmarketing\b|\bnewsletter|\bemails?\b|\breceive\b|\boffers?\b|\bover\b|\bage\b|\byears?\b|\b\d+\b|\bconvict|\bsubsidiar|\bown(s|ed|ership)?\b|\beligib|\bcertify\b|\baccurate\b|\btrue\b|\bresiden|\bemployees?\b|\bequity\b|\battend|\bdeal\b|\bphotograph|\bidentity\b|\bverif|\bbackground\b|\breferences?\b|\bguarantee|\bfounders?\b|\bauthori|\bregistered\b|\bfunds?\b|\bpress\b|\bfeatured?\b|\bnetwork\b|\bpublish|\bpublic/;

/** A box that only agrees to the firm's terms, conditions or privacy notice, and states or allows nothing more. */
function onlyTerms(question: string): boolean {
  const q = question.toLowerCase().replace(/&/g, ' and ');
  return TERMS.test(q) && !BEYOND_TERMS.test(q);
}

/**
 * A lone agreement or opt-in box, by the founder's standing choices (item 6): an agreement is ticked only when
 * they allowed it (else a required one is asked of them, form by form); an opt-in only when they said always
 * yes, or answered this very box yes. The proof lists every box ticked with its text (the fields filled).
 */
function decideBox(
  kind: 'consent' | 'marketingOptIn',
  c: ScannedControl,
  question: string,
  s: ValueSources,
  why: string,
): FieldDecision {
  const choices = s.checkboxes ?? DEFAULT_CHECKBOX_CHOICES;
  const theirs = s.answers.find((a) => sameQuestion(a.question, question));
  if (theirs && YES.test(theirs.answer.trim()))
    return {
      fill: true,
      target: kind,
      value: 'yes',
      exact: true,
      source: `answer:${theirs.question}`,
      why: 'your answer to this box',
    };
  if (theirs) return { fill: false, ask: false, why: `you answered "${theirs.answer}" to this box` };
  if (kind === 'consent' && !onlyTerms(question))
    return {
      fill: false,
      ask: c.required,
      why: `a statement only you can make (a fact, an authorisation or a subscription), not the firm's terms; ${c.required ? 'asked' : 'left unticked'}`,
    };
  if (kind === 'consent') {
    if (choices.acceptTerms)
      return { fill: true, target: 'consent', value: 'yes', exact: false, source: 'setting:accept-terms', why };
    return { fill: false, ask: c.required, why: `${why}; accepting terms for you is off in your settings` };
  }
  if (choices.optIns === 'yes')
    return { fill: true, target: 'marketingOptIn', value: 'yes', exact: false, source: 'setting:opt-ins', why };
  return { fill: false, ask: c.required, why: `${why}; left unticked (opt-ins: ${choices.optIns})` };
}

// --- one field ---------------------------------------------------------------------------------------------

const CHOICE_KINDS = new Set(['select', 'radio-group', 'checkbox-group', 'listbox']);
/** What the founder's answer is logged as: a profile intent, or a question only the founder (or a setting) answers. */
const FOUNDER_TARGETS = ['role', 'message', 'phone', 'referral'] as const satisfies readonly FieldTarget[];
const PROFILE_TARGETS = new Set<string>([...PROFILE_ANSWER_INTENTS, ...FOUNDER_TARGETS]);

/**
 * Decides what goes into one control. `question` is the text the founder sees for it (displayLabel).
 * Agreements are decided by the caller's settings; opt-ins, passwords, CAPTCHAs and search boxes get nothing.
 */
export function decideField(c: ScannedControl, question: string, s: ValueSources): FieldDecision {
  // The profile's long fields appear in the library too; they are the profile's answers, resolved as such (source profile:…).
  const theirs = s.answers.filter((a) => a.source !== 'profile');
  const r = resolveQuestion(questionInputOf(c, question), theirs);
  if (r.from === 'ask') return { fill: false, ask: c.kind !== 'checkbox' && c.kind !== 'file', why: r.why };
  const choice = CHOICE_KINDS.has(c.kind);
  if (r.from === 'answer') {
    const target = (r.intent && PROFILE_TARGETS.has(r.intent.id) ? r.intent.id : 'answer') as FieldTarget;
    // Their answer to a question no profile intent covers takes the kind the wording asks for (a date stays a date).
    const kind = r.intent ?? {
      kind: wantedKinds(question, { text: question }).includes('date') ? ('date' as const) : ('free_text' as const),
    };
    const value = choice ? r.entry.answer.trim() : fitValue(r.entry.answer, kind, c, question);
    if (value === null)
      return {
        fill: false,
        ask: true,
        why: `your answer to "${r.entry.question}" is not a valid value for this ${c.inputType || c.kind} field`,
        refused: r.entry.answer.trim(),
      };
    return { fill: true, target, value, exact: true, source: `answer:${r.entry.question}`, why: r.why };
  }
  const intent = r.intent;
  if (intent.control) return { fill: false, ask: false, why: r.why };
  if (intent.checkboxOnly)
    return decideBox(intent.id as 'consent' | 'marketingOptIn', c, question, { ...s, answers: theirs }, r.why);
  if (intent.id === 'message' && PITCH.test(question)) return decidePitch(c, question, s, r.why);
  const pv = profileValue(intent.id, s);
  if (!pv) return { fill: false, ask: true, why: `${r.why}, and the profile holds no ${intent.id}` };
  const gap = missingPart(intent.id, pv.value, question) ?? (choice ? currencyGap(intent, pv.value, question) : null);
  if (gap) return { fill: false, ask: true, why: gap };
  const value = choice ? pv.value : fitValue(pv.value, intent, c, question);
  if (value === null)
    return {
      fill: false,
      ask: true,
      why: `the profile's ${intent.id} ("${pv.value.slice(0, 40)}") is not an exact value for this ${c.inputType || c.kind} field`,
      refused: pv.value,
    };
  return { fill: true, target: intent.id as FieldTarget, value, exact: false, source: pv.source, why: r.why };
}

/** "Your pitch", "Pitch us": a pitch the founder wrote themselves. */
const PITCH = /\bpitch\b/i;

/**
 * A pitch field takes a pitch the founder wrote: their default message (Settings: for message, pitch and
 * cover-note fields), else their own one-liner, else their description — whichever fits the field's length.
 */
function decidePitch(c: ScannedControl, question: string, s: ValueSources, why: string): FieldDecision {
  for (const field of ['message', 'oneLineExplanation', 'description'] as const) {
    const pv = profileValue(field, s);
    const value = pv && fitValue(pv.value, { kind: 'free_text' }, c, question);
    if (pv && value)
      return {
        fill: true,
        target: field,
        value,
        exact: false,
        source: pv.source,
        why: field === 'message' ? why : `your ${field === 'description' ? 'description' : 'one-liner'} as your pitch`,
      };
  }
  return { fill: false, ask: true, why: `${why}; none of your pitch texts fits this field` };
}

/** Roles in a list of people: each one named with a role ("Leo Marsh (CTO), Priya Nair – COO"). */
function everyoneHasRole(value: string): boolean {
  const people = value
    .split(/;|\n|,(?![^()]*\))|\band\b(?![^()]*\))/)
    .map((x) => x.trim())
    .filter(Boolean);
  return people.length > 0 && people.every((x) => /\([^)]+\)|\s[-–—:]\s*\S|,\s*\S/.test(x));
}

/** A part of the question the profile's value does not answer (co-founders' roles when it names only people). */
function missingPart(intentId: string, value: string, question: string): string | null {
  if (
    intentId === 'additionalFounders' &&
    /\broles?\b|\btitles?\b|\bpositions?\b/i.test(question) &&
    !everyoneHasRole(value)
  )
    return `the profile names your co-founders ("${value.slice(0, 40)}") without their roles`;
  return null;
}

/** An option list for an amount, read against the amount's currency: one asked in another currency is the founder's to answer. */
function currencyGap(intent: Intent, value: string, question: string): string | null {
  if (intent.kind !== 'money') return null;
  const asked = currencyOf(question);
  const have = currencyOf(value);
  if (asked && asked !== have)
    return `the question asks in ${asked}; the profile's amount ("${value}") is in ${have ?? 'no stated currency'}`;
  return null;
}

/** The profile value for a target, or null when the profile has nothing to say (the field stays empty). */
export function valueForTarget(target: FieldTarget, p: StartupProfile): string | null {
  return profileValue(target, { profile: p, answers: [] })?.value ?? null;
}

// --- uploads -----------------------------------------------------------------------------------------------

/** A document in the founder's library, with the kind of document it is. */
export interface FounderDocument {
  kind: string;
  fileName: string;
  mimeType: string;
}

export type UploadDecision = { attach: FounderDocument; why: string } | { attach: null; why: string };

/** Whether the input's accept= list takes the document (an empty list takes anything). */
function acceptsDocument(accept: string | undefined, doc: FounderDocument): boolean {
  const list = (accept ?? '')
    .toLowerCase()
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (!list.length) return true;
  const ext = (doc.fileName.match(/\.[a-z0-9]+$/i)?.[0] ?? '').toLowerCase();
  const mime = doc.mimeType.toLowerCase();
  return list.some(
    (a) => a === ext || a === mime || a === '*/*' || (a.endsWith('/*') && mime.startsWith(a.slice(0, -1))),
  );
}

/**
 * What goes into a file input: the founder's document of the kind its question asks for, when the input
 * takes its file type; nothing otherwise (the founder is asked when the upload is required). A deck goes
 * only where a deck, presentation or slides are asked for — never into "Upload a PDF" or a CV field.
 */
export function decideUpload(c: ScannedControl, question: string, docs: readonly FounderDocument[]): UploadDecision {
  const text = [question, c.label, c.ariaLabel, c.nearbyText].filter((x) => x && x.trim()).join(' ');
  const kind =
    documentKindAsked(question.trim() ? question : text) ??
    documentKindAsked(text) ??
    documentKindAsked(`${c.name} ${c.domId}`.replace(/[_.]/g, ' '));
  if (!kind) return { attach: null, why: 'the upload asks for a document your library does not hold by that kind' };
  const doc = docs.find((d) => d.kind === kind);
  if (!doc) return { attach: null, why: `you have not added a ${documentNoun(kind)} to your documents` };
  if (!acceptsDocument(c.accept, doc))
    return { attach: null, why: `the upload takes ${c.accept}; your ${kind} is ${doc.fileName}` };
  return { attach: doc, why: `the upload asks for your ${kind}` };
}
