import { useRouter } from '@tanstack/react-router';
import { LogIn, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { SignInForm } from '../features/accounts';
import { cn } from '../lib/cn';
import { useIdentity } from '../lib/identity';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Spinner } from '../ui/Spinner';
import { trapTab } from '../ui/focus';
import { Tooltip } from '../ui/Tooltip';
import { Brand, TAGLINE } from './Brand';
import { useOpsAccess } from '../features/ops';
import { isNavItemActive, navSections, type NavItem } from './nav';
import { UserMenu } from './UserMenu';

interface ContentProps {
  pathname: string;
  collapsed: boolean;
  onNavigate?: () => void;
}

function NavList({ pathname, collapsed, onNavigate }: ContentProps) {
  // The destinations are the routes' own entries (staticData.nav), for the user's roles.
  const sections = navSections(useOpsAccess(), useRouter().routeTree);
  return (
    <nav aria-label="Main navigation" className="flex-1 overflow-y-auto px-3 py-4">
      {sections.map((section) => (
        <div
          key={section.label ?? 'product'}
          className={cn(section.label && sections.length > 1 && 'mt-4 border-t border-sidebar-border pt-4')}
        >
          {section.label && !collapsed ? (
            <h2 className="mb-1 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {section.label}
            </h2>
          ) : null}
          <NavItems
            items={section.items}
            pathname={pathname}
            collapsed={collapsed}
            onNavigate={onNavigate}
            label={section.label}
          />
        </div>
      ))}
    </nav>
  );
}

function NavItems({
  items,
  pathname,
  collapsed,
  onNavigate,
  label,
}: ContentProps & { items: NavItem[]; label: string | null }) {
  return (
    <ul className="flex flex-col gap-1" aria-label={label ?? undefined}>
      {items.map((item) => {
        const active = isNavItemActive(item, pathname);
        const Icon = item.icon;
        // A plain link: choosing an item is a full page navigation (spec §2).
        const link = (
          <a
            href={item.href}
            aria-current={active ? 'page' : undefined}
            aria-label={collapsed ? item.label : undefined}
            onClick={onNavigate}
            className={cn(
              'group relative flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
              active
                ? 'bg-sidebar-accent text-sidebar-accent-foreground'
                : 'text-sidebar-foreground/80 hover:bg-sidebar-accent/60 hover:text-sidebar-foreground',
              collapsed && 'w-10 justify-center px-0',
            )}
          >
            {active ? (
              <span aria-hidden="true" className="absolute top-2 bottom-2 -left-3 w-1 rounded-r-full bg-primary" />
            ) : null}
            <Icon
              className={cn(
                'size-[1.15rem] shrink-0',
                active ? 'text-primary' : 'text-muted-foreground group-hover:text-sidebar-foreground',
              )}
              aria-hidden="true"
            />
            {collapsed ? null : <span className="truncate">{item.label}</span>}
          </a>
        );
        return (
          <li key={item.href} className={cn(collapsed && 'flex justify-center')}>
            {collapsed ? (
              <Tooltip content={item.label} side="right">
                {link}
              </Tooltip>
            ) : (
              link
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Spinner while auth loads, Sign In (modal) when signed out, the user menu when signed in. */
function SidebarFooter({ collapsed }: { collapsed: boolean }) {
  const { loaded, signedIn } = useIdentity();
  const [signInOpen, setSignInOpen] = useState(false);
  let body;
  if (!loaded) {
    body = (
      <div className="flex h-11 items-center justify-center">
        <Spinner size="sm" label="Loading account" className="text-muted-foreground" />
      </div>
    );
  } else if (!signedIn) {
    body = (
      <>
        <Button
          className="w-full"
          size={collapsed ? 'icon' : 'md'}
          aria-label={collapsed ? 'Sign In' : undefined}
          onClick={() => setSignInOpen(true)}
        >
          <LogIn className="size-4" aria-hidden="true" />
          {collapsed ? null : 'Sign In'}
        </Button>
        <Dialog open={signInOpen} onOpenChange={setSignInOpen} title="Sign In" hideTitle size="sm">
          <SignInForm onSignedIn={() => setSignInOpen(false)} />
        </Dialog>
      </>
    );
  } else {
    body = <UserMenu collapsed={collapsed} />;
  }
  return <div className="border-t border-sidebar-border p-3">{body}</div>;
}

export interface SidebarProps {
  pathname: string;
  collapsed: boolean;
  drawerOpen: boolean;
  onDrawerOpenChange(open: boolean): void;
}

export const SIDEBAR_ID = 'app-sidebar';

export function Sidebar({ pathname, collapsed, drawerOpen, onDrawerOpenChange }: SidebarProps) {
  const drawerRef = useRef<HTMLDivElement>(null);

  // Drawer: move focus in on open, give it back to the menu button on close.
  useEffect(() => {
    if (!drawerOpen) return;
    const previous = document.activeElement as HTMLElement | null;
    drawerRef.current?.querySelector<HTMLElement>('[aria-current="page"], nav a')?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [drawerOpen]);

  function onDrawerKey(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onDrawerOpenChange(false);
      return;
    }
    trapTab(e, drawerRef.current);
  }

  return (
    <>
      {/* Wide screens: a sticky rail that collapses to icons. */}
      <aside
        id={SIDEBAR_ID}
        aria-label="Sidebar"
        data-collapsed={collapsed}
        className={cn(
          'sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-out md:flex',
          collapsed ? 'w-16' : 'w-64 2xl:w-72',
        )}
      >
        <div
          className={cn(
            'flex h-16 shrink-0 items-center border-b border-sidebar-border',
            collapsed ? 'justify-center px-2' : 'px-4',
          )}
        >
          <a href="/" aria-label={collapsed ? `FundFlow — ${TAGLINE}` : undefined} className="rounded-lg">
            <Brand collapsed={collapsed} />
          </a>
        </div>
        <NavList pathname={pathname} collapsed={collapsed} />
        <SidebarFooter collapsed={collapsed} />
      </aside>

      {/* Below 768 px: a left slide-in drawer. */}
      <div
        className={cn('fixed inset-0 z-50 md:hidden', drawerOpen ? 'visible' : 'invisible')}
        aria-hidden={!drawerOpen}
        inert={!drawerOpen}
      >
        <div
          className={cn(
            'absolute inset-0 bg-black/60 transition-opacity duration-200',
            drawerOpen ? 'opacity-100' : 'opacity-0',
          )}
          onClick={() => onDrawerOpenChange(false)}
        />
        <div
          ref={drawerRef}
          role="dialog"
          aria-modal="true"
          aria-label="Navigation"
          onKeyDown={onDrawerKey}
          className={cn(
            'absolute inset-y-0 left-0 flex w-64 max-w-[85vw] flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground shadow-2xl transition-transform duration-200 ease-out',
            drawerOpen ? 'translate-x-0' : '-translate-x-full',
          )}
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-sidebar-border pr-2 pl-4">
            <a href="/" className="rounded-lg" onClick={() => onDrawerOpenChange(false)}>
              <Brand />
            </a>
            <Button variant="ghost" size="icon" aria-label="Close menu" onClick={() => onDrawerOpenChange(false)}>
              <X className="size-5" aria-hidden="true" />
            </Button>
          </div>
          <NavList pathname={pathname} collapsed={false} onNavigate={() => onDrawerOpenChange(false)} />
          <SidebarFooter collapsed={false} />
        </div>
      </div>
    </>
  );
}
