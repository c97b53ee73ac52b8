import type { HourlyViolations } from '@fp/contracts';

/** Spec §3: an underscore-separated code shown as Title Case words; 'Unknown' when empty. */
export function codeLabel(code: string | null | undefined): string {
  const words = (code ?? '')
    .split('_')
    .map((w) => w.trim())
    .filter(Boolean);
  if (!words.length) return 'Unknown';
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase()).join(' ');
}

/** Local date and time of an ISO timestamp, e.g. "Mar 4, 2:05:09 PM". */
export const localTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });

/** Local hour label for the chart, e.g. "14:00". */
export const hourLabel = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', hour12: false });

/** "in 43 min", "in 2 h", "in 3 days" for an expiry; "expired" when past. */
export function untilText(iso: string, now: number = Date.now()): string {
  const ms = Date.parse(iso) - now;
  if (ms <= 0) return 'expired';
  const min = Math.ceil(ms / 60_000);
  if (min < 60) return `in ${min} min`;
  const h = Math.round(min / 60);
  if (h < 48) return `in ${h} h`;
  return `in ${Math.round(h / 24)} days`;
}

/** A publishable key shown in part only: enough to tell keys apart, never the whole value. */
export function truncateKey(key: string | null | undefined, keep = 12): string {
  if (!key) return 'Not set';
  return key.length <= keep ? `${key.slice(0, Math.max(1, Math.floor(key.length / 2)))}…` : `${key.slice(0, keep)}…`;
}

/** Types present in the series, in order of first appearance of their largest counts. */
export function typesInSeries(hours: readonly HourlyViolations[]): string[] {
  const totals = new Map<string, number>();
  for (const h of hours) for (const [t, n] of Object.entries(h.byType)) totals.set(t, (totals.get(t) ?? 0) + n);
  return [...totals.entries()]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([t]) => t);
}
