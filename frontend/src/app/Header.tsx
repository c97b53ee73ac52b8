import { Menu as MenuIcon, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { CreditBadge } from '../features/credits';
import { useOpsAccess } from '../features/ops';
import { useIdentity } from '../lib/identity';
import { Button } from '../ui/Button';
import { BrandMark, PRODUCT_NAME } from './Brand';
import { SIDEBAR_ID } from './Sidebar';
import { ThemeSwitcher } from './ThemeSwitcher';

export interface HeaderProps {
  collapsed: boolean;
  onToggleCollapsed(): void;
  drawerOpen: boolean;
  onOpenDrawer(): void;
}

export function Header({ collapsed, onToggleCollapsed, drawerOpen, onOpenDrawer }: HeaderProps) {
  const { signedIn } = useIdentity();
  // An auditor has no balance of their own to show (the server refuses them founder data).
  const { auditor } = useOpsAccess();
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b border-border bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-4 lg:px-6">
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-expanded={drawerOpen}
        onClick={onOpenDrawer}
      >
        <MenuIcon className="size-5" aria-hidden="true" />
      </Button>
      <a href="/" className="flex items-center gap-2 rounded-lg md:hidden">
        <BrandMark className="size-7" />
        <span className="text-base font-bold tracking-tight">{PRODUCT_NAME}</span>
      </a>
      <Button
        variant="ghost"
        size="icon"
        className="max-md:hidden"
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        aria-expanded={!collapsed}
        aria-controls={SIDEBAR_ID}
        onClick={onToggleCollapsed}
      >
        {collapsed ? (
          <PanelLeftOpen className="size-5" aria-hidden="true" />
        ) : (
          <PanelLeftClose className="size-5" aria-hidden="true" />
        )}
      </Button>
      <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
        {signedIn && !auditor ? <CreditBadge /> : null}
        <ThemeSwitcher />
      </div>
    </header>
  );
}
