import type { ActivityDay } from './queries';

const SERIES = [
  { key: 'completed', label: 'Completed', className: 'text-success', dot: 'bg-success' },
  { key: 'processing', label: 'Processing', className: 'text-chart-2', dot: 'bg-chart-2' },
  { key: 'failed', label: 'Failed', className: 'text-destructive', dot: 'bg-destructive' },
] as const;

const SLOT = 10;
const BAR = 7;
const H = 100;

const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Applications per day over the last days, stacked by status: completed, processing, failed. */
export function ActivityChart({ days, loading }: { days: ActivityDay[]; loading?: boolean }) {
  const totals = { completed: 0, processing: 0, failed: 0 };
  for (const d of days) for (const s of SERIES) totals[s.key] += d[s.key];
  const sum = totals.completed + totals.processing + totals.failed;
  const max = Math.max(1, ...days.map((d) => d.completed + d.processing + d.failed));
  const label = `Applications over the last ${days.length} days: ${totals.completed} completed, ${totals.processing} processing, ${totals.failed} failed`;

  return (
    <figure className="flex flex-col gap-2" data-testid="activity-chart">
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
      <div className="relative">
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${days.length * SLOT} ${H}`}
          preserveAspectRatio="none"
          className="h-24 w-full"
        >
          <line
            x1={0}
            x2={days.length * SLOT}
            y1={H - 0.5}
            y2={H - 0.5}
            stroke="currentColor"
            strokeOpacity={0.15}
            vectorEffect="non-scaling-stroke"
          />
          {days.map((d, i) => {
            let top = H;
            const total = d.completed + d.processing + d.failed;
            return (
              <g key={d.date}>
                <title>{`${shortDate(d.date)}: ${total} application${total === 1 ? '' : 's'} (${d.completed} completed, ${d.processing} processing, ${d.failed} failed)`}</title>
                {/* A faint slot shows every day, so an empty month still reads as a chart. */}
                <rect
                  x={i * SLOT + (SLOT - BAR) / 2}
                  y={0}
                  width={BAR}
                  height={H}
                  className="fill-muted"
                  opacity={0.5}
                  rx={1.5}
                />
                {SERIES.map((s) => {
                  const h = (d[s.key] / max) * (H - 4);
                  if (h <= 0) return null;
                  top -= h;
                  return (
                    <rect
                      key={s.key}
                      x={i * SLOT + (SLOT - BAR) / 2}
                      y={top}
                      width={BAR}
                      height={h}
                      fill="currentColor"
                      className={s.className}
                    />
                  );
                })}
              </g>
            );
          })}
        </svg>
        {!loading && sum === 0 ? (
          <p className="absolute inset-0 flex items-center justify-center text-xs text-muted-foreground">
            No applications in the last {days.length} days
          </p>
        ) : null}
      </div>
      {days.length > 1 ? (
        <div aria-hidden="true" className="flex justify-between text-[11px] text-muted-foreground">
          <span>{shortDate(days[0]!.date)}</span>
          <span>Today</span>
        </div>
      ) : null}
    </figure>
  );
}
