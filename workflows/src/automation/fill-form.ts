// Long file: one step loop (fillForm) with the checks it makes between steps, which nothing else uses.
// Fills the form step by step: every visible field it can map, then 'Next'/'OK'/'Start' until a submit button
// shows up. Handles wizards, one-question-per-screen flows and fields that appear after an answer.
import type { Frame } from 'playwright-core';
import type { FrameScan, ScannedControl } from './dom-scan';
import { scanFrame } from './dom-scan';
import { ApplyFailure } from './errors';
import type { FormLocation } from './find-form';
import { assessGroups, buttonsFor, chooseSubmit, displayLabel, signatureOf, type RoledButton } from './form-model';
import { scanAllFrames } from './frames';
import { dismissCookieBanner } from './cookie-banner';
import { documentKindAsked, documentNoun, FOUNDER_DOCUMENT_KINDS } from '@fp/contracts';
import { decideField, decideUpload } from './answering';
import type { DeckFile } from './deck';
import { isPlaceholderOption } from './option-matching';
import { byId, clickElement, putValue, sleep } from './page-actions';
import { NeedsInput } from './errors';
import type { FieldTarget, FormQuestion } from './types';
import { isErrorText } from './page-heuristics';
import { recordFilled, type RunContext } from './run-context';
import { overcomeOrFail } from './takeover';

export interface ReadyForm {
  frame: Frame;
  group: string;
  submit: RoledButton;
  /** Ids of the controls we put values into, to notice the form being cleared after submitting. */
  filledIds: string[];
  steps: number;
}

const MAX_STEPS = 40;

/** Visible fields of the group, top to bottom (the order a person fills them; later fields may depend on earlier). */
function visibleIn(scan: FrameScan, group: string): ScannedControl[] {
  return scan.controls.filter((c) => c.group === group && c.visible).sort((a, b) => a.order - b.order);
}

/**
 * The founder's file a file input asks for: the deck where its question asks for a deck, a document of
 * the library where it asks for that kind (decideUpload), when the input takes a PDF; else null and why.
 */
function fileFor(ctx: RunContext, c: ScannedControl): { file: DeckFile; source: string } | { file: null; why: string } {
  const held = [
    ...(ctx.deck
      ? [{ kind: 'pitchDeck', fileName: ctx.deck.fileName, mimeType: 'application/pdf', file: ctx.deck }]
      : []),
    ...ctx.documents.map((d) => ({ kind: d.kind, fileName: d.fileName, mimeType: 'application/pdf', file: d })),
  ];
  const d = decideUpload(c, displayLabel(c), held);
  if (!d.attach) return { file: null, why: d.why };
  const chosen = held.find((h) => h === d.attach)!;
  return { file: chosen.file, source: chosen.kind === 'pitchDeck' ? 'deck-file' : `document:${chosen.kind}` };
}

/**
 * Throws for what stops the run on this step; a CAPTCHA or a password field is first offered to a
 * person in the live view (true: they handed the page back, look at it again).
 */
async function blockers(
  ctx: RunContext,
  scan: FrameScan,
  controls: ScannedControl[],
  captchaAnywhere: boolean,
): Promise<boolean> {
  if (scan.captcha || captchaAnywhere) {
    await overcomeOrFail(
      ctx,
      new ApplyFailure(
        'captcha',
        'The application form is protected by a CAPTCHA, which the automation does not solve.',
      ),
    );
    return true;
  }
  if (controls.some((c) => c.inputType === 'password')) {
    await overcomeOrFail(
      ctx,
      new ApplyFailure(
        'login_required',
        'The form asks for a password (account sign-in or sign-up); the automation does not create accounts.',
      ),
    );
    return true;
  }
  const file = controls.find((c) => c.kind === 'file' && c.required && !fileFor(ctx, c).file);
  if (file) {
    const asked = documentKindAsked(`${displayLabel(file)} ${file.name} ${file.domId}`.replace(/[_.]/g, ' '));
    throw new ApplyFailure(
      'file_upload_required',
      asked === 'pitchDeck' && !ctx.deck
        ? `This form requires a pitch deck file ("${displayLabel(file)}"): upload your deck as a PDF in Settings, then retry. Nothing was sent.`
        : asked && asked in FOUNDER_DOCUMENT_KINDS && !ctx.documents.some((d) => d.kind === asked)
          ? `This form requires your ${documentNoun(asked)} ("${displayLabel(file)}"): add it under Settings → Documents as a PDF, then retry. Nothing was sent.`
          : `The form requires a file upload ("${displayLabel(file)}") that none of your documents answers, so it cannot be submitted. Nothing was sent.`,
    );
  }
  ctx.checkStopped();
  return false;
}

