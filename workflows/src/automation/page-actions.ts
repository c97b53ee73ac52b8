// Puts one value into one scanned control with real user actions (typing, selecting, clicking), so sites that
// listen to input/change/click events (React, Typeform, Google Forms) see what a person would have done.
import type { Frame, Locator } from 'playwright-core';
import type { ScannedControl, ScannedOption } from './dom-scan';
import { matchOption } from './option-matching';
import type { FieldTarget } from './types';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function byId(frame: Frame, id: string): Locator {
  return frame.locator(`[data-fp-id="${id}"]`);
}

async function checkOption(frame: Frame, opt: ScannedOption, native: boolean, timeout: number): Promise<boolean> {
  const loc = byId(frame, opt.id);
  if (!native) {
    await loc.click({ timeout });
    return true;
  }
  // Click the label first, as a person would: styled radios/checkboxes are often hidden under it.
  if (opt.clickId) {
    try {
      await byId(frame, opt.clickId).click({ timeout: Math.min(timeout, 1500) });
      if (await loc.isChecked()) return true;
    } catch {
      /* fall through to the input itself */
    }
  }
  try {
    await loc.check({ timeout: Math.min(timeout, 1500) });
    return true;
  } catch {
    await loc.check({ timeout, force: true });
    return loc.isChecked();
  }
}

async function pickFromPopup(
  frame: Frame,
  target: FieldTarget,
  value: string,
  timeout: number,
): Promise<string | null> {
  const options = frame.locator('[role=option]:visible');
  await options
    .first()
    .waitFor({ timeout: Math.min(timeout, 2000) })
    .catch(() => undefined);
  const labels = (await options.allInnerTexts()).map((t) => t.trim());
  const idx = matchOption(
    target,
    value,
    labels.map((label) => ({ label })),
  );
  if (idx < 0) return null;
  await options.nth(idx).click({ timeout });
  return labels[idx];
}

/**
 * Keyboard-only choices ("Press A"): the letter goes to the page as a person types it, with nothing focused
 * (a focused text box would take it as text).
 */
async function pressLetter(frame: Frame, letter: string): Promise<boolean> {
  if (!/^[A-Z]$/.test(letter)) return false;
  await frame.evaluate(
    'document.activeElement && document.activeElement !== document.body && document.activeElement.blur && document.activeElement.blur()',
  );
  await frame.page().keyboard.press(letter.toLowerCase());
  return true;
}

/** Native <input> radios/checkboxes (vs ARIA widgets built from divs), as recorded by the scanner. */
const isNative = (c: ScannedControl) => c.inputType === 'radio' || c.inputType === 'checkbox';

/**
 * Puts `raw` (a profile value, or the founder's own answer) into `c`, choosing the option that
 * represents it for choice controls. Returns the value as shown to the user (option label for
 * choices), or null when the control refused it or no option fits; never throws for a single stubborn field. "Other" is
 * never chosen for anyone: a choice no option represents goes to the founder.
 */
export async function putValue(
  frame: Frame,
  c: ScannedControl,
  target: FieldTarget,
  raw: string,
  actionMs: number,
): Promise<string | null> {
  if (c.kind === 'file') return null;
  const loc = byId(frame, c.id);
  try {
    switch (c.kind) {
      case 'text':
      case 'textarea':
      case 'contenteditable':
      case 'combobox': {
        // The value was fitted to this input before (answering.ts fitValue): it goes in as it is.
        const value = raw.trim();
        if (value === '') return null;
        if (c.value.trim() === value.trim()) return value;
        await loc.fill(value, { timeout: actionMs });
        if (c.kind === 'combobox') {
          const picked = await pickFromPopup(frame, target, raw, actionMs).catch(() => null);
          if (picked) return picked;
        }
        await loc.blur({ timeout: actionMs }).catch(() => undefined);
        return value;
      }
      case 'select': {
        const idx = matchOption(target, raw, c.options);
        if (idx < 0) return null;
        await loc.selectOption({ index: c.options[idx].index }, { timeout: actionMs });
        return c.options[idx].label;
      }
      case 'radio-group':
      case 'checkbox-group': {
        const idx = matchOption(target, raw, c.options);
        if (idx < 0) return null;
        const opt = c.options[idx];
        if (opt.checked) return opt.label;
        if (c.inputType === 'keys') return (await pressLetter(frame, opt.value)) ? opt.label : null;
        return (await checkOption(frame, opt, isNative(c), actionMs)) ? opt.label : null;
      }
      case 'checkbox': {
        if (target !== 'consent' && target !== 'marketingOptIn') return null;
        if (c.checked) return 'checked';
        const opt = c.options[0] ?? {
          id: c.id,
          clickId: '',
          label: '',
          value: '',
          index: 0,
          checked: false,
          disabled: false,
        };
        return (await checkOption(frame, opt, isNative(c), actionMs)) ? 'checked' : null;
      }
      case 'listbox': {
        await loc.click({ timeout: actionMs });
        await sleep(150);
        if (c.options.length) {
          const idx = matchOption(target, raw, c.options);
          if (idx < 0) {
            await loc.press('Escape').catch(() => undefined);
            return null;
          }
          const opt = c.options[idx];
          const optLoc = byId(frame, opt.id);
          if (await optLoc.isVisible()) await optLoc.click({ timeout: actionMs });
          else await frame.getByRole('option', { name: opt.label, exact: true }).first().click({ timeout: actionMs });
          return opt.label;
        }
        return await pickFromPopup(frame, target, raw, actionMs);
      }
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/**
 * Clicks like a person; falls back to a forced click, then a DOM click event, for overlays and odd widgets.
 * An element that vanished meanwhile (the page re-rendered or moved on by itself) is not an error.
 */
export async function clickElement(frame: Frame, id: string, actionMs: number): Promise<void> {
  const loc = byId(frame, id);
  const gone = async () => frame.isDetached() || (await loc.count().catch(() => 0)) === 0;
  if (await gone()) return;
  try {
    await loc.click({ timeout: actionMs });
    return;
  } catch (e) {
    if (/closed|detached|navigat/i.test(String((e as Error).message)) || (await gone())) return;
  }
  try {
    await loc.click({ timeout: 2000, force: true });
  } catch {
    if (await gone()) return;
    await loc.dispatchEvent('click', undefined, { timeout: 2000 });
  }
}
