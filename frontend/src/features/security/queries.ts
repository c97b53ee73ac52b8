import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Spec §4 and §9: the security status refreshes every 30 s (the list and the chart with it). */
const SECURITY_REFRESH_MS = 30_000;

const securityKeys = {
  all: ['security'] as const,
  status: () => ['security', 'status'] as const,
  blockedIps: () => ['security', 'blocked-ips'] as const,
  perHour: (hours: number) => ['security', 'violations-per-hour', hours] as const,
  debug: () => ['security', 'debug'] as const,
};

/** GET /api/security/debug: the debug card's user and environment (admins only; others get 403). */
export const securityDebugQueryOptions = () =>
  queryOptions({
    queryKey: securityKeys.debug(),
    queryFn: () => api('securityDebug', 'GET'),
    retry: false,
  });

/** GET /api/security/status (admins only; others get 403). */
export const securityStatusQueryOptions = () =>
  queryOptions({
    queryKey: securityKeys.status(),
    queryFn: () => api('securityStatus', 'GET'),
    staleTime: 0,
    refetchInterval: SECURITY_REFRESH_MS,
  });

/** GET /api/security/blocked-ips: active blocks, newest first. */
export const blockedIpsQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: securityKeys.blockedIps(),
    queryFn: async () => (await api('securityBlockedIps', 'GET')).blockedIps,
    staleTime: 0,
    refetchInterval: SECURITY_REFRESH_MS,
    enabled,
  });

/** GET /api/security/violations-per-hour: one entry per hour, oldest first. */
export const violationsPerHourQueryOptions = (hours = 24, enabled = true) =>
  queryOptions({
    queryKey: securityKeys.perHour(hours),
    queryFn: async () => (await api('securityViolationsPerHour', 'GET', { query: { hours } })).hours,
    staleTime: 0,
    refetchInterval: SECURITY_REFRESH_MS,
    enabled,
  });

/**
 * POST /api/security/unblock-ip, then the status (and list, chart) are fetched again. A failure is
 * only logged (spec §8); the request helper logs it.
 */
export function useUnblockIp(options: { onUnblocked?: (ip: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ip: string) => api('securityUnblockIp', 'POST', { body: { ip } }),
    onSuccess: (res) => options.onUnblocked?.(res.ip),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}
