// What a form field says about itself (label, name, placeholder, ARIA, nearby text) and which intent of the
// question model it asks for. The keyword rules that used to live here are replaced by that model.
import { decideQuestion } from '@fp/contracts';
import type { FieldTarget } from './types';

/** What the page tells us about one field. Every property is optional: forms in the wild omit most of them. */
export interface FieldDescriptor {
  label?: string;
  ariaLabel?: string;
  placeholder?: string;
  nearbyText?: string;
  name?: string;
  id?: string;
  autocomplete?: string;
  /** input type (text, email, url, tel, number, date, file, password, search, checkbox, radio) or widget kind. */
  inputType?: string;
  kind?: ControlKind;
}

export type ControlKind =
  | 'text'
  | 'textarea'
  | 'contenteditable'
  | 'select'
  | 'listbox'
  | 'combobox'
  | 'radio-group'
  | 'checkbox'
  | 'checkbox-group'
  | 'file';

export interface FieldMatch {
  target: FieldTarget;
  /** Which descriptor property decided it, for debugging and the recap. */
  source: keyof FieldDescriptor;
}

/** Lower-case, camelCase and snake/kebab split into words, punctuation to spaces. */
export function normalizeText(s: string | undefined | null): string {
  return (s ?? '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[’']/g, "'")
    .replace(/[_\-–—.,:;!?()[\]{}/\\|*"“”<>#@+=~`^%$€£→←↵✓]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The question a field asks, as a screen reader finds it: its tied label (label[for], a wrapping label,
 * aria-labelledby), its aria-label, else the text before it in its row or group (a fieldset's legend, the
 * question above a Typeform-style input). The placeholder is only a hint: it is the question only when there
 * is no text at all, or when the text before the field is not about it (a form's heading) and the placeholder is.
 */
export function questionTextOf(d: FieldDescriptor): { text: string; source: keyof FieldDescriptor } | null {
  if (d.label?.trim()) return { text: d.label, source: 'label' };
  if (d.ariaLabel?.trim()) return { text: d.ariaLabel, source: 'ariaLabel' };
  const hint = isSamplePlaceholder(d.placeholder) ? '' : (d.placeholder ?? '').trim();
  const near = (d.nearbyText ?? '').trim();
  if (near && hint) {
    const byNear = decideQuestion({ text: near, inputType: d.inputType, control: d.kind });
    if (
      !byNear.answer &&
      (byNear.reason === 'no_intent' || byNear.reason === 'below_threshold') &&
      decideQuestion({ text: hint, inputType: d.inputType, control: d.kind }).answer
    )
      return { text: hint, source: 'placeholder' };
  }
  if (near) return { text: near, source: 'nearbyText' };
  if (hint) return { text: hint, source: 'placeholder' };
  // No text at all: a sample answer is the only hint of the question ("https://linkedin.com/in/you").
  const sample = sampleQuestion(d.placeholder ?? '');
  return sample ? { text: sample, source: 'placeholder' } : null;
}

function sampleQuestion(p: string): string | null {
  if (/linkedin\.com/i.test(p)) return 'LinkedIn profile';
  if (/docsend|drive\.google|pitch\.com/i.test(p)) return 'Pitch deck link';
  if (/@/.test(p)) return 'Email';
  if (/https?:|www\./i.test(p)) return 'Website';
  return null;
}

/**
 * Decides which intent a field asks for, through the question model (contracts/src/questions): only when one
 * intent covers the whole question with the right kind of value. Returns null when unsure: an unknown optional
 * field is better left empty than filled with a guess, and a required one goes to the founder.
 */
export function classifyField(d: FieldDescriptor): FieldMatch | null {
  const q = questionTextOf(d);
  const decision = decideQuestion({
    text: q?.text ?? '',
    machineName: `${d.name ?? ''} ${d.id ?? ''}`.trim(),
    autocomplete: d.autocomplete,
    inputType: d.inputType,
    control: d.kind,
  });
  if (!decision.answer) return null;
  const source: keyof FieldDescriptor =
    q?.source ?? (d.name || d.id ? (d.name ? 'name' : 'id') : d.autocomplete ? 'autocomplete' : 'inputType');
  return { target: decision.intent.id as FieldTarget, source };
}

/** Placeholders that show a sample answer ("name@example.com", "https://…") or say nothing ("Type your answer here..."). */
export function isSamplePlaceholder(p: string | undefined): boolean {
  return /@|https?:|www\.|\.com\b|^e\.? ?g\b|example|type (your|an|the) answer|your answer|^enter (your )?answer|^\.\.\.$|^…$|^\d|^(yyyy|dd|mm|jj)\b|^[$€£]\s?\d/i.test(
    (p ?? '').trim(),
  );
}

// How a profile value is written into a form lives with the field spec in contracts.
export { ensureUrl, splitName } from '@fp/contracts';

/**
 * The first amount in a text ("$2M", "1.5 million", "€500k", "2,000,000"; also inside "$1M - $5M",
 * "Up to $500K", "$2M ARR"), as a number. Not contracts' parseMoney on purpose: that one validates
 * what a founder types (one amount, one currency, refusing "$1M - $5M" and "-5M"), while form
 * options and labels need the amount they start with.
 */
export function parseMoney(s: string | undefined): number | null {
  if (!s) return null;
  const m = s.replace(/,(?=\d{3}\b)/g, '').match(/(\d+(?:\.\d+)?)\s*(k|thousand|m|mm|mn|million|b|bn|billion)?\b/i);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? '').toLowerCase();
  const mult =
    unit.startsWith('k') || unit === 'thousand' ? 1e3 : unit.startsWith('b') ? 1e9 : unit.startsWith('m') ? 1e6 : 1;
  return n * mult;
}

/** The currency a text names ("$", "USD", "€", "¥"…), or null. */
export function currencyOf(t: string): string | null {
  if (/\$|\busd\b|\bdollars?\b/i.test(t)) return 'USD';
  if (/€|\beur\b|\beuros?\b/i.test(t)) return 'EUR';
  if (/£|\bgbp\b|\bpounds?\b/i.test(t)) return 'GBP';
  if (/¥|\bjpy\b|\byen\b/i.test(t)) return 'JPY';
  const m = t.match(/\b(CHF|CAD|AUD|SGD|INR|JPY|SEK)\b/i);
  return m ? m[1].toUpperCase() : null;
}
