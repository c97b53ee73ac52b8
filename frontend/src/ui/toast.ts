import { useSyncExternalStore, type ReactNode } from 'react';

type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; default 5000. Infinity keeps it open. */
  duration?: number;
  /** Optional button or link rendered under the text. */
  action?: ReactNode;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
  createdAt: number;
  /** Where it shows: away from the control the person just used (toastEdge). */
  edge: 'top' | 'bottom';
}

/**
 * A toast answers something the person just did; it must not sit on the control they did it with.
 * Its usual place is the bottom edge (the top holds titles, search boxes and filters); when the
 * focused control is where a bottom toast would cover it — a Save button scrolled to the screen's
 * foot, a bar at the bottom — it shows at the top, under the header, instead.
 */
function toastEdge(): 'top' | 'bottom' {
  if (typeof document === 'undefined') return 'bottom';
  // The control pressed or focused last: a button disabled while its work runs has lost focus.
  const used = lastUsed?.isConnected ? lastUsed : document.activeElement;
  if (!used || used === document.body) return 'bottom';
  return edgeAwayFrom(used.getBoundingClientRect(), window.innerHeight);
}

let lastUsed: Element | null = null;
if (typeof document !== 'undefined') {
  const remember = (e: Event) => {
    if (e.target instanceof Element) lastUsed = e.target.closest('button, a, input, select, textarea') ?? e.target;
  };
  document.addEventListener('pointerdown', remember, true);
  document.addEventListener('focusin', remember, true);
}

/** How much of the screen's foot a bottom toast may cover: its height, its margin and a sticky bar under it. */
const BOTTOM_BAND_PX = 200;
/**
 * The edge away from a control at `rect` on a screen `viewportHeight` high: the bottom unless the control
 * sits in the band a bottom toast covers (the top holds the title, the search box and the filters).
 */
export const edgeAwayFrom = (rect: { top: number; height: number }, viewportHeight: number): 'top' | 'bottom' =>
  rect.height > 0 && rect.top + rect.height > viewportHeight - BOTTOM_BAND_PX ? 'top' : 'bottom';

const TOAST_LIMIT = 1;
const TOAST_DEFAULT_DURATION = 5000;
/** On a phone the toast spans the screen's width, so it stays up for less time. */
const TOAST_PHONE_DURATION = 3500;
export const toastDuration = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 639px)').matches
    ? TOAST_PHONE_DURATION
    : TOAST_DEFAULT_DURATION;
export const TOAST_SWIPE_THRESHOLD = 50;
const REMOVE_DELAY = 200; // lets the exit transition play

// A module-level store so toast() works anywhere (hooks, query callbacks, plain functions).
let toasts: ToastItem[] = [];
const listeners = new Set<() => void>();
let counter = 0;

function emit(next: ToastItem[]) {
  toasts = next;
  for (const l of listeners) l();
}

export function dismissToast(id?: string): void {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => emit(toasts.filter((t) => t.open || (id !== undefined && t.id !== id))), REMOVE_DELAY);
}

/**
 * Shows a toast; only one is visible at a time, so a new one replaces the current one. A toast raised
 * from inside a dialog waits two frames before it shows: the dialog usually closes on that same success
 * and gives focus back to its opener, and the toast then keeps clear of the opener (a phone's bottom
 * sheet would otherwise send it to the top, over the search box the page is about).
 */
export function toast(input: ToastInput): { id: string; dismiss(): void; update(input: ToastInput): void } {
  const id = String(++counter);
  let item: ToastItem = { ...input, id, open: true, createdAt: Date.now(), edge: 'bottom' };
  let state: 'waiting' | 'shown' | 'dismissed' = 'waiting';
  const show = () => {
    if (state !== 'waiting') return;
    state = 'shown';
    item = { ...item, edge: toastEdge() };
    emit([item, ...toasts.filter((t) => t.open)].slice(0, TOAST_LIMIT));
  };
  if (usedInDialog()) afterTwoFrames(show);
  else show();
  return {
    id,
    dismiss: () => {
      state = 'dismissed';
      dismissToast(id);
    },
    update: (patch) => {
      item = { ...item, ...patch };
      if (state === 'shown') emit(toasts.map((t) => (t.id === id ? { ...t, ...patch } : t)));
    },
  };
}

const usedInDialog = () =>
  typeof document !== 'undefined' &&
  !!(lastUsed?.isConnected ? lastUsed : document.activeElement)?.closest('[role="dialog"]');
const afterTwoFrames = (f: () => void) =>
  typeof requestAnimationFrame === 'function'
    ? requestAnimationFrame(() => requestAnimationFrame(f))
    : setTimeout(f, 32);

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}
const getSnapshot = () => toasts;

/** { toasts, toast, dismiss } */
export function useToast() {
  const list = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: list, toast, dismiss: dismissToast };
}
