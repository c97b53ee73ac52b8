// Interprets scanned controls: what each field wants, and which group of fields is the application form.
import type { FrameScan, ScannedButton, ScannedControl } from './dom-scan';
import { classifyField, questionTextOf, type FieldDescriptor, type FieldMatch } from './field-mapping';
import { classifyButton, type ButtonRole } from './page-heuristics';
import type { FieldTarget } from './types';

function descriptorOf(c: ScannedControl): FieldDescriptor {
  return {
    label: c.label,
    ariaLabel: c.ariaLabel,
    placeholder: c.placeholder,
    nearbyText: c.nearbyText,
    name: c.name,
    id: c.domId,
    autocomplete: c.autocomplete,
    inputType: c.inputType,
    kind: c.kind,
  };
}

export function classifyControl(c: ScannedControl): FieldMatch | null {
  return classifyField(descriptorOf(c));
}

/**
 * The question this field asks, as a screen reader finds it (label, aria, legend or the text before it; the
 * placeholder only as a hint): what the model reads, the founder is asked and the fields filled show.
 */
export function displayLabel(c: ScannedControl): string {
  const t = questionTextOf(descriptorOf(c))?.text || c.placeholder || c.name || c.domId || c.kind;
  return t
    .replace(/\s*\*\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
}

const WEIGHTS: Partial<Record<FieldTarget, number>> = {
  founderEmail: 2,
  founderName: 2,
  firstName: 2,
  lastName: 1,
  companyName: 2,
  pitchDeck: 2,
  website: 1,
  founderLinkedin: 1,
  description: 1,
  oneLineExplanation: 1,
  detailedDescription: 1,
  problem: 1,
  solution: 1,
  valueProposition: 1,
  message: 1,
  stage: 1,
  industry: 1,
  raising: 1,
  existingFunding: 1,
  teamSize: 1,
  revenue: 1,
  founded: 1,
  location: 1,
};

export interface GroupAssessment {
  group: string;
  controls: ScannedControl[];
  score: number;
  targets: Set<FieldTarget>;
  login: boolean;
  /** Looks like a real application form (several founder/company fields, not a newsletter or search box). */
  strong: boolean;
}

/** Scores each group of visible fields in a frame; best first. */
export function assessGroups(scan: FrameScan): GroupAssessment[] {
  const byGroup = new Map<string, ScannedControl[]>();
  for (const c of scan.controls) {
    if (!c.visible) continue;
    const list = byGroup.get(c.group) ?? [];
    list.push(c);
    byGroup.set(c.group, list);
  }
  const out: GroupAssessment[] = [];
  for (const [group, controls] of byGroup) {
    const targets = new Set<FieldTarget>();
    let login = false;
    for (const c of controls) {
      if (c.inputType === 'password') login = true;
      const m = classifyControl(c);
      if (m) targets.add(m.target);
    }
    let score = 0;
    for (const t of targets) score += WEIGHTS[t] ?? 0;
    if (controls.some((c) => c.kind === 'file')) score += 1;
    const identity =
      targets.has('founderEmail') ||
      targets.has('founderName') ||
      targets.has('firstName') ||
      targets.has('companyName');
    const strong = !login && identity && score >= 4;
    out.push({ group, controls, score: login ? -1 : score, targets, login, strong });
  }
  return out.sort((a, b) => b.score - a.score);
}

export interface RoledButton extends ScannedButton {
  role: ButtonRole;
}

/** Buttons that act on a group: its own, plus page-level buttons placed after its fields (JS-driven forms). */
export function buttonsFor(scan: FrameScan, group: string): RoledButton[] {
  const fields = scan.controls.filter((c) => c.group === group && c.visible);
  const lastOrder = fields.length ? Math.max(...fields.map((c) => c.order)) : -1;
  const own = scan.buttons.filter((b) => b.group === group);
  const extra = group === 'page' ? [] : scan.buttons.filter((b) => b.group === 'page' && b.order > lastOrder);
  return [...own, ...extra].map((b) => ({ ...b, role: classifyButton(b.text, b.type) }));
}

/** The submit button a person would press: the first one after the last field, else the last one. */
export function chooseSubmit(buttons: RoledButton[], controls: ScannedControl[]): RoledButton | null {
  const submits = buttons.filter((b) => b.role === 'submit');
  if (!submits.length) return null;
  const lastOrder = controls.length ? Math.max(...controls.map((c) => c.order)) : -1;
  return submits.find((b) => b.order > lastOrder) ?? submits[submits.length - 1];
}

/** Identity of "what is on screen" for a group, to notice steps changing. */
export function signatureOf(scan: FrameScan, group: string): string {
  const ids = scan.controls.filter((c) => c.group === group && c.visible).map((c) => c.id);
  const btns = buttonsFor(scan, group).map((b) => b.text);
  return `${scan.url}|${ids.join(',')}|${btns.join(',')}`;
}
