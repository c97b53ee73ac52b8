import type { KeyboardEvent } from 'react';

const FOCUSABLE_SELECTOR =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab / Shift+Tab cycling inside `container` (modal dialogs, the mobile drawer). */
export function trapTab(e: KeyboardEvent, container: HTMLElement | null): void {
  if (e.key !== 'Tab' || !container) return;
  const items = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)).filter(
    (el) => el.getClientRects().length > 0,
  );
  if (items.length === 0) {
    e.preventDefault();
    return;
  }
  const first = items[0];
  const last = items[items.length - 1];
  const current = document.activeElement;
  if (e.shiftKey && (current === first || current === container || !container.contains(current))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (current === last || !container.contains(current))) {
    e.preventDefault();
    first.focus();
  }
}

// The last element that had focus: a button disabled while its work runs (Submit while the plan
// loads) drops focus to <body> before the dialog it leads to opens, and is still its opener.
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined')
  document.addEventListener('focusin', (e) => (lastFocused = e.target as HTMLElement), true);

/** The control a dialog opening now was opened from: the focused one, else the last one focused. */
export function currentOpener(): HTMLElement | null {
  const active = document.activeElement as HTMLElement | null;
  if (active && active !== document.body) return active;
  return lastFocused?.isConnected ? lastFocused : null;
}

/** How long focus waits for the control that opened a dialog to be usable again (it may be busy). */
const FOCUS_RETURN_WAIT_MS = 15_000;

const usable = (el: HTMLElement) => el.isConnected && !(el as HTMLButtonElement).disabled;

/**
 * Puts focus back on the control that opened a dialog. A control busy with what the dialog
 * started (a Submit button disabled while it sends) gets focus once enabled again; one that went
 * away (the selection bar after a submit) leaves focus on the page's main region, never on <body>,
 * so keyboard users keep their place. Stops as soon as focus went elsewhere on its own.
 */
export function returnFocus(opener: HTMLElement | null): void {
  if (!opener || opener === document.body) return;
  if (usable(opener)) return opener.focus();
  const until = Date.now() + FOCUS_RETURN_WAIT_MS;
  const lost = () => !document.activeElement || document.activeElement === document.body;
  const timer = setInterval(() => {
    if (!lost()) return clearInterval(timer);
    if (usable(opener)) {
      clearInterval(timer);
      return opener.focus();
    }
    if (!opener.isConnected || Date.now() > until) {
      clearInterval(timer);
      document.getElementById('main')?.focus({ preventScroll: true });
    }
  }, 100);
}