async function waitForChange(
  frame: Frame,
  group: string,
  before: string,
  ms: number,
): Promise<'changed' | 'unchanged'> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    await sleep(200);
    if (frame.isDetached()) return 'changed';
    try {
      if (signatureOf(await scanFrame(frame), group) !== before) return 'changed';
    } catch {
      return 'changed'; // navigated: the step certainly changed
    }
  }
  return 'unchanged';
}

/** Whether the screen tells a person to press Enter to go on. */
async function saysPressEnter(frame: Frame): Promise<boolean> {
  const text = (await frame.evaluate('document.body ? document.body.innerText : ""').catch(() => '')) as string;
  return /\bpress enter\b|\benter ↵|↵/i.test(text);
}

/** Native constraint validation before submitting: which required fields are still empty or invalid. */
async function invalidFields(frame: Frame, group: string, scan: FrameScan): Promise<string[]> {
  if (!group.startsWith('form:')) return [];
  const formId = group.slice(5);
  const src = `(() => { const f = document.querySelector('[data-fp-id="${formId}"]'); if (!f || !f.elements) return [];
    return Array.from(f.elements).filter((e) => e.willValidate && !e.checkValidity()).map((e) => ({ id: e.getAttribute('data-fp-id') || '', name: e.name || '', msg: e.validationMessage || '' })); })()`;
  const bad = (await frame.evaluate(src).catch(() => [])) as { id: string; name: string; msg: string }[];
  const labels = new Set<string>();
  for (const b of bad) {
    const c = scan.controls.find((x) => x.id === b.id || x.options.some((o) => o.id === b.id));
    labels.add(`"${c ? displayLabel(c) : b.name || 'unnamed field'}"${b.msg ? ` (${b.msg})` : ''}`);
  }
  return [...labels];
}

/** Re-finds the form when a re-render moved it (new group id) or the frame was replaced. */
async function relocate(ctx: RunContext): Promise<{ frame: Frame; group: string } | null> {
  const scans = await scanAllFrames(ctx.page);
  let best: { frame: Frame; group: string; score: number } | null = null;
  for (const s of scans)
    for (const g of assessGroups(s.scan))
      if (!g.login && (!best || g.score > best.score)) best = { frame: s.frame, group: g.group, score: g.score };
  return best && best.score >= 1 ? best : null;
}

const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Whether the page still shows the value we put in (read back from a fresh scan). */
export function keepsValue(c: ScannedControl, shown: string): boolean {
  switch (c.kind) {
    case 'radio-group':
    case 'checkbox-group':
      return c.options.some((o) => o.checked && o.label === shown);
    case 'checkbox':
      return c.checked;
    case 'listbox':
      return (
        !c.options.length || c.options.some((o) => o.checked && o.label === shown) || squash(c.value) === squash(shown)
      );
    case 'combobox':
      return c.value.trim() !== ''; // the input shows the typed text, the value is the picked option
    case 'file':
      return true;
    default: {
      const have = squash(c.value);
      const want = squash(shown);
      // a maxlength may have cut the text; anything else different means the page changed it back
      return have === want || (have !== '' && c.maxLength > 0 && want.startsWith(have));
    }
  }
}

/** The value a control shows now, as keepsValue compares it (empty when nothing is set). */
export function shownValue(c: ScannedControl): string {
  switch (c.kind) {
    case 'radio-group':
    case 'checkbox-group':
    case 'listbox':
      return c.options.find((o) => o.checked)?.label ?? (c.kind === 'listbox' ? c.value.trim() : '');
    case 'checkbox':
      return c.checked ? 'checked' : '';
    case 'file':
      return '';
    default:
      return c.value.trim();
  }
}

