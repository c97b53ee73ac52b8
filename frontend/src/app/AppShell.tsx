import type { ReactNode } from 'react';
import { useUserSync, VerifyEmailBanner } from '../features/accounts';
import { WaitingRunsBanner } from '../features/submissions';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { useSidebar } from './useSidebar';

/** Sidebar + header + page. Mounted only for signed-in visitors. */
export function AppShell({ pathname, children }: { pathname: string; children: ReactNode }) {
  const sidebar = useSidebar();
  useUserSync();
  const collapsed = sidebar.breakpoint !== 'mobile' && sidebar.collapsed;
  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="sr-only z-[70] rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Sidebar
        pathname={pathname}
        collapsed={collapsed}
        drawerOpen={sidebar.drawerOpen}
        onDrawerOpenChange={sidebar.setDrawerOpen}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header
          collapsed={collapsed}
          onToggleCollapsed={sidebar.toggleCollapsed}
          drawerOpen={sidebar.drawerOpen}
          onOpenDrawer={() => sidebar.setDrawerOpen(true)}
        />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          <VerifyEmailBanner />
          <WaitingRunsBanner />
          {children}
        </main>
      </div>
    </div>
  );
}
