import type { IdentityUser } from './types';

/** Splits a single display name into first and last name ("Ada King Lovelace" → Ada / King Lovelace). */
export function splitName(name: string | null | undefined): { firstName: string | null; lastName: string | null } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: null, lastName: null };
  return { firstName: parts[0], lastName: parts.length > 1 ? parts.slice(1).join(' ') : null };
}

/** Sidebar name: first name, else the part of the e-mail before @, else 'User'. */
export function displayName(user: Pick<IdentityUser, 'firstName' | 'email'> | null | undefined): string {
  const first = user?.firstName?.trim();
  if (first) return first;
  const local = user?.email?.split('@')[0]?.trim();
  if (local) return local;
  return 'User';
}