interface Placed {
  target: FieldTarget;
  /** What was put in (a profile value or the founder's answer), to set it again. */
  raw: string;
  shown: string;
  label: string;
  /** The founder's own answer: a choice is never widened to "Other". */
  exact: boolean;
}

const CHOICE_KINDS = new Set(['select', 'radio-group', 'checkbox-group', 'listbox']);

const quoted = (v: string) => `“${v.length > 40 ? `${v.slice(0, 39)}…` : v}”`;

/** Why a control does not accept a value, in the words of its own attributes (maxlength, pattern, step, min/max). */
function refusalReason(c: ScannedControl, value: string): string {
  const v = quoted(value.trim());
  const type = (c.inputType || c.kind).toLowerCase();
  if (CHOICE_KINDS.has(c.kind) || c.kind === 'combobox') return `${v} is none of the options this field offers`;
  if (c.maxLength > 0 && value.trim().length > c.maxLength)
    return `${v} is longer than the ${c.maxLength} characters this field takes (your words are never cut)`;
  if (c.pattern) return `${v} does not match the format this field requires`;
  if (type === 'number' || type === 'range') {
    const step = c.step && c.step !== 'any' ? c.step : c.step === 'any' ? null : '1';
    const bounds = [c.min ? `from ${c.min}` : '', c.max ? `up to ${c.max}` : ''].filter(Boolean).join(' ');
    return `${v} is not a number this field accepts${step === '1' ? ' (whole numbers only)' : step ? ` (steps of ${step})` : ''}${bounds ? `, ${bounds}` : ''}`;
  }
  return `${v} is not a valid value for this ${type} field`;
}

/** The question as the founder will see it: the field's label and, for a choice, its options. */
export function questionOf(c: ScannedControl): FormQuestion {
  // A box the founder must decide on (an agreement they have not allowed in Settings): yes or no.
  if (c.kind === 'checkbox') return { question: displayLabel(c), required: c.required, options: ['Yes', 'No'] };
  const options = CHOICE_KINDS.has(c.kind) ? c.options.filter((o) => !isPlaceholderOption(o)).map((o) => o.label) : [];
  return { question: displayLabel(c), required: c.required, options: options.length ? options : null };
}

/**
 * Reads back every value we set that is still on screen; one that did not stick is set again (twice at most),
 * and one the page keeps undoing ends the run honestly instead of sending a form with the wrong answer.
 */
async function keepValues(
  ctx: RunContext,
  frame: Frame,
  group: string,
  placed: Map<string, Placed>,
  scan: FrameScan,
): Promise<FrameScan> {
  let askedPerson = false;
  for (let attempt = 0; ; attempt++) {
    const lost = visibleIn(scan, group).filter(
      (c) => placed.has(c.id) && !keepsValue(c, (placed.get(c.id) as Placed).shown),
    );
    if (!lost.length) return scan;
    const names = lost.map((c) => `"${(placed.get(c.id) as Placed).label}"`).join(', ');
    const failure = new ApplyFailure(
      'value_not_kept',
      `The form did not keep the value set for ${names}: it changed back after being set three times, so the application was not sent.`,
    );
    if (askedPerson) throw failure;
    if (attempt === 2) {
      // A person may get the page to take it (live view); without one, or without their help, the run ends honestly.
      await overcomeOrFail(ctx, failure);
      askedPerson = true;
      // As after our own tries: a page that undoes a choice does so within moments.
      await sleep(300);
      scan = await scanFrame(frame);
      // What the founder set is their answer: kept, shown in the fields filled, checked again before sending.
      for (const c of visibleIn(scan, group)) {
        const p = placed.get(c.id);
        if (!p || !lost.some((l) => l.id === c.id) || keepsValue(c, p.shown)) continue;
        const theirs = shownValue(c);
        if (!theirs) continue;
        ctx.log(`read-back: "${p.label}" set in the live view to ${JSON.stringify(theirs).slice(0, 80)}`);
        placed.set(c.id, { ...p, raw: theirs, shown: theirs, exact: true });
        recordFilled(ctx, p.exact ? 'answer' : p.target, p.label, theirs, 'live-view');
      }
      continue;
    }
    ctx.log(`read-back: ${names} did not keep the value; setting again`);
    for (const c of lost) {
      const p = placed.get(c.id) as Placed;
      await putValue(frame, c, p.target, p.raw, ctx.timeouts.actionMs);
    }
    await sleep(300);
    scan = await scanFrame(frame);
  }
}

