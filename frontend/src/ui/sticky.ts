import { useCallback, useRef } from 'react';

/**
 * A sticky bar tells the page how much of the viewport it covers: `--sticky-bottom` (or
 * `--sticky-top`) on <html> holds its height while it is shown. The page's scroll padding reads
 * it, so focus and "scroll into view" keep controls such as pagination clear of the bar, and the
 * toasts sit above it instead of over it (index.css, Toaster). Returns the ref to put on the bar.
 */
export function useStickyInset(edge: 'top' | 'bottom'): (el: HTMLElement | null) => void {
  const stop = useRef<(() => void) | null>(null);
  return useCallback(
    (el: HTMLElement | null) => {
      stop.current?.();
      stop.current = null;
      if (!el) return;
      const name = `--sticky-${edge}`;
      const root = document.documentElement;
      // Its height plus its offset from the edge (`bottom-3` → 12 px).
      const update = () => {
        const offset = parseFloat(getComputedStyle(el)[edge]) || 0;
        root.style.setProperty(name, `${Math.ceil(el.getBoundingClientRect().height + offset)}px`);
      };
      update();
      const observer = new ResizeObserver(update);
      observer.observe(el);
      stop.current = () => {
        observer.disconnect();
        root.style.removeProperty(name);
      };
    },
    [edge],
  );
}
