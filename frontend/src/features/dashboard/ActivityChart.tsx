import { BarChart, BarSlot, CHART_H, shortDate } from './BarChart';
import type { ActivityDay } from './queries';

const SERIES = [
  { key: 'completed', label: 'Completed', className: 'text-success', dot: 'bg-success' },
  { key: 'processing', label: 'Processing', className: 'text-chart-2', dot: 'bg-chart-2' },
  { key: 'failed', label: 'Failed', className: 'text-destructive', dot: 'bg-destructive' },
] as const;

const SLOT = 10;
const BAR = 7;

/** Applications per day over the last days, stacked by status: completed, processing, failed. */
export function ActivityChart({ days, loading }: { days: ActivityDay[]; loading?: boolean }) {
  const totals = { completed: 0, processing: 0, failed: 0 };
  for (const d of days) for (const s of SERIES) totals[s.key] += d[s.key];
  const sum = totals.completed + totals.processing + totals.failed;
  const max = Math.max(1, ...days.map((d) => d.completed + d.processing + d.failed));
  const label = `Applications over the last ${days.length} days: ${totals.completed} completed, ${totals.processing} processing, ${totals.failed} failed`;

  return (
    <BarChart
      testId="activity-chart"
      caption={
        <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <span className="text-sm font-medium">Last {days.length} days</span>
          <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
            {SERIES.map((s) => (
              <span key={s.key} className="inline-flex items-center gap-1.5">
                <span aria-hidden="true" className={`size-2 rounded-full ${s.dot}`} />
                {s.label} <span className="font-medium tabular-nums text-foreground">{totals[s.key]}</span>
              </span>
            ))}
          </span>
        </figcaption>
      }
      label={label}
      slots={days.length}
      slotWidth={SLOT}
      svgClassName="h-24 w-full"
      empty={!loading && sum === 0 ? `No applications in the last ${days.length} days` : null}
      axis={
        days.length > 1 ? (
          <div aria-hidden="true" className="flex justify-between text-[11px] text-muted-foreground">
            <span>{shortDate(days[0]!.date)}</span>
            <span>Today</span>
          </div>
        ) : null
      }
    >
      {days.map((d, i) => {
        let top = CHART_H;
        const total = d.completed + d.processing + d.failed;
        const x = i * SLOT + (SLOT - BAR) / 2;
        return (
          <g key={d.date}>
            <title>{`${shortDate(d.date)}: ${total} application${total === 1 ? '' : 's'} (${d.completed} completed, ${d.processing} processing, ${d.failed} failed)`}</title>
            <BarSlot x={x} width={BAR} rx={1.5} />
            {SERIES.map((s) => {
              const h = (d[s.key] / max) * (CHART_H - 4);
              if (h <= 0) return null;
              top -= h;
              return (
                <rect key={s.key} x={x} y={top} width={BAR} height={h} fill="currentColor" className={s.className} />
              );
            })}
          </g>
        );
      })}
    </BarChart>
  );
}
