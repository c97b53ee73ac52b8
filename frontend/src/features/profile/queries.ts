import {
  profileCompletion,
  type ProfileCompletion,
  type StartupProfile,
  type StartupProfilePatch,
  type StartupProfileResponse,
} from '@fp/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, backoff, isAuthFailure } from '../../lib/api';

const profileKeys = {
  profile: () => ['startup-profile'] as const,
  completion: () => ['profile-completion'] as const,
};

/** Up to 3 retries, none for an auth failure (message or status 401/403) — spec §7. */
export function retryProfile(failureCount: number, error: unknown): boolean {
  return failureCount < 3 && !isAuthFailure(error);
}

/** Accepts the response leniently: a missing or malformed part becomes an empty profile / its computed completion. */
export function parseProfileResponse(raw: unknown): StartupProfileResponse {
  const body = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const p = body.profile && typeof body.profile === 'object' ? (body.profile as Record<string, unknown>) : {};
  const profile: StartupProfile = {};
  for (const [k, v] of Object.entries(p)) if (typeof v === 'string') (profile as Record<string, string>)[k] = v;
  const c = body.completion as Partial<ProfileCompletion> | undefined;
  const completion =
    c && typeof c.percentage === 'number' && typeof c.isComplete === 'boolean'
      ? { percentage: c.percentage, isComplete: c.isComplete }
      : profileCompletion(profile);
  return { profile, completion };
}

/** GET /api/startup-profile: fresh 5 min, kept 15 min, no refetch on focus, retried with backoff (spec §7). */
export const startupProfileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.profile(),
    queryFn: async () => parseProfileResponse(await api('startupProfile', 'GET')),
    staleTime: 5 * 60_000,
    gcTime: 15 * 60_000,
    refetchOnWindowFocus: false,
    retry: retryProfile,
    retryDelay: backoff,
  });

/** GET /api/profile-completion: cached 30 s (spec §7, §9). */
export const profileCompletionQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.completion(),
    queryFn: async (): Promise<ProfileCompletion> => {
      // Read leniently, as before: a missing or malformed part is 0 % and not complete.
      const answer: Partial<ProfileCompletion> | null = await api('profileCompletion', 'GET');
      const r = answer ?? {};
      const percentage =
        typeof r.percentage === 'number' && Number.isFinite(r.percentage)
          ? Math.max(0, Math.min(100, r.percentage))
          : 0;
      return { percentage, isComplete: r.isComplete === true };
    },
    staleTime: 30_000,
  });

/** PATCH /api/startup-profile; afterwards the profile and the completion are refetched (spec §7). */
export function useUpdateStartupProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (patch: StartupProfilePatch) =>
      parseProfileResponse(await api('startupProfile', 'PATCH', { body: patch })),
    onSuccess: async (saved) => {
      qc.setQueryData(profileKeys.profile(), saved);
      qc.setQueryData(profileKeys.completion(), saved.completion);
      await Promise.all([
        qc.invalidateQueries({ queryKey: profileKeys.profile() }),
        qc.invalidateQueries({ queryKey: profileKeys.completion() }),
      ]);
    },
  });
}
