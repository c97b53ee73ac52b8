import { LogOut, UserRound } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../lib/cn';
import { displayName, useIdentity } from '../lib/identity';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../ui/Menu';

function Avatar({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  const [failed, setFailed] = useState(false);
  if (imageUrl && !failed) {
    return (
      <img
        src={imageUrl}
        alt=""
        className="size-8 shrink-0 rounded-full object-cover"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full brand-gradient text-sm font-semibold text-[oklch(0.16_0.03_268)]"
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

/** Sidebar footer when signed in: name and e-mail; Profile (→ /settings) and Sign out (→ /). */
export function UserMenu({ collapsed }: { collapsed: boolean }) {
  const { user, signOut } = useIdentity();
  const [signingOut, setSigningOut] = useState(false);
  const name = displayName(user);
  const email = user?.email ?? '';

  async function onSignOut() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      window.location.assign('/');
    }
  }

  return (
    <Menu
      label="Account"
      side="top"
      align="start"
      contentClassName={cn('w-56', collapsed && 'left-0')}
      trigger={(p) => (
        <button
          {...p}
          type="button"
          aria-label={`Account: ${name}`}
          disabled={signingOut}
          className={cn(
            'flex w-full items-center gap-3 rounded-lg p-1.5 text-left transition-colors hover:bg-sidebar-accent',
            collapsed && 'justify-center',
          )}
        >
          <Avatar name={name} imageUrl={user?.profileImageUrl ?? null} />
          {collapsed ? null : (
            <span className="flex min-w-0 flex-col leading-tight">
              <span className="truncate text-sm font-medium" data-testid="user-name">
                {name}
              </span>
              <span className="truncate text-xs text-muted-foreground">{email}</span>
            </span>
          )}
        </button>
      )}
    >
      <MenuLabel>
        <span className="block truncate font-medium text-foreground">{name}</span>
        <span className="block truncate">{email}</span>
      </MenuLabel>
      <MenuSeparator />
      <MenuItem href="/settings" icon={<UserRound />}>
        Profile
      </MenuItem>
      <MenuItem icon={<LogOut />} onSelect={onSignOut} disabled={signingOut}>
        Sign out
      </MenuItem>
    </Menu>
  );
}
