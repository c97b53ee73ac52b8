// The whole-path evaluator: every corpus entry goes through the automation's own decisions, as a run makes
// them — the question's answer (decideField), the option a choice gets (matchOption), the file an upload gets
// (decideUpload) and each tick box — and the outcome is scored against what a careful person would send.
import { decideField, decideUpload, type ValueSources } from '../automation/answering';
import type { ScannedControl, ScannedOption } from '../automation/dom-scan';
import { matchOption } from '../automation/option-matching';
import { WHOLE_PATH_CORPUS, WHOLE_PATH_FOUNDERS, type WholePathEntry } from './whole-path-corpus';

/** What a run does with one control: a value, an option, a file kind, a tick, or nothing (asked when required). */
export type PathOutcome =
  | { kind: 'value'; value: string }
  | { kind: 'option'; label: string }
  | { kind: 'file'; docKind: string }
  | { kind: 'tick' }
  | { kind: 'ask' }
  | { kind: 'empty' };

interface PathResult {
  entry: WholePathEntry;
  got: PathOutcome;
  why: string;
  /** sent: something went in; right: it is what the entry expects. */
  sent: boolean;
  right: boolean;
  /** Something went in where nothing should have (the founder never gave it for this question). */
  invented: boolean;
  /** A choice went in that is not the expected outcome (another option, or any option where the founder must pick). */
  wrongOption: boolean;
}

export interface WholePathFigures {
  entries: number;
  /** Entries whose right outcome is something sent (a value, option, file or tick). */
  answerable: number;
  sent: number;
  right: number;
  invented: number;
  wrongOptions: number;
  /** Wrong values or files where something was due (neither invented nor a wrong option). */
  wrongOther: number;
  precision: number;
  coverage: number;
  failures: PathResult[];
  missed: PathResult[];
}

const CHOICE = new Set(['select', 'radio-group', 'listbox', 'checkbox-group']);

/** The scanned control an entry describes, as dom-scan would report it. */
function controlOf(e: WholePathEntry): ScannedControl {
  const kind =
    e.control === 'textarea' || e.control === 'select' || e.control === 'listbox' || e.control === 'checkbox'
      ? e.control
      : e.control === 'file'
        ? 'file'
        : e.control === 'radio' || e.control === 'buttons'
          ? 'radio-group'
          : 'text';
  const inputType = kind === 'text' ? e.control : e.control === 'buttons' ? 'buttons' : kind === 'file' ? 'file' : kind;
  const options: ScannedOption[] = (e.options ?? []).map((label, index) => ({
    id: `o${index}`,
    clickId: '',
    label,
    value: label,
    index,
    checked: false,
    disabled: false,
  }));
  return {
    id: 'c1',
    kind: kind as ScannedControl['kind'],
    inputType,
    name: '',
    domId: '',
    label: e.question,
    ariaLabel: '',
    placeholder: '',
    nearbyText: '',
    autocomplete: '',
    required: e.required,
    value: '',
    checked: false,
    multiple: false,
    options,
    group: 'form:1',
    order: 0,
    maxLength: e.maxLength ?? 0,
    visible: true,
    accept: e.accept,
  };
}

/** Runs one entry through the product's decisions. */
function decideEntry(e: WholePathEntry): { got: PathOutcome; why: string } {
  const founder = WHOLE_PATH_FOUNDERS[e.founder];
  const c = controlOf(e);
  const nothing = (why: string) => ({ got: { kind: e.required ? 'ask' : 'empty' } as PathOutcome, why });
  if (c.kind === 'file') {
    const u = decideUpload(c, e.question, founder.documents);
    return u.attach ? { got: { kind: 'file', docKind: u.attach.kind }, why: u.why } : nothing(u.why);
  }
  const sources: ValueSources = {
    profile: founder.profile,
    answers: founder.answers,
    checkboxes: founder.checkboxes,
    defaultMessage: founder.defaultMessage,
  };
  const d = decideField(c, e.question, sources);
  if (!d.fill) return nothing(d.why);
  if (c.kind === 'checkbox')
    // A lone box is ticked only for an agreement or opt-in decision (page-actions does the same).
    return d.target === 'consent' || d.target === 'marketingOptIn'
      ? { got: { kind: 'tick' }, why: `${d.source}: ${d.why}` }
      : nothing(d.why);
  if (CHOICE.has(c.kind)) {
    const i = matchOption(d.target, d.value, c.options);
    return i < 0
      ? nothing(`no option fits "${d.value}"`)
      : { got: { kind: 'option', label: c.options[i].label }, why: `${d.source} "${d.value}": ${d.why}` };
  }
  return { got: { kind: 'value', value: d.value }, why: `${d.source}: ${d.why}` };
}

const isSent = (o: PathOutcome) => o.kind === 'value' || o.kind === 'option' || o.kind === 'file' || o.kind === 'tick';

function same(a: PathOutcome, b: PathOutcome): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'value') return a.value === (b as { value: string }).value;
  if (a.kind === 'option') return a.label === (b as { label: string }).label;
  if (a.kind === 'file') return a.docKind === (b as { docKind: string }).docKind;
  return true;
}

function evaluateEntry(e: WholePathEntry): PathResult {
  const { got, why } = decideEntry(e);
  const sent = isSent(got);
  const right = same(got, e.expected);
  const dueSent = isSent(e.expected);
  return {
    entry: e,
    got,
    why,
    sent,
    right,
    invented: sent && !dueSent,
    wrongOption: got.kind === 'option' && !right,
  };
}

export function evaluateWholePath(entries: readonly WholePathEntry[] = WHOLE_PATH_CORPUS): WholePathFigures {
  const results = entries.map(evaluateEntry);
  const sent = results.filter((r) => r.sent);
  const right = sent.filter((r) => r.right);
  const answerable = results.filter((r) => isSent(r.entry.expected));
  const round = (x: number) => Math.round(x * 10_000) / 10_000;
  return {
    entries: results.length,
    answerable: answerable.length,
    sent: sent.length,
    right: right.length,
    invented: results.filter((r) => r.invented).length,
    wrongOptions: results.filter((r) => r.wrongOption).length,
    wrongOther: sent.filter((r) => !r.right && !r.invented && !r.wrongOption).length,
    precision: sent.length ? round(right.length / sent.length) : 1,
    coverage: answerable.length ? round(right.length / answerable.length) : 1,
    failures: results.filter((r) => !r.right && (r.sent || !isSent(r.entry.expected))),
    missed: answerable.filter((r) => !r.sent),
  };
}
