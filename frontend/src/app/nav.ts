import type { MeResponse, UserRole } from '@fp/contracts';
import type { AnyRoute } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';

/** The sidebar's sections, in the order shown: the product (no heading), then Ops. */
const SECTIONS = [
  { section: 'product', label: null },
  { section: 'ops', label: 'Ops' },
] as const;
type NavSection = (typeof SECTIONS)[number]['section'];

/** A destination's sidebar entry, declared on its route (`staticData.nav`): a new page is nav'd from its own route. */
interface NavEntry {
  label: string;
  icon: LucideIcon;
  section: NavSection;
  /** Its place in its section, lowest first. */
  order: number;
  /** Other paths that show this entry as current. */
  aliases?: readonly string[];
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route's sidebar entry; a route without one is not in the sidebar. */
    nav?: NavEntry;
    /**
     * The roles the server opens this screen to (it enforces them; this shapes the sidebar and
     * spares loaders reads it would refuse). Absent: every signed-in user but an auditor, who is
     * kept on the screens that name them.
     */
    roles?: readonly UserRole[];
  }
}

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Other paths that show this item as current. */
  aliases?: readonly string[];
}

/** What the signed-in user's roles open (`auditor`: an auditor without the admin role). */
export interface Access {
  admin: boolean;
  auditor: boolean;
}

/** What a user's roles (GET /api/auth/me) open; the server decides the same way. */
export function accessOf(roles: MeResponse['roles']): Access {
  return { admin: roles.includes('admin'), auditor: roles.includes('auditor') && !roles.includes('admin') };
}

/** Whether the user's roles open a screen the server opens to `roles` (see StaticDataRouteOption.roles). */
export function mayOpen(access: Access, roles: readonly UserRole[] | undefined): boolean {
  if (access.auditor) return roles?.includes('auditor') ?? false;
  if (!roles) return true;
  return access.admin && roles.includes('admin');
}

interface Destination extends NavItem {
  section: NavSection;
  order: number;
  roles?: readonly UserRole[];
}

/** Every route of the tree that declares a sidebar entry (the tree as the router built it: full paths known). */
function destinations(route: AnyRoute): Destination[] {
  const children: AnyRoute[] = Array.isArray(route.children)
    ? route.children
    : Object.values((route.children ?? {}) as Record<string, AnyRoute>);
  const { nav, roles } = route.options.staticData ?? {};
  const own: Destination[] = nav ? [{ ...nav, href: route.fullPath, roles }] : [];
  return [...own, ...children.flatMap(destinations)];
}

/** The sidebar's sections for a user's roles, from the routes' entries: each section's items in their order. */
export function navSections(access: Access, routeTree: AnyRoute): { label: string | null; items: NavItem[] }[] {
  const open = destinations(routeTree).filter((d) => mayOpen(access, d.roles));
  return SECTIONS.map(({ section, label }) => ({
    label,
    items: open
      .filter((d) => d.section === section)
      .sort((a, b) => a.order - b.order)
      .map(({ label, href, icon, aliases }): NavItem => ({ label, href, icon, ...(aliases ? { aliases } : {}) })),
  })).filter((s) => s.items.length > 0);
}

/** The one place an auditor may be: everything else sends them to the ledger. */
export const AUDITOR_HOME = '/ops/ledger';

const trim = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const path = trim(pathname);
  // '/' and '/ops' are homes: their sub-pages have items of their own.
  return [item.href, ...(item.aliases ?? [])].some((h) =>
    h === '/' || h === '/ops' ? path === h : path === h || path.startsWith(`${h}/`),
  );
}

/** Pages opened from an e-mail's link, signed in or not. */
const ACCOUNT_LINK_PAGES = ['/reset-password', '/verify-email', '/unsubscribe'];

/** /auth, any path starting with /sign- and the e-mail link pages show no app shell. */
export function isAuthPath(pathname: string): boolean {
  const path = trim(pathname);
  return (
    path === '/auth' || path.startsWith('/auth/') || path.startsWith('/sign-') || ACCOUNT_LINK_PAGES.includes(path)
  );
}

/** The public deck viewer (/d/<token>): investors without an account open it; no app shell. */
export const isDeckViewerPath = (pathname: string) => pathname.startsWith('/d/');