export async function fillForm(ctx: RunContext, loc: FormLocation): Promise<ReadyForm> {
  let { frame, group } = loc;
  const handled = new Set<string>();
  const filledIds: string[] = [];
  const placed = new Map<string, Placed>();
  const unfilledRequired = new Map<string, string>();
  const unanswered = new Map<string, FormQuestion>();
  let steps = 1;
  let tookOver = false;

  for (let i = 0; i < MAX_STEPS; i++) {
    ctx.checkStopped();
    for (const f of new Set([ctx.page.mainFrame(), frame])) {
      const pressed = await dismissCookieBanner(f, ctx.timeouts.actionMs);
      if (pressed) ctx.log(`cookie banner: pressed "${pressed}"`);
    }
    let scan: FrameScan;
    try {
      scan = await scanFrame(frame);
    } catch {
      const r = await relocate(ctx);
      if (!r) throw new ApplyFailure('no_form', 'The application form disappeared while it was being filled.');
      ({ frame, group } = r);
      continue;
    }
    let controls = visibleIn(scan, group);
    if (!controls.length && !buttonsFor(scan, group).some((b) => b.role !== 'other')) {
      const r = await relocate(ctx);
      if (r && (r.frame !== frame || r.group !== group)) {
        ({ frame, group } = r);
        continue;
      }
    }
    if (await blockers(ctx, scan, controls, i === 0 && loc.captcha && !tookOver)) {
      // Handed back: the page may have changed under the person's hands (a new step, a login).
      tookOver = true;
      const r = await relocate(ctx);
      if (r) ({ frame, group } = r);
      continue;
    }

    // Fill every new visible field we can map.
    let touched = false;
    for (const c of controls) {
      if (handled.has(c.id)) continue;
      handled.add(c.id);
      if (c.kind === 'file') {
        const chosen = fileFor(ctx, c);
        if (chosen.file) {
          ctx.step('filling');
          ctx.checkStopped();
          await byId(frame, c.id).setInputFiles(
            { name: chosen.file.fileName, mimeType: 'application/pdf', buffer: chosen.file.bytes },
            { timeout: ctx.timeouts.actionMs },
          );
          ctx.log(
            `file "${displayLabel(c)}" → ${chosen.source} ${chosen.file.fileName} (${chosen.file.bytes.length} bytes)`,
          );
          const field = chosen.source === 'deck-file' ? 'pitchDeckFile' : chosen.source;
          recordFilled(ctx, field, displayLabel(c), chosen.file.fileName, chosen.source);
          filledIds.push(c.id);
          touched = true;
        } else if (c.required) unfilledRequired.set(c.id, displayLabel(c));
        else if (!ctx.notSent.some((n) => n.question === displayLabel(c)))
          ctx.notSent.push({ question: displayLabel(c), reason: `left empty: ${chosen.why}`, given: false });
        continue;
      }
      // The question model decides whose answer this question takes (the founder's, the profile's, or nobody's).
      const label = displayLabel(c);
      const d = decideField(c, label, {
        profile: ctx.profile,
        answers: ctx.answers,
        deckUrl: ctx.deckUrl,
        checkboxes: ctx.checkboxes,
        defaultMessage: ctx.defaultMessage,
      });
      const notSent = (reason: string, given: boolean) => {
        if (!ctx.notSent.some((n) => n.question === label)) ctx.notSent.push({ question: label, reason, given });
      };
      let put: Omit<Placed, 'shown' | 'label'> | null = null;
      let shown: string | null = null;
      if (d.fill) {
        ctx.step('filling');
        ctx.checkStopped();
        put = { target: d.target, raw: d.value, exact: d.exact };
        shown = await putValue(frame, c, d.target, d.value, ctx.timeouts.actionMs);
        ctx.log(
          `field "${label}" → ${d.source} = ${shown === null ? '(no option fits / refused)' : JSON.stringify(shown).slice(0, 80)} (${d.why})`,
        );
      } else if (c.required || d.ask) ctx.log(`field "${label}": ${d.why}`);
      if (shown === null && c.required && (d.fill || d.ask)) unanswered.set(c.id, questionOf(c));
      if (shown !== null && put) {
        recordFilled(ctx, put.exact ? 'answer' : put.target, label, shown, d.fill ? d.source : undefined);
        filledIds.push(c.id);
        placed.set(c.id, { ...put, shown, label });
        touched = true;
      } else {
        if (c.required) unfilledRequired.set(c.id, displayLabel(c));
        // Every field is accounted for: an optional one left empty is listed with why (a refused value first).
        else if (d.fill) notSent(refusalReason(c, d.value), true);
        else if (d.refused) notSent(refusalReason(c, d.refused), true);
        else notSent(`left empty: ${d.why}`, false);
      }
    }
    if (touched) await sleep(250);

    // Answers can reveal fields or auto-advance (choice questions): look again before pressing anything.
    let after: FrameScan;
    try {
      after = await scanFrame(frame);
    } catch {
      continue;
    }
    after = await keepValues(ctx, frame, group, placed, after);
    controls = visibleIn(after, group);
    if (controls.some((c) => !handled.has(c.id))) continue;
    // Before any button is pressed: a required question nobody answered stops the run here, unsent.
    const open = controls.filter((c) => unanswered.has(c.id)).map((c) => unanswered.get(c.id) as FormQuestion);
    if (open.length) throw new NeedsInput(open);

    const buttons = buttonsFor(after, group);
    const submit = chooseSubmit(buttons, controls);
    const next = buttons.find((b) => b.role === 'next');
    const start = buttons.find((b) => b.role === 'start');
    const sig = signatureOf(after, group);

    const ready = async (): Promise<ReadyForm> => {
      // Just before sending: values a late script reset show up here, not after the click.
      await sleep(200);
      await keepValues(ctx, frame, group, placed, await scanFrame(frame));
      return { frame, group, submit: submit as RoledButton, filledIds, steps };
    };
    if (submit && !next) return ready();

    const advance = next ?? start;
    if (!advance) {
      if (submit) return ready();
      // Choice screens (cards) move on by themselves a moment after the answer.
      if (touched && (await waitForChange(frame, group, sig, 3000)) === 'changed') {
        steps++;
        continue;
      }
      // A screen that goes on with Enter only ("press Enter ↵"): pressed as a person would, never inside a <form>
      // (there Enter may send the whole form past the submit check).
      if (touched && !group.startsWith('form:') && (await saysPressEnter(frame))) {
        ctx.checkStopped();
        ctx.log('press Enter (the screen says so)');
        await frame.page().keyboard.press('Enter');
        if ((await waitForChange(frame, group, sig, 3000)) === 'changed') {
          steps++;
          continue;
        }
      }
      throw new ApplyFailure('no_submit_button', 'Filled the form but found no button to submit it.');
    }
    ctx.checkStopped();
    ctx.log(`click "${advance.text}" (${advance.role})`);
    await clickElement(frame, advance.id, ctx.timeouts.actionMs);
    const changed = await waitForChange(frame, group, sig, 6000);
    if (changed === 'unchanged') {
      // Nothing moved: the step refused our answers.
      const errs = (await scanFrame(frame).catch(() => after)).errors.filter(isErrorText);
      const missing = [...unfilledRequired.values()];
      throw new ApplyFailure(
        'validation',
        `The form did not accept the answers${errs.length ? `: "${errs[0]}"` : ''}${missing.length ? `. Required fields with no matching profile data: ${missing.map((m) => `"${m}"`).join(', ')}` : ''}.`,
      );
    }
    steps++;
  }
  throw new ApplyFailure('no_submit_button', `Gave up after ${MAX_STEPS} form steps without reaching a submit button.`);
}

/** Throws when native validation shows required fields we could not fill (the browser would block the submit). */
export async function assertSubmittable(ready: ReadyForm): Promise<void> {
  const scan = await scanFrame(ready.frame).catch(() => null);
  if (!scan) return;
  const invalid = await invalidFields(ready.frame, ready.group, scan);
  if (invalid.length)
    throw new ApplyFailure(
      'validation',
      `Required fields could not be filled from the profile: ${invalid.slice(0, 5).join(', ')}.`,
    );
}
