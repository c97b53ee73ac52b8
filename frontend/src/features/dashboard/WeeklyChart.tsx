import type { ActivityWeek } from './queries';

const SLOT = 24;
const BAR = 16;
const H = 100;
const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Applications per week (bars), drawn like the 30-day chart: plain SVG, no chart library. */
export function WeeklyChart({ weeks, loading }: { weeks: ActivityWeek[]; loading?: boolean }) {
  const max = Math.max(1, ...weeks.map((w) => w.total));
  const sum = weeks.reduce((n, w) => n + w.total, 0);
  const label = `Applications per week over the last ${weeks.length} weeks: ${weeks.map((w) => `week of ${shortDate(w.week)} ${w.total}`).join(', ')}`;
  return (
    <figure className="flex flex-col gap-2" data-testid="weekly-chart">
      <figcaption className="flex items-baseline justify-between gap-3 text-xs text-muted-foreground">
        <span>Last {weeks.length} weeks</span>
        <span>
          Total <span className="font-medium text-foreground tabular-nums">{sum}</span>
        </span>
      </figcaption>
      <div className="relative">
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${weeks.length * SLOT} ${H}`}
          preserveAspectRatio="none"
          className="h-28 w-full"
        >
          <line
            x1={0}
            x2={weeks.length * SLOT}
            y1={H - 0.5}
            y2={H - 0.5}
            stroke="currentColor"
            strokeOpacity={0.15}
            vectorEffect="non-scaling-stroke"
          />
          {weeks.map((w, i) => {
            const h = (w.total / max) * (H - 4);
            return (
              <g key={w.week}>
                <title>{`Week of ${shortDate(w.week)}: ${w.total} application${w.total === 1 ? '' : 's'}`}</title>
                <rect
                  x={i * SLOT + (SLOT - BAR) / 2}
                  y={0}
                  width={BAR}
                  height={H}
                  className="fill-muted"
                  opacity={0.5}
                  rx={2}
                />
                {h > 0 ? (
                  <rect
                    x={i * SLOT + (SLOT - BAR) / 2}
                    y={H - h}
                    width={BAR}
                    height={h}
                    className="fill-primary"
                    rx={2}
                  />
                ) : null}
              </g>
            );
          })}
        </svg>
        {!loading && sum === 0 ? (
          <p className="absolute inset-0 flex items-center justify-center text-xs text-muted-foreground">
            No applications in the last {weeks.length} weeks
          </p>
        ) : null}
      </div>
      <div className="flex justify-between text-[11px] text-muted-foreground tabular-nums" aria-hidden="true">
        <span>{weeks[0] ? shortDate(weeks[0].week) : ''}</span>
        <span>{weeks.at(-1) ? shortDate(weeks.at(-1)!.week) : ''}</span>
      </div>
    </figure>
  );
}
