import {
  Activity,
  ClipboardList,
  CreditCard,
  Database,
  FileSearch,
  FlaskConical,
  Gauge,
  KanbanSquare,
  LayoutDashboard,
  Mail,
  Newspaper,
  Presentation,
  Send,
  Settings,
  Shield,
  UserCog,
  Users,
  Workflow,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Other paths that show this item as current. */
  aliases?: string[];
}

/** The sidebar destinations (spec §2, plus the pipeline). */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', href: '/', icon: LayoutDashboard, aliases: ['/dashboard'] },
  { label: 'VC Database', href: '/vc-database', icon: Database },
  // The sandbox firms that accept applications: a founder's first try.
  { label: 'Test firms', href: '/test-vc-database', icon: FlaskConical },
  { label: 'Angel Investors', href: '/investors', icon: Users },
  { label: 'Credits', href: '/pricing', icon: CreditCard, aliases: ['/credits'] },
  { label: 'Submissions', href: '/submissions', icon: Send },
  { label: 'Pipeline', href: '/pipeline', icon: KanbanSquare },
  { label: 'Deck', href: '/deck', icon: Presentation },
  { label: 'Updates', href: '/updates', icon: Newspaper },
  { label: 'Settings', href: '/settings', icon: Settings, aliases: ['/profile'] },
];

/** The Ops section: operators see all of it, auditors only the ledger (the server enforces both). */
export const OPS_NAV_ITEMS: (NavItem & { auditor?: boolean })[] = [
  { label: 'Operations', href: '/ops', icon: Gauge },
  { label: 'Workflow runs', href: '/ops/workflows', icon: Workflow },
  { label: 'Users', href: '/ops/users', icon: UserCog },
  { label: 'Application forms', href: '/ops/forms', icon: ClipboardList },
  { label: 'System', href: '/ops/system', icon: Activity },
  { label: 'Ledger', href: '/ops/ledger', icon: FileSearch, auditor: true },
  { label: 'Mailbox', href: '/mailbox', icon: Mail },
  { label: 'Security', href: '/security-dashboard', icon: Shield },
];

/** The sidebar's sections for a user's roles: founders see the product, admins add Ops, auditors see the ledger only. */
export function navSections(access: {
  admin: boolean;
  auditor: boolean;
}): { label: string | null; items: NavItem[] }[] {
  if (access.auditor) return [{ label: 'Ops', items: OPS_NAV_ITEMS.filter((i) => i.auditor) }];
  const product = { label: null, items: NAV_ITEMS };
  return access.admin ? [product, { label: 'Ops', items: OPS_NAV_ITEMS }] : [product];
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
