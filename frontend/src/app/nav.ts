import { CreditCard, Database, LayoutDashboard, Send, Settings, Users, type LucideIcon } from 'lucide-react';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Other paths that show this item as current. */
  aliases?: string[];
}

/** The six sidebar destinations (spec §2). */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', href: '/', icon: LayoutDashboard, aliases: ['/dashboard'] },
  { label: 'VC Database', href: '/vc-database', icon: Database, aliases: ['/test-vc-database'] },
  { label: 'Angel Investors', href: '/investors', icon: Users },
  { label: 'Credits', href: '/pricing', icon: CreditCard, aliases: ['/credits'] },
  { label: 'Submissions', href: '/submissions', icon: Send },
  { label: 'Settings', href: '/settings', icon: Settings, aliases: ['/profile'] },
];

const trim = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const path = trim(pathname);
  return [item.href, ...(item.aliases ?? [])].some((h) => (h === '/' ? path === '/' : path === h || path.startsWith(`${h}/`)));
}

/** /auth and any path starting with /sign- show only the sign-in form. */
/** Pages opened from an e-mail's link, signed in or not. */
export const ACCOUNT_LINK_PAGES = ['/reset-password', '/verify-email'];

export function isAuthPath(pathname: string): boolean {
  const path = trim(pathname);
  return path === '/auth' || path.startsWith('/auth/') || path.startsWith('/sign-') || ACCOUNT_LINK_PAGES.includes(path);
}
