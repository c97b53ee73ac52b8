import { useCallback, useEffect, useState } from 'react';

type Breakpoint = 'mobile' | 'tablet' | 'desktop';

// Below 768 px: drawer. 768–1023 px: collapsed by default. 1024 px and up: expanded by default.
const MOBILE = '(max-width: 767.98px)';
const TABLET = '(min-width: 768px) and (max-width: 1023.98px)';

function currentBreakpoint(): Breakpoint {
  if (typeof window.matchMedia !== 'function') return 'desktop';
  if (window.matchMedia(MOBILE).matches) return 'mobile';
  if (window.matchMedia(TABLET).matches) return 'tablet';
  return 'desktop';
}

export interface SidebarState {
  breakpoint: Breakpoint;
  /** Icon-only rail (wide screens). */
  collapsed: boolean;
  toggleCollapsed(): void;
  /** Mobile drawer. */
  drawerOpen: boolean;
  setDrawerOpen(open: boolean): void;
}

export function useSidebar(): SidebarState {
  const [breakpoint, setBreakpoint] = useState<Breakpoint>(currentBreakpoint);
  const [collapsed, setCollapsed] = useState(() => currentBreakpoint() === 'tablet');
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const lists = [window.matchMedia(MOBILE), window.matchMedia(TABLET)];
    const onChange = () => {
      const bp = currentBreakpoint();
      setBreakpoint(bp);
      // Crossing a breakpoint resets to that width's default; the toggle overrides within it.
      setCollapsed(bp === 'tablet');
      if (bp !== 'mobile') setDrawerOpen(false);
    };
    lists.forEach((l) => l.addEventListener('change', onChange));
    return () => lists.forEach((l) => l.removeEventListener('change', onChange));
  }, []);

  const toggleCollapsed = useCallback(() => setCollapsed((c) => !c), []);
  return { breakpoint, collapsed, toggleCollapsed, drawerOpen, setDrawerOpen };
}
