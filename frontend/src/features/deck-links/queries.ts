import { API_ROUTES, apiPath } from '@fp/contracts';
import type {
  CreateDeckLinkRequest,
  CreateDeckLinkResponse,
  DeckAlertSettings,
  DeckAnalytics,
  DeckLinkAnalytics,
  DeckLinkSummary,
  DeckNotificationsResponse,
  InvestorKind,
  UpdateDeckLinkRequest,
} from '@fp/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export const deckLinkKeys = {
  all: ['deck-links'] as const,
  list: () => [...deckLinkKeys.all, 'list'] as const,
  analytics: (id: string) => [...deckLinkKeys.all, 'analytics', id] as const,
  deck: (deckId?: string) => [...deckLinkKeys.all, 'deck', deckId ?? 'current'] as const,
  notifications: () => [...deckLinkKeys.all, 'notifications'] as const,
};

/** GET /api/deck-links: the founder's links with their reading figures (refreshed every 30 s: visits arrive on their own). */
export const deckLinksQueryOptions = () =>
  queryOptions({
    queryKey: deckLinkKeys.list(),
    queryFn: async () => (await apiRequest<{ links: DeckLinkSummary[] }>(API_ROUTES.deckLinks)).links,
    staleTime: 10_000,
    refetchInterval: 30_000,
  });

export const linkAnalyticsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: deckLinkKeys.analytics(id),
    queryFn: () => apiRequest<DeckLinkAnalytics>(apiPath(API_ROUTES.deckLinkAnalytics, { id })),
    staleTime: 10_000,
  });

/** GET /api/deck-analytics: one deck version (default the current one) across all links, and every version's totals (deck page, dashboard line). */
export const deckAnalyticsQueryOptions = (deckId?: string) =>
  queryOptions({
    queryKey: deckLinkKeys.deck(deckId),
    queryFn: () =>
      apiRequest<DeckAnalytics>(
        deckId ? `${API_ROUTES.deckAnalytics}?deckId=${encodeURIComponent(deckId)}` : API_ROUTES.deckAnalytics,
      ),
    staleTime: 10_000,
    refetchInterval: 60_000,
  });

/** GET /api/deck-notifications: first visits of the founder's links (in-app notices) and the e-mail setting. */
export const deckNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: deckLinkKeys.notifications(),
    queryFn: () => apiRequest<DeckNotificationsResponse>(API_ROUTES.deckNotifications),
    staleTime: 10_000,
    refetchInterval: 60_000,
  });
export const markDeckNotificationsSeen = () =>
  apiRequest<void>(API_ROUTES.deckNotificationsSeen, { method: 'POST', body: {} });
export const setDeckAlerts = (body: DeckAlertSettings) =>
  apiRequest<DeckAlertSettings>(API_ROUTES.deckNotificationSettings, { method: 'PUT', body });

export const createDeckLink = (body: CreateDeckLinkRequest) =>
  apiRequest<CreateDeckLinkResponse>(API_ROUTES.deckLinks, { method: 'POST', body });
export const updateDeckLink = (id: string, body: UpdateDeckLinkRequest) =>
  apiRequest<DeckLinkSummary>(apiPath(API_ROUTES.deckLink, { id }), { method: 'PATCH', body });
export const refreshDeckLinks = (qc: QueryClient) => qc.invalidateQueries({ queryKey: deckLinkKeys.all });

/** An investor's reading over all their links: what the pipeline card shows. */
export interface Reading {
  visits: number;
  pagesViewed: number;
  pageCount: number | null;
  totalSeconds: number;
  lastVisitAt: string | null;
}

export function readingByInvestor(links: DeckLinkSummary[]): Map<string, Reading> {
  const out = new Map<string, Reading>();
  for (const l of links) {
    if (!l.investorId || !l.investorKind) continue;
    const key = `${l.investorKind}:${l.investorId}`;
    const r = out.get(key) ?? { visits: 0, pagesViewed: 0, pageCount: null, totalSeconds: 0, lastVisitAt: null };
    out.set(key, {
      visits: r.visits + l.visits,
      pagesViewed: Math.max(r.pagesViewed, l.pagesViewed),
      pageCount: l.pageCount ?? r.pageCount,
      totalSeconds: r.totalSeconds + l.totalSeconds,
      lastVisitAt: !r.lastVisitAt || (l.lastVisitAt && l.lastVisitAt > r.lastVisitAt) ? l.lastVisitAt : r.lastVisitAt,
    });
  }
  return out;
}

export const investorKey = (kind: InvestorKind, id: string) => `${kind}:${id}`;

const DAY = 86_400_000;
const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** "today", "yesterday", "last Thursday" (within a week), else "on Mar 5". */
export function whenLabel(iso: string, now: Date): string {
  const at = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(at)) / DAY);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 7) return `last ${at.toLocaleDateString('en-US', { weekday: 'long' })}`;
  return `on ${at.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}`;
}

/** "45 s" under a minute, else whole minutes ("3 min"). */
export const durationLabel = (seconds: number) =>
  seconds < 60 ? `${Math.round(seconds)} s` : `${Math.round(seconds / 60)} min`;

/** The card's line: "Opened 2 times · 9 of 12 pages · 3 min · last Thursday"; null before the first visit. */
export function readingLabel(r: Reading, now: Date): string | null {
  if (!r.visits) return null;
  const parts = [r.visits === 1 ? 'Opened once' : `Opened ${r.visits} times`];
  parts.push(
    r.pageCount ? `${r.pagesViewed} of ${r.pageCount} pages` : `${r.pagesViewed} page${r.pagesViewed === 1 ? '' : 's'}`,
  );
  parts.push(durationLabel(r.totalSeconds));
  if (r.lastVisitAt) parts.push(whenLabel(r.lastVisitAt, now));
  return parts.join(' · ');
}
