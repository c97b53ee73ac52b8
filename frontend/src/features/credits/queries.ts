import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export const creditKeys = {
  all: ['credits'] as const,
  balance: () => ['credits', 'balance'] as const,
  credits: () => ['credits', 'credits'] as const,
};

/**
 * A balance response is `{ balance }`, a bare number or a numeric string (spec §3).
 * Anything unparsable counts as 0.
 */
export function parseBalance(raw: unknown): number {
  const value = raw && typeof raw === 'object' && 'balance' in raw ? (raw as { balance: unknown }).balance : raw;
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string') {
    const compact = value.replace(/\s+/g, '');
    if (!compact) return 0;
    const n = Number(compact);
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

/** Exponential backoff capped at 30 s. */
export const backoff = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** GET /api/credits/balance — the header badge and most screens. Fresh 5 min, kept 10 min, 3 retries. */
export const creditBalanceQueryOptions = () =>
  queryOptions({
    queryKey: creditKeys.balance(),
    queryFn: async () => parseBalance(await apiRequest<unknown>('/api/credits/balance')),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    retry: 3,
    retryDelay: backoff,
    refetchOnWindowFocus: false,
  });

/** GET /api/credits — the second reading of the same balance. Fresh 30 s, 3 retries. */
export const creditsQueryOptions = () =>
  queryOptions({
    queryKey: creditKeys.credits(),
    queryFn: async () => parseBalance(await apiRequest<unknown>('/api/credits')),
    staleTime: 30_000,
    retry: 3,
    retryDelay: backoff,
  });
