import type {
  CreateDeckLinkRequest,
  DeckLinkAnalyticsQuery,
  DeckLinkOrigin,
  DeckLinkSummary,
  DeckVisitFigures,
  InvestorKind,
  UpdateDeckAlertSettings,
  UpdateDeckLinkRequest,
} from '@fp/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const deckLinkKeys = {
  all: ['deck-links'] as const,
  list: () => [...deckLinkKeys.all, 'list'] as const,
  analytics: (id: string, q: DeckLinkAnalyticsQuery = {}) => [...deckLinkKeys.all, 'analytics', id, q] as const,
  deck: (deckId?: string) => [...deckLinkKeys.all, 'deck', deckId ?? 'current'] as const,
  notifications: () => [...deckLinkKeys.all, 'notifications'] as const,
};

/** GET /api/deck-links: the founder's links with their reading figures (refreshed every 30 s: visits arrive on their own). */
export const deckLinksQueryOptions = () =>
  queryOptions({
    queryKey: deckLinkKeys.list(),
    queryFn: async () => (await api('deckLinks', 'GET')).links,
    staleTime: 10_000,
    refetchInterval: 30_000,
  });

/** GET /api/deck-links/:id/analytics: one link's visits page by page, for one deck version, in the dates asked. */
export const linkAnalyticsQueryOptions = (id: string, q: DeckLinkAnalyticsQuery = {}) =>
  queryOptions({
    queryKey: deckLinkKeys.analytics(id, q),
    queryFn: () => api('deckLinkAnalytics', 'GET', { params: { id }, query: q }),
    staleTime: 10_000,
    refetchInterval: 30_000,
  });

/** GET /api/deck-analytics: one deck version (default the current one) across all links, and every version's totals (deck page, dashboard line). */
export const deckAnalyticsQueryOptions = (deckId?: string) =>
  queryOptions({
    queryKey: deckLinkKeys.deck(deckId),
    queryFn: () => api('deckAnalytics', 'GET', { query: { deckId } }),
    staleTime: 10_000,
    refetchInterval: 60_000,
  });

/** GET /api/deck-notifications: first visits of the founder's links (in-app notices) and the e-mail setting. */
export const deckNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: deckLinkKeys.notifications(),
    queryFn: () => api('deckNotifications', 'GET'),
    staleTime: 10_000,
    refetchInterval: 60_000,
  });
export const markDeckNotificationsSeen = () => api('deckNotificationsSeen', 'POST');
export const setDeckAlerts = (body: UpdateDeckAlertSettings) => api('deckNotificationSettings', 'PUT', { body });

export const createDeckLink = (body: CreateDeckLinkRequest) => api('deckLinks', 'POST', { body });
export const updateDeckLink = (id: string, body: UpdateDeckLinkRequest) =>
  api('deckLink', 'PATCH', { params: { id }, body });
export const deleteDeckLink = (id: string) => api('deckLink', 'DELETE', { params: { id } });
export const refreshDeckLinks = (qc: QueryClient) => qc.invalidateQueries({ queryKey: deckLinkKeys.all });

/** An investor's reading over all their links: what the pipeline card shows. */
export interface Reading {
  /** The deck version the pages figures are of (never pages of two versions together). */
  deckId?: string | null;
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
    const newer = !!l.lastVisitAt && (!r.lastVisitAt || l.lastVisitAt > r.lastVisitAt);
    // Pages are of one deck version: the link read last says "N of M"; another link's pages count
    // only when they are of that same version.
    const pages = newer
      ? {
          deckId: l.deckId,
          pageCount: l.pageCount,
          pagesViewed: l.deckId === r.deckId ? Math.max(r.pagesViewed, l.pagesViewed) : l.pagesViewed,
        }
      : {
          deckId: r.deckId ?? null,
          pageCount: r.pageCount,
          pagesViewed: l.deckId && l.deckId === r.deckId ? Math.max(r.pagesViewed, l.pagesViewed) : r.pagesViewed,
        };
    out.set(key, {
      visits: r.visits + l.visits,
      ...pages,
      totalSeconds: r.totalSeconds + l.totalSeconds,
      lastVisitAt: newer ? l.lastVisitAt : r.lastVisitAt,
    });
  }
  return out;
}

const investorKey = (kind: InvestorKind, id: string) => `${kind}:${id}`;

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

/** Where a link came from, in the list's words. */
export const ORIGIN_LABEL: Record<DeckLinkOrigin, string> = {
  application: 'Application',
  pipeline: 'Pipeline card',
  update: 'Investor update',
  hand: 'By hand',
};

/** Who a link is for, as a row names it: the name, else the pipeline investor, else the e-mail, else anyone. */
export function recipientLabel(
  l: Pick<DeckLinkSummary, 'name' | 'email' | 'investorId' | 'investorKind'>,
  names: Map<string, string>,
) {
  const investor = l.investorId && l.investorKind ? names.get(investorKey(l.investorKind, l.investorId)) : undefined;
  return l.name ?? investor ?? l.email ?? 'Anyone with the link';
}

/** The link's settings in a few words: "e-mail required · no download · expires Mar 5, 2027". */
export function settingsLabel(l: DeckLinkSummary): string {
  return [
    l.verifyEmail ? 'e-mail verified by code' : l.requireEmail ? 'e-mail required' : 'no e-mail asked',
    l.allowDownload ? 'download allowed' : 'no download',
    l.hasPasscode ? 'passcode' : null,
    l.watermark ? 'watermark' : null,
    l.expiresAt ? `expires ${new Date(l.expiresAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

const csvCell = (v: string | number | boolean | null) => {
  const s = v === null ? '' : String(v);
  // Quoted when needed; a leading = + - @ is neutralised so a spreadsheet does not run it as a formula.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The visits as CSV, one row per visit: when, who, device, version, reach, completion, downloads, seconds per page. */
export function visitsCsv(recipient: string, visits: DeckVisitFigures[], fileNames: Map<string, string>): string {
  const pages = Math.max(0, ...visits.map((v) => Math.max(v.pageCount ?? 0, ...v.pages.map((p) => p.page))));
  const head = [
    'visited_at',
    'recipient',
    'email',
    'email_verified',
    'device',
    'deck_version',
    'pages_reached',
    'page_count',
    'completion_percent',
    'total_seconds',
    'downloaded',
    ...Array.from({ length: pages }, (_, i) => `page_${i + 1}_seconds`),
  ];
  const rows = visits.map((v) => {
    const byPage = new Map(v.pages.map((p) => [p.page, p.seconds]));
    return [
      v.at,
      recipient,
      v.email,
      v.verified,
      v.device,
      fileNames.get(v.deckId) ?? v.deckId,
      v.reach,
      v.pageCount,
      v.completion,
      v.totalSeconds,
      v.downloaded,
      ...Array.from({ length: pages }, (_, i) => byPage.get(i + 1) ?? 0),
    ];
  });
  return [head, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
