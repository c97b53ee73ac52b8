import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { IdentityUser } from '../../lib/identity';

export const authKeys = {
  all: ['auth'] as const,
  me: () => ['auth', 'me'] as const,
};

/** GET /api/auth/me — who the server thinks we are, and our roles. The server enforces access. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: () => api('me', 'GET'),
  });

/** POST /api/auth/sync-user — records the identity-provider user; new users get their free credits. */
export function syncUser(user: IdentityUser) {
  const { id, email, firstName, lastName, profileImageUrl } = user;
  return api('syncUser', 'POST', { body: { id, email, firstName, lastName, profileImageUrl } });
}

/** "You've received N free credit(s) to get started." */
export function welcomeCreditsMessage(n: number): string {
  return `You've received ${n} free ${n === 1 ? 'credit' : 'credits'} to get started.`;
}

export const AUTH_ERROR_TITLE = 'Authentication Error';
export const AUTH_ERROR_DESCRIPTION = 'There was an issue with your account. Please try signing out and back in.';
