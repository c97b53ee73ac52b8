import type { HistorySort } from '@fp/contracts';
import { HISTORY_PAGE_SIZE } from '@fp/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, backoff, sendKeyed } from '../../lib/api';

export interface HistoryParams {
  page: number;
  limit?: number;
  sort: HistorySort;
  order: 'asc' | 'desc';
}

export const creditKeys = {
  all: ['credits'] as const,
  balance: () => ['credits', 'balance'] as const,
  credits: () => ['credits', 'credits'] as const,
  history: (p: HistoryParams) => ['credits', 'history', p] as const,
  balanceHistory: () => ['credits', 'balance-history'] as const,
  plans: () => ['plans'] as const,
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

/** GET /api/credits/balance — the header badge and most screens. Fresh 5 min, kept 10 min, 3 retries. */
export const creditBalanceQueryOptions = () =>
  queryOptions({
    queryKey: creditKeys.balance(),
    queryFn: async () => parseBalance(await api('creditsBalance', 'GET')),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    retry: 3,
    retryDelay: backoff,
    refetchOnWindowFocus: false,
  });

/** GET /api/credits/history — one page of the user's movements, sorted on the server. */
export const creditHistoryQueryOptions = (p: HistoryParams) =>
  queryOptions({
    queryKey: creditKeys.history(p),
    queryFn: () =>
      api('creditsHistory', 'GET', {
        query: { page: p.page, limit: p.limit ?? HISTORY_PAGE_SIZE, sort: p.sort, order: p.order },
      }),
    staleTime: 30_000,
    // Keeps the current page on screen while the next one loads (no flash of the empty state).
    placeholderData: keepPreviousData,
  });

/** GET /api/credits/balance-history — the points of the balance chart. */
export const balanceHistoryQueryOptions = () =>
  queryOptions({
    queryKey: creditKeys.balanceHistory(),
    queryFn: async () => (await api('creditsBalanceHistory', 'GET')).points,
    staleTime: 30_000,
  });

/** GET /api/plans — the plans and the credit pack, with the user's payment links. */
export const plansQueryOptions = () =>
  queryOptions({
    queryKey: creditKeys.plans(),
    queryFn: () => api('plans', 'GET'),
    staleTime: 5 * 60_000,
  });

/** The founder's purchases with their receipts, and what a reversed payment left owed. */
export const purchasesQueryOptions = () =>
  queryOptions({
    queryKey: ['credits', 'purchases'] as const,
    queryFn: () => api('purchases', 'GET'),
    staleTime: 60_000,
  });

/** Creates a checkout session on the server for a product of the price list; answers its URL. */
export const createCheckout = (product: string, quantity?: number) =>
  // An Idempotency-Key per purchase: an automatic resend answers the same session, never a second one.
  sendKeyed((headers) =>
    api('checkout', 'POST', {
      body: { product, ...(quantity ? { quantity } : {}) },
      headers,
    }),
  );
