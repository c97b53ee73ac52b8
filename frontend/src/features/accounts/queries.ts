import { API_ROUTES } from '@fp/contracts';
import type { MeResponse, SyncUserResponse } from '@fp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type { IdentityUser } from '../../lib/identity';

export type { MeResponse, SyncUserResponse };

export const authKeys = {
  all: ['auth'] as const,
  me: () => ['auth', 'me'] as const,
};

/** GET /api/auth/me — who the server thinks we are, and our roles. The server enforces access. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: () => apiRequest<MeResponse>(API_ROUTES.me),
  });

/** POST /api/auth/sync-user — records the identity-provider user; new users get their free credits. */
export function syncUser(user: IdentityUser): Promise<SyncUserResponse> {
  const { id, email, firstName, lastName, profileImageUrl } = user;
  return apiRequest<SyncUserResponse>(API_ROUTES.syncUser, {
    method: 'POST',
    body: { id, email, firstName, lastName, profileImageUrl },
  });
}

/** "You've received N free credit(s) to get started." */
export function welcomeCreditsMessage(n: number): string {
  return `You've received ${n} free ${n === 1 ? 'credit' : 'credits'} to get started.`;
}

export const AUTH_ERROR_TITLE = 'Authentication Error';
export const AUTH_ERROR_DESCRIPTION = 'There was an issue with your account. Please try signing out and back in.';
