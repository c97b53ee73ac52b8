import { ZERO_FIGURES, successRate, type RunFigures } from '@fp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The figures of contracts' submissions/figures.ts, with the success rate the API computed from them. */
export type SubmissionStats = RunFigures & { successRate: number | null };

export interface ActivityDay {
  /** YYYY-MM-DD (UTC) */
  date: string;
  completed: number;
  failed: number;
  processing: number;
}

export const ZERO_STATS: SubmissionStats = { ...ZERO_FIGURES, successRate: null };

const dashboardKeys = {
  stats: () => ['dashboard', 'submission-stats'] as const,
  activity: (days: number) => ['dashboard', 'submission-activity', days] as const,
};

const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);

export function parseStats(raw: unknown): SubmissionStats {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const figures = {
    total: count(r.total),
    completed: count(r.completed),
    processing: count(r.processing),
    failed: count(r.failed),
    stopped: count(r.stopped),
  };
  // The rate is recomputed from the figures by the one definition, never read as sent.
  return { ...figures, successRate: successRate(figures) };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The last `days` UTC days ending today, oldest first, filled from the response (a day it leaves
 * out, or an unreadable response, counts zero), so the chart always has its full width.
 */
export function fillActivity(raw: unknown, days: number, today: Date): ActivityDay[] {
  const list =
    raw && typeof raw === 'object' && Array.isArray((raw as { days?: unknown }).days)
      ? (raw as { days: unknown[] }).days
      : [];
  const byDate = new Map<string, ActivityDay>();
  for (const d of list) {
    if (!d || typeof d !== 'object') continue;
    const r = d as Record<string, unknown>;
    if (typeof r.date !== 'string') continue;
    byDate.set(r.date.slice(0, 10), {
      date: r.date.slice(0, 10),
      completed: count(r.completed),
      failed: count(r.failed),
      processing: count(r.processing),
    });
  }
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) => {
    const date = isoDay(new Date(end - (days - 1 - i) * 86_400_000));
    return byDate.get(date) ?? { date, completed: 0, failed: 0, processing: 0 };
  });
}

/** GET /api/submission-stats: refreshed every 30 s (spec §4). */
export const submissionStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.stats(),
    queryFn: async () => parseStats(await api('submissionStats', 'GET')),
    staleTime: 30_000,
    refetchInterval: 30_000,
  });

/** GET /api/submission-activity?days=N: applications per day by status, for the dashboard chart. */
export const submissionActivityQueryOptions = (days = 30) =>
  queryOptions({
    queryKey: dashboardKeys.activity(days),
    queryFn: async () => fillActivity(await api('submissionActivity', 'GET', { query: { days } }), days, new Date()),
    staleTime: 30_000,
    refetchInterval: 30_000,
  });

export interface ActivityWeek {
  /** Monday of the week, YYYY-MM-DD (UTC) */
  week: string;
  /** Applications sent that week (completed, processing and failed). */
  total: number;
}

/** Days (oldest first) summed into Monday-to-Sunday UTC weeks, oldest first; a partial first week counts what it has. */
export function weeklyTotals(days: readonly ActivityDay[]): ActivityWeek[] {
  const weeks = new Map<string, number>();
  for (const d of days) {
    const t = Date.parse(`${d.date}T00:00:00Z`);
    const monday = isoDay(new Date(t - ((new Date(t).getUTCDay() + 6) % 7) * 86_400_000));
    weeks.set(monday, (weeks.get(monday) ?? 0) + d.completed + d.processing + d.failed);
  }
  return [...weeks].map(([week, total]) => ({ week, total }));
}
